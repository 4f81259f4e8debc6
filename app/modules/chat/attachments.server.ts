import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, attachmentTexts, extensionOf, isAllowedAttachment, type AttachmentView } from "~/lib/attachments";
import { parseChatMessageDocument } from "~/lib/documents/chat-message";
import { imageTooLargeText } from "~/lib/limits";
import { unseenImageText } from "~/modules/ai/prompt.server";
import type { ChatPart } from "~/modules/ai/providers/types";
import { AppError, isAppError, isDatabaseUnreachable } from "~/modules/http/errors.server";
import { recordAttempt } from "~/modules/security/rate-limit.server";
import { cleanStoragePath, contentTypeForPath } from "~/modules/storage/paths";
import { checkDocx, documentText } from "./document-text.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { logger } from "~/modules/logging/logger.server";
import { env } from "~/modules/config/env.server";
import { hasTooManyPixels, withoutMetadata } from "~/modules/storage/images.server";
import { folderUsage, getObject, listObjects, putObject, removeObject, signedUrl } from "~/modules/storage/storage.server";

/** A file refused (its type, size or content, too many, or not the sender's upload), with the reason: 400 unless said. */
export class AttachmentRejected extends AppError {
  constructor(message: string, status = 400) {
    super("attachment-rejected", status, message);
  }
}

/** The files a plain form posted could not be stored (storage failed: a fault, not a refusal): 503 "Failed to process files". */
export class FilesNotProcessedError extends AppError {
  constructor(cause: unknown) {
    super("files-not-processed", 503, attachmentTexts.processFailed, { cause });
  }
}

/** A form larger than a message's files may be: 413. */
export class AttachmentsTooLargeError extends AttachmentRejected {
  constructor() {
    super(attachmentTexts.tooLarge, 413);
  }
}

/** What the bytes must be for each extension; text files have no signature and are checked as UTF-8. */
const EXPECTED_MIME: Record<string, string[]> = {
  png: ["image/png"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  gif: ["image/gif"],
  webp: ["image/webp"],
  pdf: ["application/pdf"],
  doc: ["application/x-cfb"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/zip"],
};

function isPlainText(bytes: Buffer) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file name safe as one path segment, keeping the extension people recognise. */
function safeName(name: string) {
  const cleaned = name
    .replace(/[/\\\0]/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(-120);
  return cleaned || `file.${extensionOf(name)}`;
}

/**
 * Stores a chat attachment at chats/{userId}/{uniqueId}/{filename} after checking its extension
 * (the spec's list, any case), its size, and that its content is what the extension says.
 */
export async function storeChatAttachment(userId: string, file: File): Promise<AttachmentView> {
  const extension = extensionOf(file.name);
  if (!isAllowedAttachment(file.name)) throw new AttachmentRejected(attachmentTexts.notSupported(extension || "?"));
  if (file.size === 0 || file.size > ATTACHMENT_MAX_BYTES) throw new AttachmentRejected(attachmentTexts.tooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const matches = extension === "txt" ? !detected && isPlainText(bytes) : Boolean(detected && EXPECTED_MIME[extension]?.includes(detected.mime));
  if (!matches) throw new AttachmentRejected(attachmentTexts.contentMismatch);
  if (extension === "docx") {
    // Any zip looks like a .docx to its signature: this one must hold a Word document of a readable size.
    const docx = await checkDocx(bytes);
    if (docx !== "word") throw new AttachmentRejected(docx === "too-large" ? attachmentTexts.docxTooLarge : attachmentTexts.contentMismatch);
  }
  const imageType = detected?.mime.startsWith("image/") ? detected.mime : null;
  if (imageType && (await hasTooManyPixels(bytes))) throw new AttachmentRejected(imageTooLargeText, 413);
  // A photo is stored without its EXIF (GPS position included).
  const stored = imageType
    ? await withoutMetadata(bytes, imageType).catch(() => Promise.reject(new AttachmentRejected(attachmentTexts.contentMismatch)))
    : bytes;
  await ensureRoomFor(userId, stored.length);
  const path = await putObject("chats", `${userId}/${randomUUID()}/${safeName(file.name)}`, stored, contentTypeForPath(file.name));
  return viewOf(path);
}

/**
 * Refuses a file that would take this person's stored attachments over their quota
 * (CHAT_STORAGE_QUOTA_MB). Two uploads at once may both fit a nearly full quota; it is a limit on
 * storage, not a ledger, and the overshoot is at most one request's file.
 */
async function ensureRoomFor(userId: string, bytes: number) {
  const quotaMb = env().CHAT_STORAGE_QUOTA_MB;
  const { bytes: used } = await folderUsage("chats", userId);
  if (used + bytes > quotaMb * 1024 * 1024) throw new AttachmentRejected(attachmentTexts.storageFull(quotaMb), 413);
}

/** How long an upload may wait for a message to use it before the sweep removes it. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes chat uploads no message uses once they are older than the grace period (a file
 * picked and never sent). Safe on every instance at once: storage is shared, a removal of a file
 * already gone is a no-op, and a file any message names is kept. Returns how many were removed.
 */
export async function removeUnusedUploads(now = new Date()) {
  const cutoff = now.getTime() - UNUSED_UPLOAD_GRACE_MS;
  const byOwner = new Map<string, string[]>();
  for (const entry of await listObjects("chats")) {
    const owner = entry.path.split("/")[0]!;
    if (entry.modifiedAt.getTime() > cutoff || !isUuid(owner)) continue;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), entry.path]);
  }
  let removed = 0;
  for (const [owner, paths] of byOwner) {
    const used = new Set((await pathsInMessages(owner, paths)).map((row) => row.path));
    for (const path of paths.filter((candidate) => !used.has(candidate))) {
      await removeObject("chats", path);
      removed += 1;
    }
  }
  return removed;
}

/** Which of `paths` a message of this person names among its files. */
function pathsInMessages(userId: string, paths: string[]) {
  return prisma().$queryRaw<{ path: string }[]>`
    SELECT DISTINCT file ->> 'path' AS path
    FROM chat_messages m,
         jsonb_array_elements(CASE WHEN jsonb_typeof(m.document -> 'uploadedFiles') = 'array' THEN m.document -> 'uploadedFiles' ELSE '[]'::jsonb END) AS file
    WHERE m.user_id = ${userId}::uuid AND file ->> 'path' = ANY(${paths}::text[])`;
}

/** Each upload is stored and checked: 60 an hour per person is plenty for chatting. */
const UPLOADS = { limit: 60, windowSeconds: 3600 };

/** Counts one upload against this person's hourly limit; false when the limit is reached. */
export async function uploadAllowed(userId: string) {
  return !(await recordAttempt(`chat-upload:user:${userId}`, UPLOADS)).limited;
}

/** A form's `file` field as a plain form (no JavaScript) posts a message's files: the picker's non-empty files. */
export const messageFiles = z
  .array(z.unknown())
  .default([])
  .transform((values) => values.filter((value): value is File => value instanceof File && value.size > 0 && value.name !== ""));

/** Stores the files a plain form posted, each checked and counted like an upload from the picker. */
export async function storeFormFiles(userId: string, files: File[]) {
  const paths: string[] = [];
  for (const file of files) {
    if (!(await uploadAllowed(userId))) throw new AttachmentRejected(attachmentTexts.tooManyUploads);
    paths.push((await storeChatAttachment(userId, file).catch(notProcessed)).path);
  }
  return paths;
}

function notProcessed(error: unknown): never {
  if (isAppError(error) || isDatabaseUnreachable(error)) throw error;
  logger.error({ err: error }, "could not store a file sent with a message");
  throw new FilesNotProcessedError(error);
}

function viewOf(path: string): AttachmentView {
  return { path, name: path.split("/").pop()!, contentType: contentTypeForPath(path), url: signedUrl("chats", path) };
}

/**
 * The attachments named in a send: at most ATTACHMENTS_PER_MESSAGE (with the files posted in the
 * form), none climbing out of its folder. Each must also be the sender's own upload:
 * `foreignAttachment` names the first that is not.
 */
export function attachmentPathsOf(values: string[], filesInForm = 0) {
  const paths = values.filter((value) => value !== "");
  if (paths.length + filesInForm > ATTACHMENTS_PER_MESSAGE) throw new AttachmentRejected(attachmentTexts.tooMany);
  // Each path in the one spelling storage uses, so that a message names its file exactly as any
  // other message naming the same file does.
  return paths.map((path) => {
    try {
      return cleanStoragePath(path);
    } catch {
      throw rejected(path);
    }
  });
}

/** The rejection for the first of `paths` that is not stored under this person's own folder, if any. */
export function foreignAttachment(userId: string, paths: string[]) {
  const foreign = paths.find((path) => !path.startsWith(`${userId}/`));
  return foreign === undefined ? null : rejected(foreign);
}

const rejected = (path: string) => new AttachmentRejected(attachmentTexts.uploadFailed(path.split("/").pop() ?? "file"));

const TEXT_LIMIT = 20_000;

/**
 * The message as the model receives it: images as image parts (data URLs, so a provider never
 * needs to reach this server) for a model that reads images, or named as unseen for one that does
 * not (it would refuse the whole message); text files, PDFs and .docx files as their text, others named.
 */
export async function promptContentWithAttachments(text: string, paths: string[], { readsImages }: { readsImages: boolean }): Promise<string | ChatPart[]> {
  if (paths.length === 0) return text;
  const parts: ChatPart[] = [{ type: "text", text: text || "Here are some files." }];
  for (const path of paths) {
    const name = path.split("/").pop()!;
    const type = contentTypeForPath(path);
    // Only the name of a picture the model cannot see is sent: its bytes are not read.
    if (type.startsWith("image/") && !readsImages) {
      parts.push({ type: "text", text: unseenImageText(name) });
      continue;
    }
    const stored = await getObject("chats", path);
    if (!stored) continue;
    if (type.startsWith("image/")) parts.push({ type: "image_url", image_url: { url: `data:${type};base64,${stored.body.toString("base64")}` } });
    else if (type.startsWith("text/")) parts.push({ type: "text", text: `Attached file ${name}:\n${stored.body.toString("utf8").slice(0, TEXT_LIMIT)}` });
    else {
      const extracted = await documentText(stored.body, extensionOf(name), TEXT_LIMIT);
      parts.push({ type: "text", text: extracted ? `Attached file ${name}:\n${extracted}` : `[Attached file: ${name}]` });
    }
  }
  return parts;
}

/** The stored paths of the attachments recorded on a message's document. */
export function attachmentPaths(document: unknown): string[] {
  return parseChatMessageDocument(document).uploadedFiles.map((file) => file.path);
}

/** Attachments recorded on a message, with fresh 7-day signed links. */
export function attachmentViews(document: unknown): AttachmentView[] {
  return attachmentPaths(document).map(viewOf);
}

/**
 * After one of this person's messages is deleted: removes its files from storage, so their signed
 * links stop working at once, except a file another of their messages still shows (a send may
 * name an upload again). A file that cannot be removed is logged; the message stays deleted.
 */
export async function removeUnusedAttachments(userId: string, document: unknown) {
  for (const path of attachmentPaths(document)) {
    if (!path.startsWith(`${userId}/`)) continue;
    try {
      const stillShown = await prisma().$queryRaw<unknown[]>`
        SELECT 1 FROM chat_messages
        WHERE user_id = ${userId}::uuid AND document -> 'uploadedFiles' @> ${JSON.stringify([{ path }])}::jsonb
        LIMIT 1`;
      if (stillShown.length === 0) await removeObject("chats", path);
    } catch (error) {
      logger.warn({ err: error, path }, "could not remove a deleted message's file");
    }
  }
}
