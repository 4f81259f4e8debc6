import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { jobForOwner, startGeneration } from "~/modules/media/jobs.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as falWebhookAction } from "~/routes/api/webhooks.fal";
import type { FakeFal } from "../fakes/fal-server";
import { expectTokensSettled, jobEnded, jobSubmitted, personWith500Tokens, setEnv, startMediaSuite } from "../helpers/media";
import { routeArgs } from "../helpers/route-args";

let suite: Awaited<ReturnType<typeof startMediaSuite>>;
let fal: FakeFal;
let userId: string;

beforeAll(async () => {
  // Webhooks on, and no poll for a minute: only a webhook can finish a job here.
  suite = await startMediaSuite({ FAL_WEBHOOKS: "on", MEDIA_WEBHOOK_FALLBACK_MS: "60000" });
  fal = suite.fal;
});
afterAll(() => suite.stop());
beforeEach(async () => {
  userId = await personWith500Tokens();
});
afterEach(() => expectTokensSettled(userId));

const flux = () => startGeneration({ userId, modelId: "FLUX.1 [schnell]", prompt: "A fox in snow", settings: { image_size: "square_hd", num_images: "2" } });

async function postWebhook(requestId: string, options: { forged?: boolean; timestamp?: number } = {}) {
  const body = Buffer.from(JSON.stringify({ request_id: requestId, gateway_request_id: requestId, status: "OK", payload: { images: [] } }));
  const request = new Request("http://localhost/api/webhooks/fal", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...fal.signedWebhook(requestId, body, options) },
    body,
  });
  return (await falWebhookAction(routeArgs(request))) as Response;
}

describe("fal's webhook", () => {
  test("tells the app to look: the result is fetched from fal, and settled once though it is delivered twice", async () => {
    fal.script({ webhook: "twice", durationMs: 40 });
    const started = await flux();
    const submitted = await jobSubmitted(started.jobId);
    const request = fal.requests.get(submitted.providerRequestId!)!;
    expect(request.webhookUrl).toBe(`${suite.appUrl}/api/webhooks/fal?job=${started.jobId}`);
    const job = await jobEnded(userId, started.jobId);
    expect(job.status).toBe("completed");
    expect(job.items).toHaveLength(2);
    expect(request.resultFetches).toBeGreaterThanOrEqual(1);
    while (request.webhookAnswers.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(request.webhookAnswers).toEqual([200, 200]);
    expect((await getBalance(userId)).total).toBe(460);
    expect(await prisma().galleryImage.count({ where: { jobId: started.jobId } })).toBe(2);
    const settled = await prisma().tokenReservation.findMany({ where: { userId } });
    expect(settled.map((reservation) => [reservation.status, reservation.finalCost])).toEqual([["settled", 40]]);
  });

  test("a webhook that arrives before the submit's answer still finishes its job at once", async () => {
    fal.script({ webhook: "once", durationMs: 1, webhookFirst: true });
    const started = await flux();
    const job = await jobEnded(userId, started.jobId);
    expect(job.status).toBe("completed");
    const request = [...fal.requests.values()].find((one) => one.webhookUrl?.endsWith(started.jobId))!;
    expect(request.webhookAnswers).toEqual([200]);
    expect((await getBalance(userId)).total).toBe(460);
  });

  test("finishes its job before it answers, and a second delivery charges nothing more", async () => {
    fal.script({ webhook: "none", durationMs: 20 });
    const started = await flux();
    const submitted = await jobSubmitted(started.jobId);
    const request = fal.requests.get(submitted.providerRequestId!)!;
    while (Date.now() < request.completedAt!) await new Promise((resolve) => setTimeout(resolve, 10));

    // No worker looks for a minute: the instance that was told finishes the job itself.
    const first = await postWebhook(request.requestId);
    expect(await first.json()).toEqual({ received: true, job: true });
    expect((await jobForOwner(userId, started.jobId)).status).toBe("completed");
    expect((await getBalance(userId)).total).toBe(460);

    const again = await postWebhook(request.requestId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, job: false });
    expect((await getBalance(userId)).total).toBe(460);
    expect(await prisma().galleryImage.count({ where: { jobId: started.jobId } })).toBe(2);
    const reservations = await prisma().tokenReservation.findMany({ where: { userId } });
    expect(reservations.map((reservation) => [reservation.status, reservation.finalCost])).toEqual([["settled", 40]]);
    expect(request.resultFetches).toBe(1);
  });

  test("three deliveries at once finish the job once and charge it once", async () => {
    fal.script({ webhook: "none", durationMs: 20 });
    const started = await flux();
    const submitted = await jobSubmitted(started.jobId);
    const request = fal.requests.get(submitted.providerRequestId!)!;
    while (Date.now() < request.completedAt!) await new Promise((resolve) => setTimeout(resolve, 10));

    const answers = await Promise.all([1, 2, 3].map(() => postWebhook(request.requestId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await jobEnded(userId, started.jobId)).status).toBe("completed");
    expect((await getBalance(userId)).total).toBe(460);
    expect(await prisma().galleryImage.count({ where: { jobId: started.jobId } })).toBe(2);
    const reservations = await prisma().tokenReservation.findMany({ where: { userId } });
    expect(reservations.map((reservation) => [reservation.status, reservation.finalCost])).toEqual([["settled", 40]]);
  });

  test("delivered before the result is ready changes nothing; the job completes when fal has finished", async () => {
    setEnv({ MEDIA_WEBHOOK_FALLBACK_MS: "150" });
    try {
      fal.script({ webhook: "early", durationMs: 200 });
      const started = await flux();
      const submitted = await jobSubmitted(started.jobId);
      const request = fal.requests.get(submitted.providerRequestId!)!;
      const job = await jobEnded(userId, started.jobId);
      expect(request.webhookAnswers).toEqual([200]);
      expect(job.status).toBe("completed");
      expect((await getBalance(userId)).total).toBe(460);
    } finally {
      setEnv({ MEDIA_WEBHOOK_FALLBACK_MS: "60000" });
    }
  });

  test("a forged, stale or unsigned call is refused and changes nothing", async () => {
    fal.script({ never: true, webhook: "none" });
    const started = await flux();
    const submitted = await jobSubmitted(started.jobId);
    const request = fal.requests.get(submitted.providerRequestId!)!;
    const checks = request.statusChecks;
    expect((await postWebhook(request.requestId, { forged: true })).status).toBe(401);
    expect((await postWebhook(request.requestId, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const unsigned = new Request("http://localhost/api/webhooks/fal", { method: "POST", body: JSON.stringify({ request_id: request.requestId }) });
    expect(((await falWebhookAction(routeArgs(unsigned))) as Response).status).toBe(401);
    const job = await prisma().mediaJob.findUniqueOrThrow({ where: { id: started.jobId } });
    expect(job.status).toBe("submitted");
    expect(job.nextCheckAt.getTime()).toBe(submitted.nextCheckAt.getTime());
    expect(request.statusChecks).toBe(checks);
    expect((await getBalance(userId)).total).toBe(460);
    // A genuine call for a request fal has not finished only makes the app look.
    const genuine = await postWebhook(request.requestId);
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ received: true, job: true });
    while (request.statusChecks === checks) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await prisma().mediaJob.findUniqueOrThrow({ where: { id: started.jobId } })).status).toBe("submitted");
    await prisma().mediaJob.update({ where: { id: started.jobId }, data: { deadlineAt: new Date(Date.now() - 1000), nextCheckAt: new Date() } });
    expect((await jobEnded(userId, started.jobId)).status).toBe("failed");
  });

  test("a forged delivery from elsewhere leaves the job for the poll", async () => {
    setEnv({ MEDIA_WEBHOOK_FALLBACK_MS: "150" });
    try {
      fal.script({ webhook: "forged", durationMs: 30 });
      const started = await flux();
      const submitted = await jobSubmitted(started.jobId);
      const job = await jobEnded(userId, started.jobId);
      expect(fal.requests.get(submitted.providerRequestId!)!.webhookAnswers).toEqual([401]);
      expect(job.status).toBe("completed");
      expect((await getBalance(userId)).total).toBe(460);
    } finally {
      setEnv({ MEDIA_WEBHOOK_FALLBACK_MS: "60000" });
    }
  });

  test("for a request no job has is acknowledged and ignored", async () => {
    const answer = await postWebhook("not-a-request-of-ours");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, job: false });
  });
});
