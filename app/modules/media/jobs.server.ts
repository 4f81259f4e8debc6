import { mediaJobTexts, type MediaJobView } from "~/lib/media-jobs";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { endJob } from "./transitions.server";
import { jobView } from "./views.server";
import { cancelAtProvider } from "./worker.server";

/**
 * Media generation, as durable jobs (decision 018, docs/media.md). The public face of the media
 * module: start a generation (or a picture request in chat), follow a job, cancel it. Jobs are
 * run by the worker (worker.server.ts) on whichever instance claims them, and every change is
 * announced on the person's live feed as `{ type: "media-job", jobId, status }`.
 */

export { startGeneration, findMediaModel, MediaModelUnavailableError, type StartGenerationInput, type StartedGeneration } from "./generation.server";
export { requestPictureInChat, type ChatPictureMode } from "./chat-pictures.server";
export { pictureModelFor, redrawModelFor, NoPictureModelError } from "./picture-models.server";
export { takesSourceImage } from "./redraw-sources.server";
export { requestVoiceNote } from "./voice-notes.server";
export { mediaItemView, messageMediaViews } from "./views.server";

const jobInclude = { images: { orderBy: { requestId: "asc" } } } as const;

/** The person's own job with its results; NotFoundError (404) for anyone else's, or none. */
export async function jobForOwner(userId: string, jobId: string): Promise<MediaJobView> {
  const job = isUuid(jobId) ? await prisma().mediaJob.findFirst({ where: { id: jobId, userId }, include: jobInclude }) : null;
  if (!job) throw new NotFoundError("Job not found");
  return jobView(job);
}

/** The person's jobs still generating, newest first (the gallery shows them as Generating). */
export async function runningJobsOf(userId: string): Promise<MediaJobView[]> {
  const jobs = await prisma().mediaJob.findMany({
    where: { userId, status: { in: ["queued", "submitted"] } },
    orderBy: { createdAt: "desc" },
    take: 20,
    include: jobInclude,
  });
  return jobs.map(jobView);
}

/**
 * Cancels the person's own job while it runs: its tokens come back at once and the provider is
 * asked to stop. A job that has finished stays as it is. NotFoundError for anyone else's.
 */
export async function cancelGeneration(userId: string, jobId: string): Promise<MediaJobView> {
  await jobForOwner(userId, jobId);
  const ended = await endJob(jobId, "cancelled", mediaJobTexts.cancelled);
  if (ended?.providerRequestId) {
    await cancelAtProvider(jobId).catch((error: unknown) => logger.warn({ err: error, jobId }, "could not cancel a job at its provider"));
  }
  return jobForOwner(userId, jobId);
}

/**
 * Cancels the drawings of a character's avatar still running (their tokens come back): a newer
 * picture, uploaded or drawn, or the character's deletion, replaces what they would bring.
 */
export async function cancelAvatarJobs(userId: string, characterId: string) {
  if (!isUuid(characterId)) return;
  const running = await prisma().mediaJob.findMany({
    where: { userId, characterId, setsAvatar: true, status: { in: ["queued", "submitted"] } },
    select: { id: true },
  });
  for (const job of running) await cancelGeneration(userId, job.id);
}
