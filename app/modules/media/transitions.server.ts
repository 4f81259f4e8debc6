import { randomUUID } from "node:crypto";
import type { MediaJobStatus } from "~/lib/media-jobs";
import { mediaPrice, type MediaSettings } from "~/lib/media-pricing";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { releaseReservation, ReservationClosedError, settleReservation } from "~/modules/tokens/reservations.server";
import { applyGeneratedAvatar, removeUnusedAvatar } from "./avatar-jobs.server";
import { endChatPicture, fillChatPicture, messageMediaOf } from "./chat-replies.server";
import { mediaJobNotifySql } from "./events.server";
import { NOW } from "./job-sql.server";
import type { StoredMedia } from "./results.server";

/**
 * How a running job ends, each exactly once however many instances, webhooks and polls reach it:
 * one conditional UPDATE (the job is still queued or submitted) decides, and the tokens are
 * settled or released, the gallery rows written and the chat reply filled in, in the same
 * transaction. A second arrival finds the job ended and changes nothing.
 */

export type FinishingJob = {
  id: string;
  userId: string;
  requestId: string;
  prompt: string;
  settings: MediaSettings;
  costUnit: string;
  unitCost: number;
  costTokens: number;
  characterId: string | null;
  chatSessionId: string | null;
  chatMessageId: string | null;
  setsAvatar: boolean;
};

/**
 * Completes a job with its stored media, settling its tokens for what was produced (fewer images
 * than asked cost less, never more than was held). False when the job had already ended.
 */
export async function completeJob(
  job: FinishingJob,
  stored: StoredMedia[],
  { demo, avatarUrl = null }: { demo: boolean; avatarUrl?: string | null },
): Promise<boolean> {
  const finalCost = Math.min(job.costTokens, mediaPrice(job.unitCost, job.costUnit, job.settings, stored.length));
  let avatar = { applied: false, replaced: null as string | null };
  const completing = prisma().$transaction(async (tx) => {
    const [won] = await tx.$queryRaw<{ reservationId: string | null }[]>`
      UPDATE media_jobs SET status = 'completed', finished_at = ${NOW}, updated_at = ${NOW}, error = NULL,
             result = ${JSON.stringify({ demo, produced: stored.length, charged: finalCost })}::jsonb
      WHERE id = ${job.id}::uuid AND status IN ('queued', 'submitted')
      RETURNING reservation_id::text AS "reservationId"`;
    if (!won) return false;
    if (won.reservationId) await closeQuietly(won.reservationId, tx, (db) => settleReservation(won.reservationId!, finalCost, db));
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
    if (job.chatMessageId && job.chatSessionId) {
      await fillChatPicture(tx, { userId: job.userId, sessionId: job.chatSessionId, messageId: job.chatMessageId }, messageMediaOf(items));
    }
    if (avatarUrl && job.characterId) avatar = await applyGeneratedAvatar(tx, { userId: job.userId, characterId: job.characterId }, avatarUrl);
    await tx.$queryRaw(mediaJobNotifySql(job.userId, job.id, "completed", job.chatSessionId));
    return true;
  });
  // The avatar made for the job goes when the job did not take it; the one it replaced, when it did.
  const completed = await completing.catch(async (error: unknown) => {
    if (avatarUrl && job.characterId) await removeUnusedAvatar(job.characterId, avatarUrl);
    throw error;
  });
  if (avatarUrl && job.characterId) await removeUnusedAvatar(job.characterId, avatar.applied ? avatar.replaced : avatarUrl);
  return completed;
}

type EndedJob = { userId: string; providerRequestId: string | null; chatSessionId: string | null; chatMessageId: string | null };

/**
 * Ends a running job as failed or cancelled and gives its tokens back, in one transaction; null
 * when it had already ended. A picture request's chat reply then says `chatText`.
 */
export async function endJob(
  jobId: string,
  status: Extract<MediaJobStatus, "failed" | "cancelled">,
  error: string,
  chatText = error,
): Promise<EndedJob | null> {
  return prisma().$transaction(async (tx) => {
    const [job] = await tx.$queryRaw<(EndedJob & { reservationId: string | null })[]>`
      UPDATE media_jobs SET status = ${status}::"MediaJobStatus", error = ${error}, finished_at = ${NOW}, updated_at = ${NOW}
      WHERE id = ${jobId}::uuid AND status IN ('queued', 'submitted')
      RETURNING user_id::text AS "userId", reservation_id::text AS "reservationId", provider_request_id AS "providerRequestId",
                chat_session_id::text AS "chatSessionId", chat_message_id::text AS "chatMessageId"`;
    if (!job) return null;
    if (job.reservationId) await closeQuietly(job.reservationId, tx, (db) => releaseReservation(job.reservationId!, db));
    if (job.chatMessageId && job.chatSessionId) {
      await endChatPicture(tx, { userId: job.userId, sessionId: job.chatSessionId, messageId: job.chatMessageId }, chatText);
    }
    await tx.$queryRaw(mediaJobNotifySql(job.userId, jobId, status, job.chatSessionId));
    return { userId: job.userId, providerRequestId: job.providerRequestId, chatSessionId: job.chatSessionId, chatMessageId: job.chatMessageId };
  });
}

/** A reservation the sweep already gave back (a job that outlived it) is not closed again. */
async function closeQuietly(reservationId: string, tx: Runner, close: (db: Runner) => Promise<unknown>) {
  try {
    await close(tx);
  } catch (error) {
    if (!(error instanceof ReservationClosedError)) throw error;
    logger.warn({ reservationId }, "a media job's reservation had already been closed");
  }
}
