import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { thumbnailUrl } from "~/lib/catalogue";
import { IMAGE_MAX_PIXELS, imageTooLargeText } from "~/lib/limits";
import { UPLOAD_MAX_BYTES, UPLOADS_PAGE_SIZE, uploadTexts, type UploadMediaType, type UploadsPage, type UploadView } from "~/lib/uploads";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { recordAttempt } from "~/modules/security/rate-limit.server";
import { hasTooManyPixels, withoutMetadata } from "~/modules/storage/images.server";
import { folderUsage, putObject, randomFileName, removeObject, signedUrl } from "~/modules/storage/storage.server";

/** A file My Media does not take (its content, size, or the person's quota), with the reason: 400 unless said. */
export class UploadRejectedError extends AppError {
  constructor(message: string, status = 400) {
    super("upload-rejected", status, message);
  }
}

/** What the bytes may be, and the kind of media each is. */
const ACCEPTED: Record<string, UploadMediaType> = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/webp": "image",
  "image/gif": "image",
  "video/mp4": "video",
  "video/webm": "video",
  "video/quicktime": "video",
  "audio/mpeg": "audio",
  "audio/wav": "audio",
  "audio/x-wav": "audio",
  "audio/ogg": "audio",
  "audio/flac": "audio",
  "audio/x-flac": "audio",
  "audio/mp4": "audio",
  "audio/x-m4a": "audio",
};

/** Each upload is checked and stored: 60 an hour per person. */
const UPLOADS_PER_HOUR = { limit: 60, windowSeconds: 3600 };

/** The file name as the person gave it, safe to show and store (no folders, at most 120 characters). */
function cleanFilename(name: string) {
  const cleaned = name
    .replace(/[/\\\0]/g, "_")
    .trim()
    .slice(-120);
  return cleaned || "file";
}

/**
 * Adds a file to the person's My Media: an image, video or audio file by its content (whatever it is
 * called), within the size limit and the person's storage quota (CHAT_STORAGE_QUOTA_MB covers their
 * attachments and uploads together). Stored at uploads/{userId}/{random}.{ext} with its row.
 */
export async function addUpload(userId: string, file: File): Promise<UploadView> {
  if (file.size === 0) throw new UploadRejectedError(uploadTexts.notMedia);
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadRejectedError(uploadTexts.tooLarge, 413);
  if ((await recordAttempt(`media-upload:user:${userId}`, UPLOADS_PER_HOUR)).limited)
    throw new UploadRejectedError("Too many uploads. Please try again later.", 429);
  const sent = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(sent);
  const mediaType = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !mediaType) throw new UploadRejectedError(uploadTexts.notMedia);
  if (mediaType === "image" && (await hasTooManyPixels(sent))) throw new UploadRejectedError(imageTooLargeText, 413);
  // A photo is stored without its EXIF (GPS position included).
  const bytes =
    mediaType === "image" ? await withoutMetadata(sent, detected.mime).catch(() => Promise.reject(new UploadRejectedError(uploadTexts.notMedia))) : sent;
  await ensureRoomFor(userId, bytes.length);
  const size = mediaType === "image" ? await imageSize(bytes) : { width: null, height: null };
  const privatePath = await putObject("uploads", `${userId}/${randomFileName(`file.${detected.ext}`)}`, bytes, detected.mime);
  const row = await prisma().upload.create({
    data: {
      userId,
      filename: cleanFilename(file.name),
      mediaType,
      contentType: detected.mime,
      bucket: "uploads",
      privatePath,
      size: bytes.length,
      ...size,
      duration: 0,
    },
  });
  return uploadView(row);
}

async function imageSize(bytes: Buffer) {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
    return { width: width ?? null, height: height ?? null };
  } catch {
    throw new UploadRejectedError(uploadTexts.notMedia);
  }
}

/** Everything the person stores (uploads and chat attachments) plus this file must fit their quota. */
async function ensureRoomFor(userId: string, bytes: number) {
  const quotaMb = env().CHAT_STORAGE_QUOTA_MB;
  const [uploads, attachments] = await Promise.all([prisma().upload.aggregate({ where: { userId }, _sum: { size: true } }), folderUsage("chats", userId)]);
  const used = Number(uploads._sum.size ?? 0) + attachments.bytes;
  if (used + bytes > quotaMb * 1024 * 1024) throw new UploadRejectedError(uploadTexts.storageFull(quotaMb), 413);
}

export type UploadFilters = { q: string; type: UploadMediaType | null; page: number };

/** The person's uploads, newest first, 20 a page, by a case-insensitive part of the file name and the media type. */
export async function listUploads(userId: string, { q, type, page }: UploadFilters): Promise<UploadsPage> {
  const where = { userId, ...(q ? { filename: { contains: q, mode: "insensitive" as const } } : {}), ...(type ? { mediaType: type } : {}) };
  const [rows, total] = await Promise.all([
    prisma().upload.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * UPLOADS_PAGE_SIZE, take: UPLOADS_PAGE_SIZE }),
    prisma().upload.count({ where }),
  ]);
  return { uploads: rows.map(uploadView), page, pageCount: Math.max(1, Math.ceil(total / UPLOADS_PAGE_SIZE)), total };
}

/** One of the person's own uploads; anyone else's (or none) is NotFoundError. */
export async function ownUpload(userId: string, uploadId: string) {
  const upload = isUuid(uploadId) ? await prisma().upload.findFirst({ where: { id: uploadId, userId } }) : null;
  if (!upload) throw new NotFoundError();
  return upload;
}

/** Deletes one of the person's uploads: the stored file first, then the row (spec section 7). */
export async function deleteUpload(userId: string, uploadId: string) {
  const upload = await ownUpload(userId, uploadId);
  await removeObject("uploads", upload.privatePath);
  // Two deletes at once: one removes the row, the other finds it gone (404), never "failed".
  const { count } = await prisma().upload.deleteMany({ where: { id: upload.id, userId } });
  if (count === 0) throw new NotFoundError();
}

type UploadRow = Awaited<ReturnType<typeof ownUpload>>;

export function uploadView(row: UploadRow): UploadView {
  const url = signedUrl("uploads", row.privatePath);
  return {
    id: row.id,
    filename: row.filename,
    mediaType: row.mediaType as UploadMediaType,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    url,
    thumbUrl: row.mediaType === "image" ? (thumbnailUrl(url, 300) ?? url) : url,
  };
}
