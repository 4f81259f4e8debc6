import { LARGEST_STORED_INTEGER } from "./limits";

/** Explore's state lives in the URL (?q=&category=&page=&character=) so it works without JavaScript. */
export type ExploreParams = { q: string; category: number | null; page: number; character: string | null };

/** A whole number in [min, max] written in the address, else `fallback`. */
function wholeNumber(value: string | null, min: number, max: number, fallback: number | null) {
  const number = Number(value?.trim() || NaN);
  return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
}

/**
 * The address's explore state; anything out of range or malformed reads as its default. (No zod
 * here: this module loads on every page, and zod would ship with it.)
 */
export function parseExploreParams(searchParams: URLSearchParams): ExploreParams {
  const character = searchParams.get("character")?.trim();
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, 100),
    category: wholeNumber(searchParams.get("category"), 1, LARGEST_STORED_INTEGER, null),
    page: wholeNumber(searchParams.get("page"), 1, 100_000, 1) ?? 1,
    character: character && character.length <= 64 ? character : null,
  };
}

/** Builds an explore-style URL; empty values are left out, page 1 is implied. */
export function exploreHref(base: string, params: Partial<ExploreParams>) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.category) search.set("category", String(params.category));
  if (params.page && params.page > 1) search.set("page", String(params.page));
  if (params.character) search.set("character", params.character);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}
