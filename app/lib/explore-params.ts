import { z } from "zod";
import { LARGEST_STORED_INTEGER } from "./query-params";

/** Explore's state lives in the URL (?q=&category=&page=&character=) so it works without JavaScript. */
const exploreParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((query) => query.slice(0, 100))
    .catch(""),
  category: z.coerce.number().int().positive().max(LARGEST_STORED_INTEGER).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  character: z.string().trim().max(64).nullable().catch(null),
});

export type ExploreParams = z.infer<typeof exploreParamsSchema>;

export function parseExploreParams(searchParams: URLSearchParams): ExploreParams {
  return exploreParamsSchema.parse({
    q: searchParams.get("q") ?? "",
    category: searchParams.get("category") || null,
    page: searchParams.get("page") ?? 1,
    character: searchParams.get("character") || null,
  });
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
