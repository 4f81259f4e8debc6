import { isIP } from "node:net";
import { mediaJobTexts } from "~/lib/media-jobs";
import type { MediaSettings } from "~/lib/media-pricing";
import { chatTexts } from "~/lib/chat";
import { mediaProviderFor } from "~/modules/ai/providers/registry.server";
import type { MediaCheck, MediaProvider, MediaRequest, MediaSubmission } from "~/modules/ai/providers/types";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { getObject } from "~/modules/storage/storage.server";
import { claimDueJobs, claimNotifiedJob, type ClaimedJob } from "./claims.server";
import { NOW } from "./job-sql.server";
import { removeStoredMedia, storeOutputs } from "./results.server";
import { completeJob, endJob } from "./transitions.server";
import { onMediaWorkerWake } from "./worker-signal.server";

/**
 * The media worker (decision 018): every instance runs one. It claims due jobs in turn
 * (claims.server.ts, decision 033) with `FOR UPDATE SKIP LOCKED`, which also moves their next
 * check a lease ahead, so no other instance takes them while this one works, and a crashed
 * instance's jobs are taken over once the lease has passed. A queued job is submitted; a submitted
 * one is asked about; a job past its deadline is given up and its tokens released. A webhook's job
 * is claimed by id and finished by the instance that received it (finishNotifiedJob).
 */

/** Whether fal can reach APP_URL: FAL_WEBHOOKS, or (auto) a public host name. */
export function webhooksReachable(config = env()) {
  if (config.FAL_WEBHOOKS !== "auto") return config.FAL_WEBHOOKS === "on";
  const host = new URL(config.APP_URL).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return false;
  if (!isIP(host)) return host.includes(".");
  return !/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|::1$|f[cd]|fe80)/i.test(host);
}

/**
 * Where fal reports a job's request as finished. The job's id rides along, so that a webhook which
 * overtakes the recording of its request id (a fast model) still finds its job.
 */
export function falWebhookUrl(jobId: string, config = env()) {
  return `${config.APP_URL}/api/webhooks/fal?job=${jobId}`;
}

function modelConnection(job: Pick<ClaimedJob, "aiPlatform" | "mode" | "modelId" | "apiUrl" | "apiKey">) {
  return { aiPlatform: job.aiPlatform, modelType: job.mode, modelId: job.modelId, apiUrl: job.apiUrl, apiKey: job.apiKey, isStream: false };
}

async function requestOf(job: ClaimedJob, provider: MediaProvider): Promise<MediaRequest> {
  let sourceImage: MediaRequest["sourceImage"] = null;
  // Every step carries the picture to redraw: the offline demo draws its result when asked about it.
  if (job.sourceUploadId) {
    const upload = await prisma().upload.findFirst({ where: { id: job.sourceUploadId, userId: job.userId } });
    if (upload) {
      const object = await getObject("uploads", upload.privatePath);
      if (object) sourceImage = { data: object.body, contentType: upload.contentType };
    }
  }
  return {
    jobKey: job.requestId,
    mediaType: job.mode as MediaRequest["mediaType"],
    modelId: job.modelId,
    prompt: job.prompt,
    settings: job.settings,
    sourceImage,
    webhookUrl: provider.webhooks && webhooksReachable() ? falWebhookUrl(job.id) : null,
  };
}

/** When a submitted job is next asked about: soon without a webhook, later (a late webhook's fallback) with one. */
function nextCheckMs(request: MediaRequest) {
  return request.webhookUrl ? env().MEDIA_WEBHOOK_FALLBACK_MS : env().MEDIA_POLL_INTERVAL_MS;
}

async function checkAgainIn(jobId: string, ms: number, set: { providerRequestId?: string } = {}) {
  const rows = await prisma().$queryRaw<{ nudged: boolean }[]>`
    UPDATE media_jobs SET next_check_at = CASE WHEN nudged THEN ${NOW} ELSE LEAST(${NOW} + ${ms} * interval '1 millisecond', deadline_at) END,
           claimed_until = NULL, updated_at = ${NOW},
           status = CASE WHEN ${set.providerRequestId ?? null}::text IS NULL THEN status ELSE 'submitted' END,
           provider_request_id = COALESCE(${set.providerRequestId ?? null}::text, provider_request_id),
           started_at = COALESCE(started_at, ${NOW})
    WHERE id = ${jobId}::uuid AND status IN ('queued', 'submitted')
    RETURNING nudged`;
  // Told meanwhile that it has finished (a webhook during this step): the worker looks at once.
  if (rows[0]?.nudged) wake();
  return rows.length > 0;
}

/** Retries after a passing failure (the provider unreachable, a 5xx), later each time, within the deadline. */
function backoffMs(attempts: number) {
  return Math.min(60_000, env().MEDIA_POLL_INTERVAL_MS * 2 ** Math.min(attempts, 8));
}

async function finish(job: ClaimedJob, outcome: Exclude<MediaCheck, { state: "pending" }>, provider: MediaProvider) {
  if (outcome.state === "failed") {
    logger.warn({ jobId: job.id, error: outcome.error }, "a media job failed");
    await endJob(job.id, "failed", mediaJobTexts.failed, chatTexts.replyFailed);
    return;
  }
  const stored = await storeOutputs(job.userId, job.requestId, outcome.outputs);
  if (stored.length === 0) {
    await endJob(job.id, "failed", mediaJobTexts.failed, chatTexts.replyFailed);
    return;
  }
  const completed = await completeJob(job, stored, { demo: provider.demo });
  if (!completed) {
    const current = await prisma().mediaJob.findUnique({ where: { id: job.id }, select: { status: true } });
    if (current?.status !== "completed") await removeStoredMedia(stored);
  }
}

const stats = ((globalThis as unknown as { __mediaWorkerStats?: { claims: number; submits: number } }).__mediaWorkerStats ??= { claims: 0, submits: 0 });

/** What this instance's worker has done since it started: claims taken and jobs submitted (for tests and the benchmark). */
export function mediaWorkerStats() {
  return { ...stats };
}

/** Takes one claimed job one step further. */
export async function processJob(job: ClaimedJob) {
  stats.claims++;
  if (job.deadlineAt.getTime() <= Date.now()) {
    const ended = await endJob(job.id, "failed", mediaJobTexts.timedOut, chatTexts.replyTimeout);
    if (ended?.providerRequestId) await cancelAtProvider(job.id).catch(() => {});
    return;
  }
  let provider: MediaProvider;
  try {
    provider = mediaProviderFor(modelConnection(job));
  } catch (error) {
    logger.warn({ err: error, jobId: job.id }, "a media job's model cannot be called");
    await endJob(job.id, "failed", mediaJobTexts.failed, chatTexts.replyFailed);
    return;
  }
  try {
    const request = await requestOf(job, provider);
    if (job.status === "queued") {
      stats.submits++;
      const submission: MediaSubmission = await provider.submit(request);
      if (submission.state !== "submitted") return await finish(job, submission, provider);
      const stillRunning = await checkAgainIn(job.id, nextCheckMs(request), { providerRequestId: submission.requestId });
      if (!stillRunning) await provider.cancel(submission.requestId, request).catch(() => {});
      return;
    }
    const check = await provider.check(job.providerRequestId ?? "", request);
    if (check.state === "pending") await checkAgainIn(job.id, nextCheckMs(request));
    else await finish(job, check, provider);
  } catch (error) {
    logger.warn({ err: error, jobId: job.id, attempts: job.attempts }, "a media job step failed; it is tried again");
    await checkAgainIn(job.id, backoffMs(job.attempts)).catch(() => {});
  }
}

/** Asks the provider to stop a job (cancelled or timed out); its tokens are already back. */
export async function cancelAtProvider(jobId: string) {
  const job = await prisma().mediaJob.findUnique({ where: { id: jobId } });
  if (!job?.providerRequestId) return;
  const model = await prisma().chatModel.findUnique({ where: { chatModel: job.chatModel }, select: { apiUrl: true, apiKey: true } });
  const provider = mediaProviderFor(modelConnection({ ...job, apiUrl: model?.apiUrl ?? null, apiKey: model?.apiKey ?? null }));
  await provider.cancel(job.providerRequestId, {
    jobKey: job.requestId,
    mediaType: job.mode as MediaRequest["mediaType"],
    modelId: job.modelId,
    prompt: job.prompt,
    settings: job.settings as MediaSettings,
  });
}

/**
 * A provider said a request has finished (a verified webhook): the instance that heard it claims
 * the job by id and takes it its next step at once, rather than leaving it to a worker's next tick
 * (decision 039). The result is fetched from the provider, never taken from the call; the step
 * completes the job and settles its tokens exactly once (transitions.server.ts). A job another
 * instance holds right now is looked at again as soon as that one lets it go (`nudged`), never by
 * two at once. A webhook that overtakes the recording of its request id (the job named in its
 * address is still submitting) nudges that job, which is then looked at as soon as it is recorded.
 * False when no running job has that request id.
 */
export async function finishNotifiedJob(providerRequestId: string, jobId: string | null = null) {
  const job = await claimNotifiedJob(providerRequestId);
  if (job) {
    // Held by its lease: a step that crashes here is taken over by a worker once the lease has passed.
    await processJob(job).catch((error: unknown) => logger.error({ err: error, jobId: job.id }, "a media job step crashed"));
    return true;
  }
  const rows = await prisma().$queryRaw<{ id: string }[]>`
    UPDATE media_jobs SET next_check_at = ${NOW}, nudged = true
    WHERE (provider_request_id = ${providerRequestId} AND status = 'submitted')
       -- Overtaken: the job named in the webhook's address is still recording its request id.
       OR (id = ${jobId}::uuid AND status = 'queued' AND provider_request_id IS NULL AND claimed_until > ${NOW})
    RETURNING id::text AS id`;
  if (rows.length > 0) wake();
  return rows.length > 0;
}

const state = globalThis as unknown as { __mediaWorker?: { stop: () => Promise<void> } };
let wake = () => {};

/**
 * Starts this instance's worker (once per process): it looks for due jobs every
 * MEDIA_WORKER_TICK_MS, at once when woken, and runs up to MEDIA_WORKER_CONCURRENCY of them at a
 * time. Resolves to a function that stops it and waits for the jobs in hand.
 */
export function startMediaWorker() {
  if (state.__mediaWorker) return state.__mediaWorker.stop;
  const config = env();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;

  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        const free = config.MEDIA_WORKER_CONCURRENCY - inFlight.size;
        if (free <= 0) break;
        const jobs = await claimDueJobs(free);
        for (const job of jobs) {
          const work = processJob(job)
            .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, "a media job step crashed"))
            .finally(() => {
              inFlight.delete(work);
              wake();
            });
          inFlight.add(work);
        }
        if (jobs.length === free) again = true;
      } while (again && !stopped);
    } catch (error) {
      logger.warn({ err: error }, "could not claim media jobs");
    } finally {
      running = false;
      if (!stopped) timer = setTimeout(() => void tick(), config.MEDIA_WORKER_TICK_MS);
    }
  };
  wake = () => void tick();
  onMediaWorkerWake(wake);
  void tick();
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    onMediaWorkerWake(undefined);
    wake = () => {};
    state.__mediaWorker = undefined;
    await Promise.allSettled([...inFlight]);
  };
  state.__mediaWorker = { stop };
  return stop;
}
