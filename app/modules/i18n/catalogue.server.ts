import { createHash } from "node:crypto";
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { NAMESPACES } from "~/lib/i18n/ids";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { addTexts } from "~/lib/i18n/store";
import { catalogueSources } from "~/locales";

/**
 * Every catalogue of app/locales, compiled once at start (ICU text → Lingui's compiled form) and
 * registered for the server's renders, mails and messages. The browser gets a namespace compiled,
 * so it never carries the ICU parser.
 */

type Catalogue = { source: Record<string, string>; compiled: Messages };
const catalogues = new Map<string, Catalogue>();

for (const [file, source] of Object.entries(catalogueSources)) {
  const [lang, namespace] = file.split("/");
  const compiled: Messages = {};
  for (const [key, text] of Object.entries(source)) compiled[key] = compileMessage(text);
  catalogues.set(`${lang}/${namespace}`, { source, compiled });
  addTexts(lang as Language, namespace!, compiled);
}

/** Changes whenever any text does: the browser's cache key for a fetched namespace. */
export const TEXTS_VERSION = createHash("sha256")
  .update(JSON.stringify([...catalogues.entries()].map(([key, { source }]) => [key, source])))
  .digest("hex")
  .slice(0, 12);

export function isNamespace(value: string): value is (typeof NAMESPACES)[number] {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** A namespace's compiled messages in one language (empty for one that has no file). */
export function compiledTexts(lang: Language, namespace: string): Messages {
  return catalogues.get(`${lang}/${namespace}`)?.compiled ?? {};
}

/** A namespace's messages as written (ICU), for tests and the messages' reverse lookup. */
export function sourceTexts(lang: Language, namespace: string): Record<string, string> {
  return catalogues.get(`${lang}/${namespace}`)?.source ?? {};
}

/**
 * The script the page's HTML ends with: the namespaces this page rendered, compiled, in its
 * language. JSON in a script element, with `<` escaped so no text can close the element.
 */
export function textsScript(lang: Language, used: Iterable<string>, nonce: string) {
  const texts: Record<string, Messages> = {};
  for (const namespace of new Set(["common", ...used])) if (isNamespace(namespace) && namespace !== "mail") texts[namespace] = compiledTexts(lang, namespace);
  const json = JSON.stringify({ v: TEXTS_VERSION, lang, texts }).replace(/</g, "\\u003c");
  return `<script type="application/json" id="cv-texts" nonce="${nonce}">${json}</script>`;
}

export { LANGUAGES };
