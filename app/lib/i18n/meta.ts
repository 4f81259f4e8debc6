import type { TextId, TextValues } from "./ids";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";
import { translate } from "./store";

type Match = { id: string; data?: unknown } | undefined;

/** The page's language as the root loader gave it, for a route's `meta`. */
export function metaLanguage(matches: readonly Match[]): Language {
  const root = matches.find((match) => match?.id === "root")?.data as { lang?: unknown } | undefined;
  return isLanguage(root?.lang) ? root.lang : DEFAULT_LANGUAGE;
}

/**
 * A route's title and description in the page's language: `meta: ({ matches }) => pageMeta(matches,
 * "chat.meta.title")`. The title's text is the whole title ("Chat · CharacterVerse").
 */
export function pageMeta(matches: readonly Match[], title: TextId, description?: TextId, values?: TextValues) {
  const lang = metaLanguage(matches);
  const tags: ({ title: string } | { name: string; content: string })[] = [{ title: translate(lang, title, values) }];
  if (description) tags.push({ name: "description", content: translate(lang, description, values) });
  return tags;
}
