// Every catalogue, imported statically so that the server build, Vite and plain Node (scripts,
// the e2e fixtures) all read them the same way. One line per language and namespace.

import en_common from "./en/common.json" with { type: "json" };
import en_auth from "./en/auth.json" with { type: "json" };
import en_info from "./en/info.json" with { type: "json" };
import en_tokens from "./en/tokens.json" with { type: "json" };
import en_mail from "./en/mail.json" with { type: "json" };
import en_chat from "./en/chat.json" with { type: "json" };
import en_media from "./en/media.json" with { type: "json" };
import en_create from "./en/create.json" with { type: "json" };
import en_dashboard from "./en/dashboard.json" with { type: "json" };
import en_admin from "./en/admin.json" with { type: "json" };
import en_catalogue from "./en/catalogue.json" with { type: "json" };
import en_toasts from "./en/toasts.json" with { type: "json" };
import en_personas from "./en/personas.json" with { type: "json" };
import en_cards from "./en/cards.json" with { type: "json" };
import en_threads from "./en/threads.json" with { type: "json" };
import en_transfer from "./en/transfer.json" with { type: "json" };
import es_common from "./es/common.json" with { type: "json" };
import es_auth from "./es/auth.json" with { type: "json" };
import es_info from "./es/info.json" with { type: "json" };
import es_tokens from "./es/tokens.json" with { type: "json" };
import es_mail from "./es/mail.json" with { type: "json" };
import es_chat from "./es/chat.json" with { type: "json" };
import es_media from "./es/media.json" with { type: "json" };
import es_create from "./es/create.json" with { type: "json" };
import es_dashboard from "./es/dashboard.json" with { type: "json" };
import es_admin from "./es/admin.json" with { type: "json" };
import es_catalogue from "./es/catalogue.json" with { type: "json" };
import es_toasts from "./es/toasts.json" with { type: "json" };
import es_personas from "./es/personas.json" with { type: "json" };
import es_cards from "./es/cards.json" with { type: "json" };
import es_threads from "./es/threads.json" with { type: "json" };
import es_transfer from "./es/transfer.json" with { type: "json" };
import ja_common from "./ja/common.json" with { type: "json" };
import ja_auth from "./ja/auth.json" with { type: "json" };
import ja_info from "./ja/info.json" with { type: "json" };
import ja_tokens from "./ja/tokens.json" with { type: "json" };
import ja_mail from "./ja/mail.json" with { type: "json" };
import ja_chat from "./ja/chat.json" with { type: "json" };
import ja_media from "./ja/media.json" with { type: "json" };
import ja_create from "./ja/create.json" with { type: "json" };
import ja_dashboard from "./ja/dashboard.json" with { type: "json" };
import ja_admin from "./ja/admin.json" with { type: "json" };
import ja_catalogue from "./ja/catalogue.json" with { type: "json" };
import ja_toasts from "./ja/toasts.json" with { type: "json" };
import ja_personas from "./ja/personas.json" with { type: "json" };
import ja_cards from "./ja/cards.json" with { type: "json" };
import ja_threads from "./ja/threads.json" with { type: "json" };
import ja_transfer from "./ja/transfer.json" with { type: "json" };

/** `<language>/<namespace>` → the catalogue as written. */
export const catalogueSources: Record<string, Record<string, string>> = {
  "en/common": en_common,
  "en/auth": en_auth,
  "en/info": en_info,
  "en/tokens": en_tokens,
  "en/mail": en_mail,
  "en/chat": en_chat,
  "en/media": en_media,
  "en/create": en_create,
  "en/dashboard": en_dashboard,
  "en/admin": en_admin,
  "en/catalogue": en_catalogue,
  "en/toasts": en_toasts,
  "en/personas": en_personas,
  "en/cards": en_cards,
  "en/threads": en_threads,
  "en/transfer": en_transfer,
  "es/common": es_common,
  "es/auth": es_auth,
  "es/info": es_info,
  "es/tokens": es_tokens,
  "es/mail": es_mail,
  "es/chat": es_chat,
  "es/media": es_media,
  "es/create": es_create,
  "es/dashboard": es_dashboard,
  "es/admin": es_admin,
  "es/catalogue": es_catalogue,
  "es/toasts": es_toasts,
  "es/personas": es_personas,
  "es/cards": es_cards,
  "es/threads": es_threads,
  "es/transfer": es_transfer,
  "ja/common": ja_common,
  "ja/auth": ja_auth,
  "ja/info": ja_info,
  "ja/tokens": ja_tokens,
  "ja/mail": ja_mail,
  "ja/chat": ja_chat,
  "ja/media": ja_media,
  "ja/create": ja_create,
  "ja/dashboard": ja_dashboard,
  "ja/admin": ja_admin,
  "ja/catalogue": ja_catalogue,
  "ja/toasts": ja_toasts,
  "ja/personas": ja_personas,
  "ja/cards": ja_cards,
  "ja/threads": ja_threads,
  "ja/transfer": ja_transfer,
};
