import { Prisma } from "~/generated/prisma/client";
import type { FavoriteFilter, FavoriteItemType, FavoriteView } from "~/lib/favorites";
import { escapeLike, isUuid } from "~/modules/db/sql.server";
import { visibleTo } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { NotFoundError } from "~/modules/http/errors.server";

/**
 * Spec: toggle_favorite and user_favorites_view. A person favorites a character they may see (a
 * published one, or one they created) or one of their own chat agents; anything else does not
 * exist for them (404). The list is a query, not a table: a favorite of a character that was
 * unpublished or deleted simply stops being listed.
 */

/** The name of the item a person may favorite, or NotFoundError. */
async function favoritableName(userId: string, itemType: FavoriteItemType, itemId: string) {
  if (!isUuid(itemId)) throw new NotFoundError();
  const item =
    itemType === "character"
      ? await prisma().character.findFirst({ where: { id: itemId, ...visibleTo(userId) }, select: { name: true } })
      : await prisma().chatAgent.findFirst({ where: { id: itemId, userId }, select: { name: true } });
  if (!item) throw new NotFoundError();
  return item.name;
}

/**
 * Adds the item to the person's favorites, or removes it when it is there already; or, given
 * `want`, makes it a favorite or not, as the heart clicked asked. Returns whether it is a favorite
 * now (the spec's is_favorite), whether this call changed that, and the item's name for the toast.
 * Two requests at once change it once: the unique key keeps one row, and a row goes once.
 */
export async function toggleFavorite(userId: string, itemType: FavoriteItemType, itemId: string, want?: boolean) {
  const name = await favoritableName(userId, itemType, itemId);
  if (want !== true) {
    const removed = await prisma().favorite.deleteMany({ where: { userId, itemType, itemId } });
    if (removed.count > 0 || want === false) return { isFavorite: false, changed: removed.count > 0, name };
  }
  const added = await prisma().favorite.createMany({ data: [{ userId, itemType, itemId }], skipDuplicates: true });
  return { isFavorite: true, changed: added.count > 0, name };
}

/** Whether the item is among the person's favorites. */
export async function isFavorite(userId: string, itemType: FavoriteItemType, itemId: string) {
  return (await prisma().favorite.count({ where: { userId, itemType, itemId } })) > 0;
}

/** The ids of the characters the person has favorited (the hearts shown filled). */
export async function favoriteCharacterIds(userId: string): Promise<string[]> {
  const rows = await prisma().favorite.findMany({ where: { userId, itemType: "character" }, select: { itemId: true } });
  return rows.map((row) => row.itemId);
}

type FavoriteRow = Omit<FavoriteView, "addedAt"> & { addedAt: Date };

/**
 * The person's favorites that still exist for them, newest first, narrowed by a search on the
 * name and description and by the item type. A character counts while it is published, or for
 * its creator; an agent while it is the person's.
 */
export async function listFavorites(userId: string, { search = "", filter = "all" }: { search?: string; filter?: FavoriteFilter } = {}) {
  const query = search.trim().slice(0, 100);
  const matches = query ? Prisma.sql`AND (item.name ILIKE ${`%${escapeLike(query)}%`} OR item.description ILIKE ${`%${escapeLike(query)}%`})` : Prisma.empty;
  const characters = Prisma.sql`
    SELECT f.id::text AS id, f.item_id::text AS "itemId", 'character' AS "itemType", c.name, c.description, c.avatar_url AS "avatarUrl",
           c.tags, c.id::text AS "characterId", f.added_date AS "addedAt"
    FROM favorites f JOIN characters c ON c.id = f.item_id
    WHERE f.user_id = ${userId}::uuid AND f.item_type = 'character' AND (c.is_published OR c.created_by_id = ${userId}::uuid)`;
  const agents = Prisma.sql`
    SELECT f.id::text AS id, f.item_id::text AS "itemId", 'agent' AS "itemType", a.name, a.description, a.avatar_url AS "avatarUrl",
           c.tags, c.id::text AS "characterId", f.added_date AS "addedAt"
    FROM favorites f JOIN chat_agents a ON a.id = f.item_id AND a.user_id = f.user_id JOIN characters c ON c.id = a.character_id
    WHERE f.user_id = ${userId}::uuid AND f.item_type = 'agent'`;
  const parts = filter === "character" ? [characters] : filter === "agent" ? [agents] : [characters, agents];
  const rows = await prisma().$queryRaw<FavoriteRow[]>`
    SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) item
    WHERE true ${matches}
    ORDER BY item."addedAt" DESC, item.id
    LIMIT 500`;
  return rows.map((row): FavoriteView => ({ ...row, addedAt: row.addedAt.toISOString() }));
}
