import { prisma } from "~/modules/db/db.server";
import { cachedCatalogueRead } from "./cache.server";

import type { CategorySummary } from "~/lib/catalogue";

/** Spec fallback when categories cannot be loaded. */
export const DEFAULT_CATEGORIES: CategorySummary[] = [
  { id: 1, name: "Girls", description: "Female AI characters" },
  { id: 2, name: "Guys", description: "Male AI characters" },
  { id: 3, name: "Anime", description: "Anime-style characters" },
  { id: 4, name: "Pros", description: "Professional consultant characters" },
];

export function listCategories(): Promise<CategorySummary[]> {
  return cachedCatalogueRead("categories", async () => {
    const rows = await prisma().category.findMany({
      select: { id: true, name: true, description: true },
      orderBy: { id: "asc" },
    });
    return rows.length ? rows : DEFAULT_CATEGORIES;
  });
}
