import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import type { MediaFileFacts } from "~/lib/media-jobs";
import type { MediaOutput } from "~/modules/ai/providers/types";
import { logger } from "~/modules/logging/logger.server";
import { putObject, removeObject } from "~/modules/storage/storage.server";

/**
 * A finished job's files are copied into the app's storage (provider links expire), checked by
 * their content. A picture's thumbnail is not made here but on its first request (`/thumb`, kept
 * once for every instance: decision 039), so a completion costs a few milliseconds; a video keeps
 * its poster, which exists nowhere else, as a 300 px WebP. Paths are fixed by the job's request id
 * and the file's index, so a job stored twice (a webhook and a poll at once) writes the same
 * objects, and only one completion records them.
 */

/** The largest file taken from a provider. */
export const MEDIA_MAX_BYTES = 200 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

export type StoredMedia = MediaFileFacts & {
  index: number;
  path: string;
  thumbnailPath: string | null;
};

async function bytesOf(output: MediaOutput): Promise<Buffer | null> {
  if ("data" in output) return output.data;
  const response = await fetch(output.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > MEDIA_MAX_BYTES) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  return bytes.length > MEDIA_MAX_BYTES ? null : bytes;
}

/** What the bytes are, by their content; null for anything that is not a picture, video or sound. */
async function kindOf(bytes: Buffer): Promise<{ mediaType: StoredMedia["mediaType"]; contentType: string; extension: string } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const [family] = detected.mime.split("/");
    if (family === "image" || family === "video" || family === "audio") return { mediaType: family, contentType: detected.mime, extension: detected.ext };
  }
  return null;
}

/**
 * Stores a job's outputs as `gallery/{userId}/{requestId}-{index}.{ext}` (+ a video's poster as
 * `-300.webp`); files that cannot be fetched or are not media are left out (the job then settles
 * for fewer).
 * Throws when nothing could be fetched at all, so the job is looked at again.
 */
export async function storeOutputs(userId: string, requestId: string, outputs: MediaOutput[]): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  let fetchFailures = 0;
  for (const [index, output] of outputs.entries()) {
    let bytes: Buffer | null;
    try {
      bytes = await bytesOf(output);
    } catch (error) {
      fetchFailures++;
      logger.warn({ err: error, requestId, index }, "could not fetch a media result");
      continue;
    }
    const kind = bytes && (await kindOf(bytes));
    if (!bytes || !kind) continue;
    const itemId = `${requestId}-${index}`;
    const path = await putObject("gallery", `${userId}/${itemId}.${kind.extension}`, bytes, kind.contentType);
    let { width = null, height = null } = output;
    let thumbnailPath: string | null = null;
    try {
      if (kind.mediaType === "image") {
        // The header only: nothing is decoded.
        const metadata = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
        width = metadata.width ?? width;
        height = metadata.pageHeight ?? metadata.height ?? height;
      } else if (kind.mediaType === "video" && output.poster) {
        thumbnailPath = await putObject("gallery", `${userId}/${itemId}-300.webp`, await posterThumbnail(output.poster), "image/webp");
      }
    } catch (error) {
      logger.warn({ err: error, requestId, index }, "could not read a media result's size or poster");
    }
    const mediaType = output.duration && kind.mediaType === "image" ? "video" : kind.mediaType;
    stored.push({ index, requestId: itemId, mediaType, contentType: kind.contentType, path, thumbnailPath, width, height, duration: output.duration ?? null });
  }
  if (stored.length === 0 && fetchFailures > 0) throw new Error("no media result could be fetched");
  return stored;
}

/**
 * A video's poster, 300 px wide in the video's own shape (not cropped like a picture's card
 * thumbnail): the player shows it in place of the first frame, so the two must match.
 */
function posterThumbnail(poster: Buffer) {
  return sharp(poster, { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS })
    .resize({ width: 300, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Removes files stored for a job that did not complete after all (cancelled meanwhile). */
export async function removeStoredMedia(items: StoredMedia[]) {
  for (const item of items) {
    for (const path of [item.path, item.thumbnailPath]) {
      if (path) await removeObject("gallery", path).catch((error: unknown) => logger.warn({ err: error, path }, "could not remove a media file"));
    }
  }
}
