import type { MediaJobStatus } from "~/lib/media-jobs";
import { mediaPrice } from "~/lib/media-pricing";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { releaseReservation, ReservationClosedError, settleReservation } from "~/modules/tokens/reservations.server";
import { mediaJobNotifySql } from "./events.server";
import { NOW } from "./job-sql.server";
import { avatarOutcome } from "./outcomes/avatar.server";
import { chatReplyOutcome } from "./outcomes/chat-reply.server";
import { addToGallery, galleryOutcome } from "./outcomes/gallery.server";
import { purposeOf, type FinishingJob, type JobOutcome, type JobPurpose, type PurposeColumns } from "./outcomes/outcome.server";
import type { StoredMedia } from "./results.server";

/**
 * How a running job ends, each exactly once however many instances, webhooks and polls reach it:
 * one conditional UPDATE (the job is still queued or submitted) decides, and the tokens are
 * settled or released, the gallery rows written and what the job was for done (its purpose's
 * outcome: a chat reply filled in, an avatar taken), in the same transaction. A second arrival
 * finds the job ended and changes nothing.
 */

/** What each purpose adds to a job's ending (outcomes/). */
const OUTCOMES: Record<JobPurpose, JobOutcome> = { gallery: galleryOutcome, "chat-reply": chatReplyOutcome, avatar: avatarOutcome };

/**
 * Completes a job with its stored media, settling its tokens for what was produced (fewer images
 * than asked cost less, never more than was held). False when the job had already ended.
 */
export async function completeJob(job: FinishingJob, stored: StoredMedia[], { demo }: { demo: boolean }): Promise<boolean> {
  const finalCost = Math.min(job.costTokens, mediaPrice(job.unitCost, job.costUnit, job.settings, stored.length));
  const outcome = await OUTCOMES[purposeOf(job)].completing(job, stored);
  const completing = prisma().$transaction(async (tx) => {
    const [won] = await tx.$queryRaw<{ reservationId: string | null }[]>`
      UPDATE media_jobs SET status = 'completed', finished_at = ${NOW}, updated_at = ${NOW}, error = NULL,
             result = ${JSON.stringify({ demo, produced: stored.length, charged: finalCost })}::jsonb
      WHERE id = ${job.id}::uuid AND status IN ('queued', 'submitted')
      RETURNING reservation_id::text AS "reservationId"`;
    if (!won) return false;
    if (won.reservationId) await closeQuietly(won.reservationId, tx, (db) => settleReservation(won.reservationId!, finalCost, db));
    await outcome.completed(tx, await addToGallery(tx, job, stored));
    await tx.$queryRaw(mediaJobNotifySql(job.userId, job.id, "completed", job.chatSessionId));
    return true;
  });
  const completed = await completing.catch(async (error: unknown) => {
    await outcome.after(false);
    throw error;
  });
  await outcome.after(true);
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
    const [job] = await tx.$queryRaw<(PurposeColumns & { reservationId: string | null; providerRequestId: string | null })[]>`
      UPDATE media_jobs SET status = ${status}::"MediaJobStatus", error = ${error}, finished_at = ${NOW}, updated_at = ${NOW}
      WHERE id = ${jobId}::uuid AND status IN ('queued', 'submitted')
      RETURNING user_id::text AS "userId", reservation_id::text AS "reservationId", provider_request_id AS "providerRequestId",
                chat_session_id::text AS "chatSessionId", chat_message_id::text AS "chatMessageId",
                character_id::text AS "characterId", sets_avatar AS "setsAvatar"`;
    if (!job) return null;
    if (job.reservationId) await closeQuietly(job.reservationId, tx, (db) => releaseReservation(job.reservationId!, db));
    await OUTCOMES[purposeOf(job)].ended(tx, job, chatText);
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
