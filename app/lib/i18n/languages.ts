/** The languages the product is shown in; English keeps the spec's exact texts. */
export const LANGUAGES = ["en", "es", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language by its own name, as a list of languages shows them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español", ja: "日本語" };

/** The cookie /language sets for a visitor (and for a signed-in person's other tabs). */
export const LANGUAGE_COOKIE = "cv_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header, by weight, that the product speaks; null for none. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split("-")[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}
