import fs from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { BucketName } from "./paths";

export type StoredObject = { body: Buffer; contentType: string };
/** How much a folder holds, every level below it included. */
export type FolderUsage = { bytes: number; files: number };

/** One stored object: its path within its bucket, its size and when it was last written. */
export type StoredEntry = { path: string; bytes: number; modifiedAt: Date };

/** Where bytes live. Paths given here are already cleaned. */
export type StorageDriver = {
  put(bucket: BucketName, objectPath: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: BucketName, objectPath: string): Promise<StoredObject | null>;
  remove(bucket: BucketName, objectPath: string): Promise<void>;
  /** Every object under `folder` (the whole bucket when null), every level below it included. */
  list(bucket: BucketName, folder: string | null): Promise<StoredEntry[]>;
};

/** Files under DATA_DIR/storage/<bucket>/<path>; the content type is implied by the extension. */
export function localDiskDriver(root: string, contentTypeFor: (objectPath: string) => string): StorageDriver {
  const fileFor = (bucket: BucketName, objectPath: string) => path.join(root, bucket, objectPath);
  return {
    async put(bucket, objectPath, body) {
      const file = fileFor(bucket, objectPath);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async get(bucket, objectPath) {
      try {
        return { body: await fs.readFile(fileFor(bucket, objectPath)), contentType: contentTypeFor(objectPath) };
      } catch (error) {
        // A folder, or a path through a file, is no object: as in S3, there is nothing to read.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw error;
      }
    },
    async remove(bucket, objectPath) {
      const file = fileFor(bucket, objectPath);
      await fs.rm(file, { force: true });
      // A file's own folder (chats/{userId}/{uniqueId}/) goes with it once empty.
      if (path.dirname(objectPath) !== ".") await fs.rmdir(path.dirname(file)).catch(() => {});
    },
    async list(bucket, folder) {
      const bucketRoot = path.join(root, bucket);
      const entries = await fs
        .readdir(folder === null ? bucketRoot : fileFor(bucket, folder), { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
          throw error;
        });
      const listed = await Promise.all(
        entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            // A file removed meanwhile is simply not listed.
            const stat = await fs.stat(file).catch(() => null);
            return stat ? { path: path.relative(bucketRoot, file).split(path.sep).join("/"), bytes: stat.size, modifiedAt: stat.mtime } : null;
          }),
      );
      return listed.filter((entry) => entry !== null);
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** One S3 bucket holds every app bucket as a key prefix, so a self-hoster creates a single bucket. */
export function s3Driver(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const key = (bucket: BucketName, objectPath: string) => `${bucket}/${objectPath}`;
  return {
    async put(bucket, objectPath, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(bucket, objectPath), Body: body, ContentType: contentType }));
    },
    async get(bucket, objectPath) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(bucket, objectPath) }));
        const bytes = await response.Body!.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: response.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NotFound") return null;
        throw error;
      }
    },
    async remove(bucket, objectPath) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(bucket, objectPath) }));
    },
    async list(bucket, folder) {
      const listed: StoredEntry[] = [];
      const prefix = folder === null ? `${bucket}/` : `${key(bucket, folder)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          // An object of unknown age counts as new: nothing is removed for want of a date.
          listed.push({ path: object.Key.slice(bucket.length + 1), bytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return listed;
    },
  };
}
