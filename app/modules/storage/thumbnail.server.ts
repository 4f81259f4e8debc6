import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import { AppError, InvalidInputError } from "~/modules/http/errors.server";
import type { StoredObject } from "./drivers.server";
import type { BucketName } from "./paths";
import { thumbnailOnce, thumbnailPath } from "./thumbnail-cache.server";

/**
 * Thumbnail sizes from the spec: 300 wide with cover fit for cards (3:4, the card's shape),
 * 150 for small avatars (square), 1024 for large avatars and admin lists (never enlarged); and
 * 600, the card's shape for screens with two or more pixels to a point (a card's `srcset`).
 */
export const THUMBNAIL_WIDTHS = [150, 300, 600, 1024] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** The `w` of a thumbnail URL; InvalidInputError for any other width. */
export function parseThumbnailWidth(value: string | null): ThumbnailWidth {
  const width = Number(value);
  if (!(THUMBNAIL_WIDTHS as readonly number[]).includes(width)) throw new InvalidInputError("w must be 150, 300, 600 or 1024");
  return width as ThumbnailWidth;
}

/** A stored file that cannot be made into a thumbnail: 415. */
export class NotAnImageError extends AppError {
  constructor(message: string) {
    super("not-an-image", 415, message);
  }
}

export type ThumbnailSource = { bucket: BucketName; objectPath: string; object: StoredObject };

/**
 * The thumbnail of a stored image, rendered once however many ask for it first, on any instance,
 * and kept (thumbnail-cache.server.ts). NotAnImageError when the object is not one, or cannot be
 * read as one.
 */
export async function thumbnailOf({ bucket, objectPath, object }: ThumbnailSource, width: ThumbnailWidth) {
  if (!object.contentType.startsWith("image/")) throw new NotAnImageError("Not an image");
  return thumbnailOnce(thumbnailPath(bucket, objectPath, object.body, width), () =>
    renderThumbnail(object.body, width).catch(() => Promise.reject(new NotAnImageError("The image could not be read"))),
  );
}

export async function renderThumbnail(source: Buffer, width: ThumbnailWidth): Promise<Buffer> {
  const image = sharp(source, { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
  const resized =
    width === 300 || width === 600
      ? image.resize({ width, height: (width / 3) * 4, fit: "cover", position: "attention" })
      : width === 150
        ? image.resize({ width: 150, height: 150, fit: "cover" })
        : image.resize({ width: 1024, withoutEnlargement: true });
  return resized.webp({ quality: 80 }).toBuffer();
}
