import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { MediaJobView } from "~/lib/media-jobs";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { forgetFalKeysForTests } from "~/modules/media/fal-webhook.server";
import { jobForOwner } from "~/modules/media/jobs.server";
import { startMediaWorker } from "~/modules/media/worker.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { action as falWebhookAction } from "~/routes/api/webhooks.fal";
import { startFakeFal, type FalRequest } from "../fakes/fal-server";
import { createTestDatabase, type TestDatabase } from "./database";
import { routeArgs } from "./route-args";
import { ledgerSum, newUser } from "./tokens";

/** The environment a media test runs with: fast polls, fal at the fake, webhooks off unless a test turns them on. */
export const MEDIA_TEST_ENV: Record<string, string> = {
  MEDIA_POLL_INTERVAL_MS: "20",
  MEDIA_WORKER_TICK_MS: "20",
  MEDIA_DEMO_DELAY_MS: "0",
  MEDIA_WEBHOOK_FALLBACK_MS: "60000",
  MEDIA_JOB_LEASE_SECONDS: "30",
  FAL_WEBHOOKS: "off",
};

export function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

/**
 * A seeded catalogue whose fal models talk to a fake fal, and an HTTP server in front of the fal
 * webhook route (APP_URL points there), so the fake's webhooks reach the app as fal's would.
 */
export async function mediaWithFakeFal(db: TestDatabase) {
  const fal = await startFakeFal();
  const appServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://localhost${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const response = (await falWebhookAction(routeArgs(request))) as Response;
      res.writeHead(response.status, { "Content-Type": "application/json" });
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  const appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  const variables = { ...MEDIA_TEST_ENV, FAL_KEY: fal.key, FAL_BASE_URL: fal.url, FAL_JWKS_URL: fal.jwksUrl, APP_URL: appUrl };
  setEnv(variables);
  forgetFalKeysForTests();
  await seedCatalogueIfEmpty(db.database.prisma);
  await publishStarterModelsWithKeys(db.database.prisma);
  invalidateCatalogueCache();
  return {
    fal,
    appUrl,
    async stop() {
      setEnv(Object.fromEntries(Object.keys(variables).map((name) => [name, undefined])));
      await fal.close();
      appServer.closeAllConnections();
      await new Promise<void>((resolve) => appServer.close(() => resolve()));
    },
  };
}

/** Waits until the job has ended (completed, failed or cancelled) and answers it as its owner sees it. */
export async function jobEnded(userId: string, jobId: string): Promise<MediaJobView> {
  for (;;) {
    const job = await jobForOwner(userId, jobId);
    if (job.status !== "queued" && job.status !== "submitted") return job;
    await sleep(10);
  }
}

/** Waits until the job has been submitted to its provider. */
export async function jobSubmitted(jobId: string) {
  for (;;) {
    const job = await prisma().mediaJob.findUniqueOrThrow({ where: { id: jobId } });
    if (job.status !== "queued") return job;
    await sleep(10);
  }
}

/** The person's balance, after checking that it equals their transactions (adds minus deducts). */
export async function balanceMatchingLedger(userId: string) {
  const balance = await getBalance(userId);
  const open = await prisma().tokenReservation.aggregate({ where: { userId, status: "held" }, _sum: { freeAmount: true, purchasedAmount: true } });
  const held = (open._sum.freeAmount ?? 0) + (open._sum.purchasedAmount ?? 0);
  return { total: balance.total, ledger: await ledgerSum(userId), held };
}

/**
 * A media test file's world: a fresh database, fal at a fake (see mediaWithFakeFal), `env` on top
 * of MEDIA_TEST_ENV, and the media worker running. stop() ends all of it.
 */
export async function startMediaSuite(env: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const media = await mediaWithFakeFal(db);
  setEnv(env);
  const stopWorker = startMediaWorker();
  return {
    fal: media.fal,
    appUrl: media.appUrl,
    async stop() {
      await stopWorker();
      await media.stop();
      await db.dispose();
    },
  };
}

/** A new verified person holding 500 free tokens. */
export async function personWith500Tokens() {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 500, description: "test" });
  return userId;
}

/** Checks that the person's balance equals their transactions and that nothing is still held. */
export async function expectTokensSettled(userId: string) {
  const { total, ledger, held } = await balanceMatchingLedger(userId);
  expect(total).toBe(ledger);
  expect(held).toBe(0);
}

/** The most of these requests in progress at fal at one moment (each from its submit until fal completed it). */
export function mostAtOnceAtFal(requests: Pick<FalRequest, "submittedAt" | "completedAt">[]) {
  const moments = requests.flatMap((request) => [
    { at: request.submittedAt, change: 1 },
    { at: request.completedAt ?? Infinity, change: -1 },
  ]);
  // An end and a start in the same millisecond: the end comes first.
  moments.sort((a, b) => a.at - b.at || a.change - b.change);
  let now = 0;
  let most = 0;
  for (const moment of moments) {
    now += moment.change;
    most = Math.max(most, now);
  }
  return most;
}
