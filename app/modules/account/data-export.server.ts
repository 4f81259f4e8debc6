import { Readable } from "node:stream";
import JSZip from "jszip";
import { accountTexts } from "~/lib/account";
import { parseChatMessageDocument } from "~/lib/documents/chat-message";
import type { GalleryImage } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { galleryStoragePath } from "~/modules/gallery/gallery.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import type { BucketName } from "~/modules/storage/paths";
import { getObject, listObjects } from "~/modules/storage/storage.server";
import { agents, favorites, profile, tickets, tokensAndPayments } from "./data-export-records.server";

/**
 * Settings' "Download my data": one zip of what the person made and what the app keeps about them
 * (decision 035). JSON files for the records, the stored files beside them. The zip is streamed as
 * it is written: each record set is read, and each file fetched from storage, only when the zip
 * reaches it, so memory holds one file at a time however large the account.
 */

/** Each download reads every record and file of the account: 5 an hour per person. */
export const DATA_DOWNLOADS: RateLimitRule = { limit: 5, windowSeconds: 3600 };

export type DataExport = { filename: string; body: ReadableStream<Uint8Array> };

const README = `Your CharacterVerse data

profile.json                 your account: e-mail, name, when you joined, how you sign in
tokens-and-payments.json     your token balance and every token transaction, your payments and subscription
characters.json, characters/ the characters you made, and their pictures
agents.json                  your own copies of characters (the agent settings you chose)
chats/                       each chat with all its messages; chats/files/ holds what you attached
media.json, media/           the pictures, videos and sounds you generated
uploads.json, uploads/       your uploads (My Media)
favorites.json               the characters you marked as favorites
tickets.json                 your support tickets and their replies
avatar.*                     your profile picture, if you uploaded one
`;

/** The record sets written as JSON files, in the zip's order, each read when the zip reaches it. */
const RECORD_FILES: Record<string, (userId: string) => Promise<unknown>> = {
  "profile.json": profile,
  "tokens-and-payments.json": tokensAndPayments,
  "favorites.json": favorites,
  "tickets.json": tickets,
  "agents.json": agents,
};

/** The person's data as a zip; RateLimitedError past DATA_DOWNLOADS. */
export async function exportAccountData(userId: string, now = new Date()): Promise<DataExport> {
  const counted = await recordAttempt(`data-download:user:${userId}`, DATA_DOWNLOADS);
  if (counted.limited) throw new RateLimitedError(accountTexts.tooManyDownloads, counted.retryAfterSeconds, "too-many-downloads");
  const zip = new JSZip();
  zip.file("README.txt", README);
  for (const [name, read] of Object.entries(RECORD_FILES)) {
    const records = later(() => read(userId));
    zip.file(name, records);
  }
  await addCharacters(zip, userId);
  const gallery = await prisma().galleryImage.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const mediaNames = mediaFileNames(gallery);
  await addChats(zip, userId, mediaNames);
  addMedia(zip, gallery, mediaNames);
  await addUploads(zip, userId);
  const avatar = await prisma().user.findUniqueOrThrow({ where: { id: userId }, select: { avatarUrl: true } });
  const avatarPath = ownStoredPicture(avatar.avatarUrl, userId);
  if (avatarPath) addStoredFile(zip, `avatar${extensionOf(avatarPath)}`, "avatars", avatarPath);
  const stream = zip.generateInternalStream({ type: "uint8array", streamFiles: true, compression: "DEFLATE", compressionOptions: { level: 6 } });
  return { filename: `characterverse-data-${now.toISOString().slice(0, 10)}.zip`, body: webStreamOf(stream) };
}

/** A zip entry whose content is made only when the zip reaches it. */
function later(make: () => Promise<unknown>): NodeJS.ReadableStream {
  return Readable.from(
    (async function* () {
      const value = await make();
      yield Buffer.from(typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
    })(),
  );
}

/** A stored file as a zip entry, fetched when the zip reaches it (stored as it is: media is compressed already). */
function addStoredFile(zip: JSZip, name: string, bucket: BucketName, path: string) {
  const content = Readable.from(
    (async function* () {
      const object = await getObject(bucket, path);
      if (object) yield object.body;
    })(),
  );
  zip.file(name, content, { binary: true, compression: "STORE" });
}

type InternalStream = ReturnType<JSZip["generateInternalStream"]>;

/** The zip's output as a web stream, pausing the zip while the reader is behind. */
function webStreamOf(stream: InternalStream): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream
          .on("data", (chunk) => {
            controller.enqueue(chunk as unknown as Uint8Array);
            if ((controller.desiredSize ?? 0) <= 0) stream.pause();
          })
          .on("error", (error) => controller.error(error))
          .on("end", () => controller.close());
      },
      pull() {
        stream.resume();
      },
      cancel() {
        stream.pause();
      },
    },
    { highWaterMark: 8 },
  );
}

const extensionOf = (path: string) => /\.[0-9a-z]+$/i.exec(path)?.[0]?.toLowerCase() ?? "";
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
/** A name that is safe as one part of a path in the zip. */
const safeName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}._ -]+/gu, "_")
    .trim()
    .slice(0, 60) || "file";

/** A picture the app stored for this owner (`/storage/avatars/{owner}/…`), as its path in the bucket. */
function ownStoredPicture(url: string | null, owner: string) {
  const prefix = `/storage/avatars/${owner}/`;
  if (!url?.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(url.slice("/storage/avatars/".length));
  } catch {
    return null;
  }
}

async function addCharacters(zip: JSZip, userId: string) {
  const rows = await prisma().character.findMany({
    where: { createdById: userId },
    orderBy: { createdAt: "asc" },
    include: { category: { select: { name: true } } },
  });
  const characters = rows.map(({ createdById: _owner, searchText: _search, category, categoryId: _category, ...character }) => {
    const picture = ownStoredPicture(character.avatarUrl, character.id) ?? ownStoredPicture(character.avatarUrl, userId);
    const file = picture ? `characters/${character.id}${extensionOf(picture)}` : null;
    if (picture && file) addStoredFile(zip, file, "avatars", picture);
    return { ...character, category: category?.name ?? null, pictureFile: file };
  });
  zip.file("characters.json", `${JSON.stringify(characters, null, 2)}\n`);
}

async function addChats(zip: JSZip, userId: string, mediaNames: Map<string, string>) {
  const sessions = await prisma().chatSession.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, createdAt: true, agent: { select: { name: true, character: { select: { name: true } } } } },
  });
  const attachments = await listObjects("chats", userId);
  const fileName = (path: string) => `chats/files/${path.slice(userId.length + 1)}`;
  for (const entry of attachments) addStoredFile(zip, fileName(entry.path), "chats", entry.path);
  for (const session of sessions) {
    const name = `chats/${session.createdAt.toISOString().slice(0, 10)}-${safeName(session.agent.name)}-${session.id.slice(0, 8)}.json`;
    zip.file(
      name,
      later(async () => ({
        agent: session.agent.name,
        character: session.agent.character.name,
        started: iso(session.createdAt),
        messages: await chatMessages(session.id, session.agent.name, fileName, mediaNames),
      })),
    );
  }
}

async function chatMessages(sessionId: string, agentName: string, fileName: (path: string) => string, mediaNames: Map<string, string>) {
  const rows = await prisma().chatMessage.findMany({ where: { sessionId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => {
    const media = Array.isArray(row.media) ? (row.media as { galleryImageId?: unknown }[]) : [];
    return {
      at: iso(row.createdAt),
      from: row.senderType === "user" ? "you" : agentName,
      mode: row.messageType,
      text: row.message,
      ...(row.alternatives.length > 1 ? { versions: row.alternatives } : {}),
      attachments: parseChatMessageDocument(row.document).uploadedFiles.map((file) => fileName(file.path)),
      media: media.flatMap((entry) =>
        typeof entry?.galleryImageId === "string" && mediaNames.has(entry.galleryImageId) ? [mediaNames.get(entry.galleryImageId)!] : [],
      ),
    };
  });
}

/** Each gallery item's file name in the zip, by its id. */
function mediaFileNames(rows: GalleryImage[]) {
  return new Map(rows.map((row) => [row.id, `media/${safeName(row.requestId)}${extensionOf(row.storagePath ?? row.url)}`]));
}

function addMedia(zip: JSZip, rows: GalleryImage[], names: Map<string, string>) {
  const items = rows.map((row) => {
    const stored = row.storagePath ?? galleryStoragePath(row.url);
    const file = stored ? names.get(row.id)! : null;
    if (stored && file) addStoredFile(zip, file, "gallery", stored);
    return { prompt: row.prompt, kind: row.mediaType, created: iso(row.createdAt), public: row.isPublic, width: row.width, height: row.height, file };
  });
  zip.file("media.json", `${JSON.stringify(items, null, 2)}\n`);
}

async function addUploads(zip: JSZip, userId: string) {
  const rows = await prisma().upload.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const items = rows.map((row) => {
    const file = `uploads/${row.id.slice(0, 8)}-${safeName(row.filename)}`;
    addStoredFile(zip, file, "uploads", row.privatePath);
    return { filename: row.filename, kind: row.mediaType, contentType: row.contentType, size: row.size, created: iso(row.createdAt), file };
  });
  zip.file("uploads.json", `${JSON.stringify(items, null, 2)}\n`);
}
