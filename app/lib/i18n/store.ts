import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { namespaceOf, type TextId, type TextValues } from "./ids";
import type { Language } from "./languages";

/**
 * The texts this process holds, by language and namespace, formatted by Lingui (ICU plurals and
 * selects, Intl numbers and dates). The server registers every catalogue at start; the browser
 * starts with what the page's HTML carried (TextsScript) and fetches a namespace the first time a
 * render asks for it, suspending that render until it has arrived.
 */
type Pending = Promise<void> & { failed?: unknown };

const instances = new Map<Language, I18n>();
const held = new Set<string>();
const pending = new Map<string, Pending>();
let fetchTexts: ((lang: Language, namespace: string) => Promise<Messages>) | null = null;

function i18nOf(lang: Language) {
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: {} } });
    instances.set(lang, i18n);
  }
  return i18n;
}

/** Adds a namespace's compiled messages (ids without the namespace) for one language. */
export function addTexts(lang: Language, namespace: string, messages: Messages) {
  const prefixed: Messages = {};
  for (const [key, message] of Object.entries(messages)) prefixed[`${namespace}.${key}`] = message;
  i18nOf(lang).load(lang, prefixed);
  held.add(`${lang}/${namespace}`);
}

export function holdsTexts(lang: Language, namespace: string) {
  return held.has(`${lang}/${namespace}`);
}

/** How the browser fetches a namespace it does not hold (set once by the browser's entry). */
export function fetchTextsWith(fetcher: typeof fetchTexts) {
  fetchTexts = fetcher;
}

/** Starts (once) fetching a namespace; resolves when it is held. */
export function loadTexts(lang: Language, namespace: string): Pending {
  const key = `${lang}/${namespace}`;
  let loading = pending.get(key);
  if (!loading) {
    const fetcher = fetchTexts;
    if (!fetcher) throw new Error(`The texts of ${key} are not loaded`);
    loading = fetcher(lang, namespace).then(
      (messages) => addTexts(lang, namespace, messages),
      (error: unknown) => {
        // A failed fetch is tried again by the next render that asks.
        pending.delete(key);
        throw error;
      },
    ) as Pending;
    pending.set(key, loading);
  }
  return loading;
}

/**
 * One text in one language. In the browser, a namespace not held yet suspends the render that
 * asked (the promise is thrown for React to wait on), so a page never shows another language.
 */
export function translate(lang: Language, id: TextId, values?: TextValues): string {
  const namespace = namespaceOf(id);
  if (!holdsTexts(lang, namespace)) throw loadTexts(lang, namespace);
  return i18nOf(lang)._(id, values);
}

/** Intl formats in the language, through the same Lingui instance (cached formatters). */
export function formatsOf(lang: Language) {
  const i18n = i18nOf(lang);
  return {
    number: (value: number, options?: Intl.NumberFormatOptions) => i18n.number(value, options),
    date: (value: Date | string, options?: Intl.DateTimeFormatOptions) => i18n.date(new Date(value), options),
  };
}
