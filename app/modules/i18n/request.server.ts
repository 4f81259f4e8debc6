import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageFromAcceptHeader, type Language } from "~/lib/i18n/languages";

/**
 * The language a request is answered in: the signed-in person's choice, else the cookie /language
 * set, else the browser's Accept-Language, else English. The node adapter runs each request in a
 * store holding it, so the messages a module raises leave in that language (messages.server.ts);
 * the person's choice replaces the browser's once the request has looked them up.
 */
type RequestLanguage = { lang: Language };
const store = new AsyncLocalStorage<RequestLanguage>();

function cookieLanguage(cookieHeader: string | null) {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  return match && isLanguage(match[1]) ? match[1] : null;
}

/** The request's language before anyone is looked up: its cookie, else Accept-Language, else English. */
export function browserLanguage(request: Request): Language {
  return cookieLanguage(request.headers.get("cookie")) ?? languageFromAcceptHeader(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
}

/** The request's language, the person's own choice first. */
export function languageFor(request: Request, person: { language: Language | null } | null): Language {
  return person?.language ?? browserLanguage(request);
}

export function runInRequestLanguage<T>(request: Request, handle: () => T): T {
  return store.run({ lang: browserLanguage(request) }, handle);
}

/** Called when the request's signed-in person is known and has chosen a language. */
export function noteRequestLanguage(lang: Language) {
  const current = store.getStore();
  if (current) current.lang = lang;
}

/** The language of the request being answered (English outside one, as in a background job). */
export function currentLanguage(): Language {
  return store.getStore()?.lang ?? DEFAULT_LANGUAGE;
}

/** The cookie that keeps a choice in this browser for a year. */
export function languageCookie(lang: Language, secure: boolean) {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
