import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS, imageTooLargeText } from "~/lib/limits";
import { AppError } from "~/modules/http/errors.server";
import type { BucketName } from "./paths";
import { putObject, publicUrl, randomFileName } from "./storage.server";

/** The largest picture a person may upload (avatars, character pictures, banners). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);

/** An upload refused as a picture (empty, too large, or not an image whatever it is called): 400 unless said, with the reason. */
export class ImageRejectedError extends AppError {
  constructor(message: string, status = 400) {
    super("image-rejected", status, message);
  }
}

/**
 * Whether a picture declares more than IMAGE_MAX_PIXELS in one frame, read from its header
 * without decoding it (a decompression bomb is refused before any work). False for bytes that
 * are no picture sharp can read: the caller's own check refuses those.
 */
export async function hasTooManyPixels(bytes: Buffer): Promise<boolean> {
  try {
    const { width, height, pageHeight } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return (width ?? 0) * (pageHeight ?? height ?? 0) > IMAGE_MAX_PIXELS;
  } catch {
    return false;
  }
}

export type ImageTarget = {
  /** A public bucket: the answer is the picture's public URL. */
  bucket: BucketName;
  /** The folder inside the bucket, e.g. the owner's id. */
  folder: string;
  width: number;
  height: number;
  /** The reason given for a file that is not an image, in the words of what it was meant to be. */
  notAnImage?: string;
};

/**
 * Stores an uploaded picture as `{bucket}/{folder}/{random}.webp` and answers its URL. What counts
 * is the content: the bytes must be an image whatever the file is called or claims to be. It is
 * re-encoded and cropped to width × height, which also drops metadata such as GPS tags.
 */
export async function storeImage(file: File, { bucket, folder, width, height, notAnImage = "Only images can be used" }: ImageTarget) {
  if (file.size === 0 || file.size > IMAGE_MAX_BYTES) throw new ImageRejectedError(`Choose an image up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new ImageRejectedError(notAnImage);
  if (await hasTooManyPixels(bytes)) throw new ImageRejectedError(imageTooLargeText, 413);
  let image: Buffer;
  try {
    image = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().resize(width, height, { fit: "cover" }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw new ImageRejectedError(notAnImage);
  }
  const path = await putObject(bucket, `${folder}/${randomFileName("image.webp")}`, image, "image/webp");
  return publicUrl(bucket, path);
}

/** A person's or an agent's picture: 512 × 512 at avatars/{userId}/{random}.webp. */
export function storeAvatarImage(userId: string, file: File) {
  return storeImage(file, { bucket: "avatars", folder: userId, width: 512, height: 512, notAnImage: "Only images can be used as an avatar" });
}

const REENCODED = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" } as const;

/**
 * A picture's bytes without what a camera or phone wrote beside the pixels (EXIF with its GPS
 * position, XMP, comments): turned upright as its EXIF said, then re-encoded in its own format.
 * A GIF carries no EXIF and keeps its frames as they are; other files are returned unchanged.
 * The caller has refused a picture with too many pixels (`hasTooManyPixels`) beforehand.
 */
export async function withoutMetadata(bytes: Buffer, mime: string): Promise<Buffer> {
  const format = REENCODED[mime as keyof typeof REENCODED];
  if (!format) return bytes;
  const animated = format === "webp" && ((await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata()).pages ?? 1) > 1;
  const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, animated });
  const upright = animated ? image : image.rotate();
  if (format === "jpeg") return upright.jpeg({ quality: 92 }).toBuffer();
  if (format === "png") return upright.png().toBuffer();
  return upright.webp({ quality: 92 }).toBuffer();
}
