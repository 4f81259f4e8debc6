import { randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { NOW } from "../job-sql.server";
import type { StoredMedia } from "../results.server";
import { NOTHING_MORE, type FinishingJob, type GalleryItem, type JobOutcome } from "./outcome.server";

/** A picture from the Generate page: its media join the gallery, as every job's do, and nothing more. */
export const galleryOutcome: JobOutcome = {
  completing: async () => NOTHING_MORE,
  ended: async () => {},
};

/** In the completing transaction: every job's media join the person's gallery, each row once (by its request id). */
export async function addToGallery(tx: Pick<Prisma.TransactionClient, "$executeRaw">, job: FinishingJob, stored: StoredMedia[]): Promise<GalleryItem[]> {
  const items = stored.map((item) => ({ ...item, galleryImageId: randomUUID() }));
  for (const item of items) {
    await tx.$executeRaw`
        INSERT INTO gallery (id, user_id, job_id, request_id, prompt, url, width, height, is_public, created_at, media_type, content_type,
                             storage_path, thumbnail_path, duration, character_id)
        VALUES (${item.galleryImageId}::uuid, ${job.userId}::uuid, ${job.id}::uuid, ${item.requestId}, ${job.prompt}, ${item.path}, ${item.width},
                ${item.height}, false, ${NOW}, ${item.mediaType}, ${item.contentType}, ${item.path}, ${item.thumbnailPath}, ${item.duration},
                ${job.characterId}::uuid)
        ON CONFLICT (request_id) DO NOTHING`;
  }
  return items;
}
