import type { Prisma } from "~/generated/prisma/client";
import { thumbnailUrl } from "~/lib/catalogue";
import { GALLERY_PAGE_SIZE, mediaKindOf, type GalleryFilter, type GalleryItemView, type GalleryPage, type MediaKind } from "~/lib/gallery";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { removeObject, signedUrl } from "~/modules/storage/storage.server";

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

/** Makes one of the person's items public or private (owner only). */
export async function setGalleryImagePublic(userId: string, imageId: string, isPublic: boolean) {
  await ownGalleryImage(userId, imageId);
  await prisma().galleryImage.update({ where: { id: imageId }, data: { isPublic } });
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
