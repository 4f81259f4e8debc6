import { createContext, Fragment, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { namespaceOf, type TextId, type TextValues } from "./ids";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { formatsOf, holdsTexts, loadTexts, translate } from "./store";

type TextsContextValue = { lang: Language; used: Set<string> };

const TextsContext = createContext<TextsContextValue>({ lang: DEFAULT_LANGUAGE, used: new Set() });
/** Set by the server's entry around a page's render: the namespaces it used, for the page's HTML. */
export const TextsUsage = createContext<Set<string> | null>(null);
const browserUsage = new Set<string>();

/** Gives the page its language; on the server it also notes which namespaces the page rendered. */
export function TextsProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const used = useContext(TextsUsage) ?? browserUsage;
  const value = useMemo(() => ({ lang, used }), [lang, used]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

export type Translate = (id: TextId, values?: TextValues) => string;

/** The page's `t`: one text by id, in the page's language (`t("chat.send")`, `t("tokens.count", { count })`). */
export function useT(): Translate {
  const { lang, used } = useContext(TextsContext);
  return useMemo(
    () => (id: TextId, values?: TextValues) => {
      used.add(namespaceOf(id));
      return translate(lang, id, values);
    },
    [lang, used],
  );
}

/**
 * Whether a namespace's texts are here, for a part that may show up after the page has loaded (a
 * toast) and must not suspend the page: false while it is fetched, then the part renders.
 */
export function useTextsReady(namespace: string): boolean {
  const lang = useLang();
  const [, setLoaded] = useState(0);
  const ready = holdsTexts(lang, namespace);
  useEffect(() => {
    if (!ready)
      loadTexts(lang, namespace).then(
        () => setLoaded((count) => count + 1),
        () => {},
      );
  }, [lang, namespace, ready]);
  return ready;
}

export function useLang(): Language {
  return useContext(TextsContext).lang;
}

/** Numbers and dates in the page's language. */
export function useFormats() {
  const lang = useLang();
  return useMemo(() => formatsOf(lang), [lang]);
}

/**
 * A text with parts wrapped in elements: the message marks them as `<link>terms</link>`, and
 * `tags.link` renders the part. Tags do not nest.
 */
export function Rich({ id, values, tags }: { id: TextId; values?: TextValues; tags: Record<string, (text: string) => ReactNode> }) {
  const t = useT();
  // split() with two groups gives: text, (whole tag, tag name, text)…
  const parts = t(id, values).split(/(<(\w+)>.*?<\/\2>)/s);
  const out: ReactNode[] = parts[0] ? [parts[0]] : [];
  for (let index = 1; index < parts.length; index += 3) {
    const [whole = "", name = "", after = ""] = parts.slice(index, index + 3);
    const render = tags[name];
    const inner = whole.slice(name.length + 2, whole.length - name.length - 3);
    out.push(<Fragment key={index}>{render ? render(inner) : inner}</Fragment>);
    if (after) out.push(after);
  }
  return <>{out}</>;
}
