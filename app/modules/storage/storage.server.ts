import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { env } from "~/modules/config/env.server";
import { localDiskDriver, s3Driver, type FolderUsage, type StorageDriver } from "./drivers.server";
import { BUCKETS, cleanStoragePath, contentTypeForPath, type BucketName } from "./paths";

/** Signed links live 7 days (spec section 9). */
export const SIGNED_LINK_SECONDS = 604_800;

let driver: StorageDriver | undefined;

function storageDriver(): StorageDriver {
  if (driver) return driver;
  const config = env();
  driver = config.S3_BUCKET
    ? s3Driver({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      })
    : localDiskDriver(path.join(config.DATA_DIR, "storage"), contentTypeForPath);
  return driver;
}

/** Tests swap the backing store (e.g. a fresh temporary folder). */
export function useStorageDriverForTests(next: StorageDriver | undefined) {
  driver = next;
}

export async function putObject(bucket: BucketName, rawPath: string, body: Buffer, contentType?: string) {
  const objectPath = cleanStoragePath(rawPath);
  await storageDriver().put(bucket, objectPath, body, contentType ?? contentTypeForPath(objectPath));
  return objectPath;
}

export async function getObject(bucket: BucketName, rawPath: string) {
  return storageDriver().get(bucket, cleanStoragePath(rawPath));
}

/** Removes an object; a picture's kept thumbnails go with it. */
export async function removeObject(bucket: BucketName, rawPath: string) {
  const objectPath = cleanStoragePath(rawPath);
  await storageDriver().remove(bucket, objectPath);
  if (bucket === "thumbnails" || !contentTypeForPath(objectPath).startsWith("image/")) return;
  const thumbnails = await storageDriver().list("thumbnails", thumbnailFolder(bucket, objectPath));
  for (const entry of thumbnails) await storageDriver().remove("thumbnails", entry.path);
}

/** The folder of the `thumbnails` bucket that keeps a picture's thumbnails (thumbnail-cache.server.ts). */
export function thumbnailFolder(bucket: BucketName, objectPath: string) {
  return `${bucket}/${objectPath}`;
}

/** Copies an object within its bucket; false when there is none at `from`. */
export async function copyObject(bucket: BucketName, from: string, to: string) {
  const object = await getObject(bucket, from);
  if (!object) return false;
  await putObject(bucket, to, object.body, object.contentType);
  return true;
}

/** The bytes and files stored under a folder of a bucket (a person's chat attachments: `chats`, their id). */
export async function folderUsage(bucket: BucketName, rawFolder: string): Promise<FolderUsage> {
  const entries = await listObjects(bucket, rawFolder);
  return { bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), files: entries.length };
}

/** Every object stored under a folder of a bucket, or in the whole bucket when no folder is given. */
export async function listObjects(bucket: BucketName, rawFolder?: string) {
  return storageDriver().list(bucket, rawFolder === undefined ? null : cleanStoragePath(rawFolder));
}

/** A random file name that keeps the original extension, e.g. `3f9c…e1.png`. */
export function randomFileName(originalName: string) {
  const extension = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, "");
  return `${randomBytes(12).toString("hex")}${extension}`;
}

/** The app URL of an object in a public bucket. */
export function publicUrl(bucket: BucketName, rawPath: string) {
  if (!BUCKETS[bucket].public) throw new Error(`Bucket ${bucket} is private; use signedUrl`);
  return `/storage/${bucket}/${encodePath(cleanStoragePath(rawPath))}`;
}

/** A link to a private object that works for SIGNED_LINK_SECONDS, for whoever holds it. */
export function signedUrl(bucket: BucketName, rawPath: string, now = Date.now()) {
  const objectPath = cleanStoragePath(rawPath);
  const expires = Math.floor(now / 1000) + SIGNED_LINK_SECONDS;
  const signature = sign(bucket, objectPath, expires);
  return `/storage/${bucket}/${encodePath(objectPath)}?expires=${expires}&signature=${signature}`;
}

export function isReadable(bucket: BucketName, objectPath: string, query: URLSearchParams, now = Date.now()) {
  if (BUCKETS[bucket].public) return true;
  const expires = Number(query.get("expires"));
  const signature = query.get("signature") ?? "";
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(sign(bucket, objectPath, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(bucket: string, objectPath: string, expires: number) {
  return createHmac("sha256", env().SESSION_SECRET).update(`${bucket}/${objectPath}:${expires}`).digest("base64url");
}

function encodePath(objectPath: string) {
  return objectPath.split("/").map(encodeURIComponent).join("/");
}
