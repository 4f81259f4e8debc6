import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { isBucketName, type BucketName } from "./paths";
import { listObjects, removeObject } from "./storage.server";

/**
 * Files removed after the rows that named them: a statement drops the rows and, in the same
 * transaction, records here which files go. Once it commits, `removeScheduledFiles` removes them
 * and forgets each record; a crash in between leaves the records to the hourly sweep. So no row
 * ever names a missing file, and no file outlives its rows for longer than a sweep.
 */

export type FileRemovalEntry = {
  bucket: BucketName;
  path: string;
  /** Everything under `path`, every level below included; otherwise the one object at `path`. */
  folder?: boolean;
  /** Objects under the folder that stay (their paths within the bucket). */
  keep?: string[];
};

type Writer = Pick<Prisma.TransactionClient, "fileRemoval">;

/** Records files to remove once the caller's transaction commits; answers the records' ids. */
export async function scheduleFileRemovals(tx: Writer, entries: FileRemovalEntry[]): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of entries) {
    const row = await tx.fileRemoval.create({
      data: { bucket: entry.bucket, path: entry.path, isFolder: entry.folder ?? false, keep: entry.keep ?? [] },
      select: { id: true },
    });
    ids.push(row.id);
  }
  return ids;
}

/**
 * Removes the files of the given records (every record, oldest first, a batch at a time, when none
 * are given) and forgets each record once its files are gone. A record whose removal fails stays
 * for the next sweep. Safe on every instance at once: removing a file already gone is a no-op.
 * Answers how many records were done.
 */
export async function removeScheduledFiles(ids?: string[], batch = 100): Promise<number> {
  if (ids) return removeRecords(await prisma().fileRemoval.findMany({ where: { id: { in: ids } } }));
  let done = 0;
  for (;;) {
    const records = await prisma().fileRemoval.findMany({ orderBy: { createdAt: "asc" }, take: batch });
    const now = await removeRecords(records);
    done += now;
    // A full batch that made progress may have more behind it; failures wait for the next sweep.
    if (records.length < batch || now === 0) return done;
  }
}

type RemovalRecord = { id: string; bucket: string; path: string; isFolder: boolean; keep: string[] };

async function removeRecords(records: RemovalRecord[]) {
  let done = 0;
  for (const record of records) {
    try {
      await removeFilesOf(record);
      await prisma().fileRemoval.deleteMany({ where: { id: record.id } });
      done += 1;
    } catch (error) {
      logger.warn({ err: error, bucket: record.bucket, path: record.path }, "could not remove stored files; the sweep tries again");
    }
  }
  return done;
}

async function removeFilesOf(record: RemovalRecord) {
  // A bucket this version does not know holds nothing of the app's to remove.
  if (!isBucketName(record.bucket)) return;
  if (!record.isFolder) return removeObject(record.bucket, record.path);
  const keep = new Set(record.keep);
  for (const entry of await listObjects(record.bucket, record.path)) {
    if (!keep.has(entry.path)) await removeObject(record.bucket, entry.path);
  }
}
