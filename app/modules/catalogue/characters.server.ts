import { Prisma } from "~/generated/prisma/client";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { prisma } from "~/modules/db/db.server";
import { escapeLike, isUuid } from "~/modules/db/sql.server";
import { cachedCatalogueRead } from "./cache.server";
import type { CharacterCardData, CharacterDetailData } from "~/lib/catalogue";

export const EXPLORE_PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = 100;

export type CharacterSearch = { query?: string; categoryId?: number | null; page?: number; pageSize?: number };
export type CharacterSearchResult = { characters: CharacterCardData[]; totalCount: number; page: number; pageCount: number };

/** searchCharacters through the per-instance catalogue cache: what pages use. */
export function searchCatalogue(search: CharacterSearch): Promise<CharacterSearchResult> {
  const key = JSON.stringify(["search", (search.query ?? "").trim().toLowerCase(), search.categoryId ?? null, search.page ?? 1, search.pageSize ?? null]);
  return cachedCatalogueRead(key, () => searchCharacters(search));
}

/**
 * The spec's search_characters: published characters whose name, description or tags contain
 * the query (case-insensitive), optionally in one category, 50 a page, with the total count.
 * A trigram index on search_text serves the contains-match; the page and the count are two
 * index-backed queries (a window count would sort every match, all 10,000 with no query).
 */
export async function searchCharacters(search: CharacterSearch): Promise<CharacterSearchResult> {
  const pageSize = search.pageSize ?? EXPLORE_PAGE_SIZE;
  const page = Math.max(1, Math.floor(search.page ?? 1));
  const query = (search.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const categoryFilter = search.categoryId ? Prisma.sql`AND c.category_id = ${search.categoryId}` : Prisma.empty;
  // search_text is kept lower-cased by a database trigger; lower() here uses the same rules.
  const queryFilter = query ? Prisma.sql`AND c.search_text LIKE lower(${`%${escapeLike(query)}%`})` : Prisma.empty;

  const [rows, [count]] = await Promise.all([
    prisma().$queryRaw<CardRow[]>`
      SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags
      FROM characters c
      WHERE c.is_published ${categoryFilter} ${queryFilter}
      ORDER BY c.created_at DESC, c.id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    prisma().$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM characters c WHERE c.is_published ${categoryFilter} ${queryFilter}`,
  ]);
  const totalCount = Number(count?.count ?? 0);
  return {
    characters: rows.map(toCard),
    totalCount,
    page,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

export async function getPublishedCharacter(id: string): Promise<CharacterDetailData | null> {
  if (!isUuid(id)) return null;
  const character = await prisma().character.findFirst({
    where: { id, isPublished: true },
    include: { category: { select: { name: true } } },
  });
  if (!character) return null;
  return {
    ...toCard({
      id: character.id,
      name: character.name,
      description: character.description,
      avatar_url: character.avatarUrl,
      category_id: character.categoryId,
      tags: character.tags,
    }),
    tags: character.tags,
    categoryName: character.category?.name ?? null,
    welcomeMessage: character.welcomeMessage,
    details: parseCharacterDetails(character.details).texts,
  };
}

type CardRow = { id: string; name: string; description: string; avatar_url: string | null; category_id: number | null; tags: string[] };

function toCard(row: CardRow): CharacterCardData {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatarUrl: row.avatar_url,
    categoryId: row.category_id,
    // Cards show two tags; the detail overlay loads the rest.
    tags: row.tags.slice(0, 2),
  };
}
