import type { GalleryItemView, MediaKind } from "~/lib/gallery";
import { prisma } from "~/modules/db/db.server";
import { galleryItemView } from "./gallery.server";

/** How many of the person's items the Collection shows at most (newest first). */
const COLLECTION_MAX = 200;

export type CollectionGroup = { key: string; title: string; characterId: string | null; items: GalleryItemView[] };

/**
 * The person's generated media (spec section 2, /collection), newest first, grouped: pictures a
 * character sent in a chat under that character, and what they made on the Generate page under
 * it. Optionally only one kind (image, video or audio).
 */
export async function listCollection(userId: string, kind: MediaKind | null): Promise<CollectionGroup[]> {
  const rows = await prisma().galleryImage.findMany({
    where: { userId, ...(kind ? { mediaType: kind } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: COLLECTION_MAX,
  });
  const characterIds = [...new Set(rows.map((row) => row.characterId).filter((id): id is string => Boolean(id)))];
  const characters = new Map(
    (await prisma().character.findMany({ where: { id: { in: characterIds } }, select: { id: true, name: true } })).map((character) => [
      character.id,
      character.name,
    ]),
  );
  const groups = new Map<string, CollectionGroup>();
  for (const row of rows) {
    const characterId = row.characterId && characters.has(row.characterId) ? row.characterId : null;
    const key = characterId ?? "generate";
    const group = groups.get(key) ?? { key, title: characterId ? characters.get(characterId)! : "Generate page", characterId, items: [] };
    group.items.push(galleryItemView(row, userId));
    groups.set(key, group);
  }
  return [...groups.values()];
}
