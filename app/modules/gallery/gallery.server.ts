import { randomBytes } from "node:crypto";
import { extname } from "node:path";
import type { Prisma } from "~/generated/prisma/client";
import { thumbnailUrl } from "~/lib/catalogue";
import { GALLERY_PAGE_SIZE, mediaKindOf, type GalleryFilter, type GalleryItemView, type GalleryPage, type MediaKind } from "~/lib/gallery";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { removeScheduledFiles, scheduleFileRemovals } from "~/modules/storage/removals.server";
import { copyObject, removeObject, signedUrl } from "~/modules/storage/storage.server";

/** Spec section 6: which gallery items a filter shows to this viewer (signed out: public ones only). */
function scopeOf(viewerId: string | null, filter: GalleryFilter): Prisma.GalleryImageWhereInput {
  if (filter === "public" || !viewerId) return { isPublic: true };
  if (filter === "mine") return { userId: viewerId };
  return { OR: [{ userId: viewerId }, { isPublic: true }] };
}

/**
 * One page of the gallery, newest first, 10 a page (spec sections 7 and 9). `through`: every
 * item of pages 1 to `page` at once, for a page drawn without JavaScript after Load More.
 */
export async function listGallery(viewerId: string | null, filter: GalleryFilter, page: number, { through = false } = {}): Promise<GalleryPage> {
  const skip = through ? 0 : (page - 1) * GALLERY_PAGE_SIZE;
  const take = through ? page * GALLERY_PAGE_SIZE : GALLERY_PAGE_SIZE;
  const rows = await prisma().galleryImage.findMany({
    where: scopeOf(viewerId, filter),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take: take + 1,
  });
  return { items: rows.slice(0, take).map((row) => galleryItemView(row, viewerId)), hasMore: rows.length > take, page };
}

type GalleryRow = {
  id: string;
  userId: string;
  prompt: string;
  url: string;
  storagePath: string | null;
  thumbnailPath: string | null;
  mediaType: string;
  width: number | null;
  height: number | null;
  isPublic: boolean;
  createdAt: Date;
};

/** What the browser is shown of an item: links signed for 7 days, the 300 px thumbnail for pictures, a video's poster. */
export function galleryItemView(row: GalleryRow, viewerId: string | null): GalleryItemView {
  const stored = row.storagePath ?? galleryStoragePath(row.url);
  const url = stored ? signedUrl("gallery", stored) : row.url;
  const kind: MediaKind = row.mediaType === "video" || row.mediaType === "audio" ? row.mediaType : mediaKindOf(row.url);
  const thumbnail = row.thumbnailPath ? signedUrl("gallery", row.thumbnailPath) : null;
  const thumbUrl = thumbnail ?? (kind === "image" ? (thumbnailUrl(url, 300) ?? url) : url);
  return {
    id: row.id,
    prompt: row.prompt,
    kind,
    url,
    thumbUrl,
    posterUrl: kind === "video" ? thumbnail : null,
    width: row.width,
    height: row.height,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    mine: row.userId === viewerId,
  };
}

/**
 * Where an item's file is in the gallery bucket: its url is either that path or an app link to it
 * (`/storage/gallery/...`). A link elsewhere is not the app's file to remove: null.
 */
export function galleryStoragePath(url: string) {
  if (url.startsWith("/storage/gallery/")) return url.slice("/storage/gallery/".length).split("?")[0]!.split("/").map(decodeURIComponent).join("/");
  if (url.startsWith("/") || /^[a-z]+:/i.test(url)) return null;
  return url;
}

/** One of the person's own items; someone else's, or none, is NotFoundError (404: it does not exist for them). */
export async function ownGalleryImage(userId: string, imageId: string) {
  const image = isUuid(imageId) ? await prisma().galleryImage.findFirst({ where: { id: imageId, userId } }) : null;
  if (!image) throw new NotFoundError();
  return image;
}

/**
 * Makes one of the person's items public or private (owner only). Made private, it moves to new
 * file names, so every link given out before (signed for the old names, valid 7 days) stops working
 * at once: `revokeLinks`.
 */
export async function setGalleryImagePublic(userId: string, imageId: string, isPublic: boolean) {
  const image = await ownGalleryImage(userId, imageId);
  if (isPublic || !image.isPublic) {
    await prisma().galleryImage.update({ where: { id: imageId }, data: { isPublic } });
    return;
  }
  await revokeLinks(image);
}

type StoredItem = Awaited<ReturnType<typeof ownGalleryImage>>;

/**
 * Copies a public item's file (and thumbnail) to new random names, then in one transaction makes it
 * private, points its row and its chat replies at the copies and records the old files for removal;
 * the old files go once that commits (decision 035). A link elsewhere (not the app's file) cannot be
 * taken back: the item only turns private.
 */
async function revokeLinks(image: StoredItem) {
  const main = image.storagePath ?? galleryStoragePath(image.url);
  if (!main) {
    await prisma().galleryImage.update({ where: { id: image.id }, data: { isPublic: false } });
    return;
  }
  const suffix = randomBytes(8).toString("hex");
  const extension = extname(main);
  const moved = {
    main: `${image.userId}/${image.requestId}-${suffix}${extension}`,
    thumbnail: image.thumbnailPath ? `${image.userId}/${image.requestId}-${suffix}-300.webp` : null,
  };
  const copied = [(await copyObject("gallery", main, moved.main)) ? moved.main : null];
  if (image.thumbnailPath && moved.thumbnail) copied.push((await copyObject("gallery", image.thumbnailPath, moved.thumbnail)) ? moved.thumbnail : null);
  const removals = await prisma().$transaction(async (tx) => {
    const updated = await tx.galleryImage.updateMany({
      where: { id: image.id, isPublic: true },
      data: { isPublic: false, url: moved.main, storagePath: moved.main, thumbnailPath: moved.thumbnail },
    });
    // Made private meanwhile by another request: its links are already revoked.
    if (updated.count === 0) return null;
    await tx.$executeRaw`
      UPDATE chat_messages SET media = (
        SELECT jsonb_agg(CASE WHEN entry ->> 'galleryImageId' = ${image.id}
                              THEN entry || jsonb_build_object('path', ${moved.main}::text, 'thumbnailPath', ${moved.thumbnail}::text)
                              ELSE entry END ORDER BY position)
        FROM jsonb_array_elements(media) WITH ORDINALITY AS items(entry, position))
      WHERE user_id = ${image.userId}::uuid AND jsonb_typeof(media) = 'array' AND media @> ${JSON.stringify([{ galleryImageId: image.id }])}::jsonb`;
    const old = [main, image.thumbnailPath].filter((stored): stored is string => Boolean(stored));
    return scheduleFileRemovals(
      tx,
      old.map((stored) => ({ bucket: "gallery", path: stored })),
    );
  });
  if (removals) return removeScheduledFiles(removals);
  for (const copy of copied) if (copy) await removeObject("gallery", copy);
}

/** Deletes one of the person's items: the stored file and its thumbnail first, then the row (spec section 7). */
export async function deleteGalleryImage(userId: string, imageId: string) {
  const image = await ownGalleryImage(userId, imageId);
  const stored = new Set([image.storagePath ?? galleryStoragePath(image.url), image.thumbnailPath].filter((path): path is string => Boolean(path)));
  for (const path of stored) await removeObject("gallery", path);
  // Two deletes at once: one removes the row, the other finds it gone (404), never "failed".
  const { count } = await prisma().galleryImage.deleteMany({ where: { id: image.id, userId } });
  if (count === 0) throw new NotFoundError();
}
