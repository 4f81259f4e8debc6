import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "~/modules/config/env.server";
import { AppError, InvalidInputError } from "~/modules/http/errors.server";
import type { StoredObject } from "./drivers.server";

/**
 * Thumbnail sizes from the spec: 300 wide with cover fit for cards (3:4, the card's shape),
 * 150 for small avatars (square), 1024 for large avatars and admin lists (never enlarged).
 */
export const THUMBNAIL_WIDTHS = [150, 300, 1024] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** The `w` of a thumbnail URL; InvalidInputError for any other width. */
export function parseThumbnailWidth(value: string | null): ThumbnailWidth {
  const width = Number(value);
  if (!(THUMBNAIL_WIDTHS as readonly number[]).includes(width)) throw new InvalidInputError("w must be 150, 300 or 1024");
  return width as ThumbnailWidth;
}

/** A stored file that cannot be made into a thumbnail: 415. */
export class NotAnImageError extends AppError {
  constructor(message: string) {
    super("not-an-image", 415, message);
  }
}

/** The thumbnail of a stored image; NotAnImageError when the object is not one, or cannot be read as one. */
export async function thumbnailOf(object: StoredObject, width: ThumbnailWidth) {
  if (!object.contentType.startsWith("image/")) throw new NotAnImageError("Not an image");
  try {
    return await cachedThumbnail(object.body, width);
  } catch {
    throw new NotAnImageError("The image could not be read");
  }
}

export async function renderThumbnail(source: Buffer, width: ThumbnailWidth): Promise<Buffer> {
  const image = sharp(source, { failOn: "error", limitInputPixels: 40_000_000 }).rotate();
  const resized =
    width === 300
      ? image.resize({ width: 300, height: 400, fit: "cover", position: "attention" })
      : width === 150
        ? image.resize({ width: 150, height: 150, fit: "cover" })
        : image.resize({ width: 1024, withoutEnlargement: true });
  return resized.webp({ quality: 80 }).toBuffer();
}

/**
 * Resized images are cached on this instance's disk: cheap to recompute, so nothing needs to
 * be shared between instances. The key covers the source bytes, so a replaced file misses.
 */
export async function cachedThumbnail(source: Buffer, width: ThumbnailWidth): Promise<Buffer> {
  const key = createHash("sha256").update(source).update(`:${width}`).digest("hex");
  const file = path.join(env().DATA_DIR, "cache", "thumbnails", key.slice(0, 2), `${key}.webp`);
  try {
    return await fs.readFile(file);
  } catch {
    const thumbnail = await renderThumbnail(source, width);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, thumbnail).catch(() => {});
    return thumbnail;
  }
}
