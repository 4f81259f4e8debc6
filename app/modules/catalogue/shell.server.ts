import { prisma } from "~/modules/db/db.server";
import { cachedCatalogueRead } from "./cache.server";
import { DEFAULT_CATEGORIES } from "./categories.server";
import type { CategorySummary } from "~/lib/catalogue";

/** A picture the sign-in modal may show: one of the newest published characters. */
export type AuthModalPicture = { name: string; avatarUrl: string | null };

export type ShellCatalogue = { categories: CategorySummary[]; authPictures: AuthModalPicture[] };

const AUTH_MODAL_PICTURES = 5;

/**
 * What every page's shell shows from the catalogue: the header's categories and the sign-in
 * modal's pictures, read in one statement (every page pays for it, so one round trip and no
 * count of the catalogue) and kept like the other catalogue reads.
 */
export function readShellCatalogue(): Promise<ShellCatalogue> {
  return cachedCatalogueRead("shell", async () => {
    const [row] = await prisma().$queryRaw<{ categories: CategorySummary[] | null; pictures: AuthModalPicture[] | null }[]>`
      SELECT
        (SELECT json_agg(json_build_object('id', id, 'name', name, 'description', description) ORDER BY id)
         FROM character_category) AS categories,
        (SELECT json_agg(json_build_object('name', name, 'avatarUrl', avatar_url) ORDER BY created_at DESC, id)
         FROM (SELECT name, avatar_url, created_at, id FROM characters WHERE is_published
               ORDER BY created_at DESC, id LIMIT ${AUTH_MODAL_PICTURES}) newest) AS pictures`;
    return { categories: row?.categories?.length ? row.categories : DEFAULT_CATEGORIES, authPictures: row?.pictures ?? [] };
  });
}
