// Media jobs benchmark: 100 concurrent image jobs through the fake fal, in webhook mode and in
// polling mode: the time each job takes through the app minus the time fal itself took (the
// time the app adds), p50 and p99, jobs per second, and that no job is lost or charged twice.
//
//   npm run bench:media
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:media
//
// The fake fal (bench/media-jobs/fal.ts, tests/fakes/fal-server.ts) runs in its own process:
// every request takes BENCH_FAL_DURATION_MS from submit to COMPLETED and holds one 256 × 256 PNG.
// The app runs in this process as each instance does: the media worker (started as at startup,
// with the app's default settings unless overridden below) and the fal webhook route's handler
// behind a node:http server that APP_URL points at.
//
// Each mode: BENCH_JOBS people, each with 100 tokens, start one job at once (FLUX.1 [schnell],
// square_hd, 1 image: 20 tokens) through startGeneration, as the Generate page does. Measured per
// job, from the database's own timestamps and the fake's: through the app = finished_at −
// created_at; fal's own = completed − submitted as the fake recorded them; added = the difference
// (the queue and claim, the submit call, noticing completion, fetching the result and the file,
// storing it (its thumbnail waits for its first request), and the settling transaction). Jobs per
// second: jobs over the time from the first created_at to the last finished_at.
//   - webhook mode: FAL_WEBHOOKS=on; the fallback poll is a minute away, so only webhooks finish jobs;
//   - polling mode: FAL_WEBHOOKS=off; jobs are asked about every MEDIA_POLL_INTERVAL_MS (the app's
//     default, 2000 ms, unless BENCH_POLL_INTERVAL_MS says otherwise).
// Before measuring, BENCH_WARMUP_JOBS jobs in polling mode warm the process up (discarded). Checked after each mode: every job completed, fal got exactly one submit per job, every
// reservation settled once for 20 tokens, and every balance is 80 and equals its transactions.
//
// Environment (all optional):
//   BENCH_JOBS               concurrent jobs, and people (default 100)
//   BENCH_FAL_DURATION_MS    fal's own time per request (default 2000)
//   BENCH_POLL_INTERVAL_MS   MEDIA_POLL_INTERVAL_MS in polling mode (default: the app's, 2000)
//   BENCH_WORKER_CONCURRENCY MEDIA_WORKER_CONCURRENCY (default: the app's, 32)
//   BENCH_MODES              the modes to run, comma-separated (default "webhook,polling")
//   BENCH_WARMUP_JOBS        warm-up jobs before measuring, 0 for none (default 20)
//   BENCH_DATABASE_URL       a PostgreSQL server instead of an in-memory PGlite (a scratch database is created and dropped)
//   BENCH_KEEP=1             keep the scratch database and data folder
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-bench-media-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "error";
process.env.SESSION_SECRET = "bench-secret-that-is-long-enough-to-pass-validation";
delete process.env.DATABASE_URL;

const { openDatabase } = await import("../../app/modules/db/database.server");
const { useDatabaseForTests } = await import("../../app/modules/db/db.server");
const { applyPendingMigrations } = await import("../../app/modules/db/migrate.server");
const { MIGRATIONS_DIR } = await import("../../app/modules/db/migrate.server");
const { resetEnvForTests } = await import("../../app/modules/config/env.server");
const { invalidateCatalogueCache } = await import("../../app/modules/catalogue/cache.server");
const { publishStarterModelsWithKeys, seedCatalogueIfEmpty } = await import("../../app/modules/seed/seed.server");
const { credit, getBalance } = await import("../../app/modules/tokens/ledger.server");
const { startGeneration } = await import("../../app/modules/media/jobs.server");
const { startMediaWorker } = await import("../../app/modules/media/worker.server");
const { handleFalWebhook } = await import("../../app/modules/media/fal-webhook.server");
const { createScratchDatabase, percentile, removeScratch, sleep, stopChild } = await import("../machine");
const { fmt, log, positive, runBenchmark, table } = await import("../report");

const JOBS = Math.round(positive("BENCH_JOBS", 100));
const FAL_DURATION_MS = Math.round(positive("BENCH_FAL_DURATION_MS", 2000));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const KEEP = process.env.BENCH_KEEP === "1";
const MODES = (process.env.BENCH_MODES ?? "webhook,polling")
  .split(",")
  .filter((mode): mode is "webhook" | "polling" => mode === "webhook" || mode === "polling");
const WARMUP_JOBS = Math.round(Number(process.env.BENCH_WARMUP_JOBS ?? 20));
const COST = 20;

let fal: ChildProcess | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>["scratch"] | undefined;
let appServer: http.Server | undefined;
let database: ReturnType<typeof openDatabase> | undefined;

type FalInfo = { url: string; jwksUrl: string; key: string };

/** What the fake recorded; tried again once, as a kept-alive connection the fake has just closed fails the first try. */
async function falRecords(falInfo: FalInfo): Promise<FalRecord[]> {
  const read = async () => (await (await fetch(`${falInfo.url}/_fake/requests`)).json()) as FalRecord[];
  return read().catch(read);
}
type FalRecord = { requestId: string; submittedAt: number; completedAt: number | null; prompt: string };

async function startFal(): Promise<FalInfo> {
  fal = spawn(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "bench/media-jobs/fal.ts"], {
    cwd: root,
    env: { ...process.env, BENCH_FAL_DURATION_MS: String(FAL_DURATION_MS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    fal!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(JSON.parse(output.split("\n")[0]!) as FalInfo);
    });
    fal!.on("exit", (code) => reject(new Error(`the fake fal exited (${code})`)));
  });
}

/** The fal webhook route's handler behind a plain HTTP server, as the app serves it. */
async function startWebhookServer() {
  appServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      handleFalWebhook(headers, Buffer.concat(chunks)).then(
        (answer) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer)),
        () => res.writeHead(401).end(),
      );
    });
  });
  await new Promise<void>((resolve) => appServer!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
}

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

async function openBenchDatabase() {
  if (!POSTGRES_URL) {
    database = openDatabase({ kind: "pglite" });
  } else {
    const created = await createScratchDatabase(POSTGRES_URL, "cv_bench_media");
    scratch = created.scratch;
    database = openDatabase({ kind: "postgres", url: created.url, poolSize: 20 });
  }
  await database.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR));
  useDatabaseForTests(database);
  return database;
}

type ModeResult = {
  mode: string;
  toSubmit: number[];
  afterFal: number[];
  added: number[];
  total: number[];
  own: number[];
  jobsPerSecond: number;
  completed: number;
  lost: number;
  doubleCharged: number;
  submits: number;
};

async function runMode(
  mode: "webhook" | "polling",
  falInfo: FalInfo,
  { jobs: count = JOBS, label = mode }: { jobs?: number; label?: string } = {},
): Promise<ModeResult> {
  const db = database!.prisma;
  setEnv(
    mode === "webhook"
      ? { FAL_WEBHOOKS: "on", MEDIA_WEBHOOK_FALLBACK_MS: "60000" }
      : { FAL_WEBHOOKS: "off", MEDIA_POLL_INTERVAL_MS: process.env.BENCH_POLL_INTERVAL_MS },
  );
  const people: string[] = [];
  for (let index = 0; index < count; index++) {
    const user = await db.user.create({ data: { email: `bench-${label}-${index}@example.test`, status: "active" }, select: { id: true } });
    await credit(user.id, { type: "free", amount: 100, description: "Benchmark tokens" });
    people.push(user.id);
  }
  const before = new Set((await falRecords(falInfo)).map((record) => record.requestId));
  const stopWorker = startMediaWorker();
  const prompt = (index: number) => `${label} job ${index}`;
  const started = await Promise.all(
    people.map((userId, index) =>
      startGeneration({ userId, modelId: "FLUX.1 [schnell]", prompt: prompt(index), settings: { image_size: "square_hd", num_images: "1" } }),
    ),
  );
  const ids = started.map((job) => job.jobId);
  const deadline = Date.now() + 300_000;
  while ((await db.mediaJob.count({ where: { id: { in: ids }, status: { in: ["queued", "submitted"] } } })) > 0 && Date.now() < deadline) await sleep(50);
  await stopWorker();

  const jobs = await db.mediaJob.findMany({ where: { id: { in: ids } } });
  const records = (await falRecords(falInfo)).filter((record) => !before.has(record.requestId));
  const byRequest = new Map(records.map((record) => [record.requestId, record]));
  const total: number[] = [];
  const own: number[] = [];
  const added: number[] = [];
  const toSubmit: number[] = [];
  const afterFal: number[] = [];
  for (const job of jobs) {
    const record = job.providerRequestId ? byRequest.get(job.providerRequestId) : undefined;
    if (job.status !== "completed" || !job.finishedAt || !record?.completedAt) continue;
    const through = job.finishedAt.getTime() - job.createdAt.getTime();
    const fals = record.completedAt - record.submittedAt;
    total.push(through);
    own.push(fals);
    added.push(through - fals);
    toSubmit.push(record.submittedAt - job.createdAt.getTime());
    afterFal.push(job.finishedAt.getTime() - record.completedAt);
  }
  const completed = jobs.filter((job) => job.status === "completed");
  const first = Math.min(...jobs.map((job) => job.createdAt.getTime()));
  const last = Math.max(...completed.map((job) => job.finishedAt!.getTime()));
  let doubleCharged = 0;
  for (const userId of people) {
    const reservations = await db.tokenReservation.findMany({ where: { userId } });
    const settled = reservations.filter((reservation) => reservation.status === "settled" && reservation.finalCost === COST).length;
    const [sum] = await db.$queryRaw<{ sum: number }[]>`
      SELECT COALESCE(SUM(CASE transaction_type WHEN 'add' THEN amount ELSE -amount END), 0)::int AS sum FROM token_transactions WHERE user_id = ${userId}::uuid`;
    const balance = (await getBalance(userId)).total;
    if (settled !== 1 || reservations.length !== 1 || balance !== 100 - COST || sum!.sum !== balance) doubleCharged++;
  }
  const submitsPerPrompt = new Map<string, number>();
  for (const record of records) submitsPerPrompt.set(record.prompt, (submitsPerPrompt.get(record.prompt) ?? 0) + 1);
  return {
    mode,
    toSubmit: toSubmit.sort((a, b) => a - b),
    afterFal: afterFal.sort((a, b) => a - b),
    added: added.sort((a, b) => a - b),
    total: total.sort((a, b) => a - b),
    own: own.sort((a, b) => a - b),
    jobsPerSecond: completed.length / ((last - first) / 1000),
    completed: completed.length,
    lost: count - completed.length,
    doubleCharged,
    submits: records.length,
  };
}

async function main() {
  const db = await openBenchDatabase();
  const falInfo = await startFal();
  const appUrl = await startWebhookServer();
  setEnv({ FAL_KEY: falInfo.key, FAL_BASE_URL: falInfo.url, FAL_JWKS_URL: falInfo.jwksUrl, APP_URL: appUrl });
  if (process.env.BENCH_WORKER_CONCURRENCY) setEnv({ MEDIA_WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY });
  await seedCatalogueIfEmpty(db.prisma);
  await publishStarterModelsWithKeys(db.prisma);
  invalidateCatalogueCache();
  log(`${JOBS} concurrent image jobs, fal's own time ${FAL_DURATION_MS} ms each, on ${POSTGRES_URL ? "PostgreSQL" : "PGlite"}; ${os.cpus().length} cores`);
  // Discarded: the first jobs of a process pay for its warm-up (JIT, sharp, connections), which a
  // server in production has long paid.
  if (WARMUP_JOBS > 0) {
    log("warm-up...");
    await runMode("polling", falInfo, { jobs: WARMUP_JOBS, label: "warm-up" });
  }
  const results: ModeResult[] = [];
  for (const mode of MODES) {
    log(`${mode} mode...`);
    results.push(await runMode(mode, falInfo));
  }
  const rows = [
    [
      "mode",
      "added p50 (ms)",
      "added p99 (ms)",
      "to submit p50 / p99",
      "after fal p50 / p99",
      "through app p50 (ms)",
      "fal's own p50 (ms)",
      "jobs/s",
      "completed",
      "lost",
      "double-charged",
      "fal submits",
    ],
  ];
  for (const result of results) {
    rows.push([
      result.mode,
      fmt(percentile(result.added, 50)),
      fmt(percentile(result.added, 99)),
      `${fmt(percentile(result.toSubmit, 50))} / ${fmt(percentile(result.toSubmit, 99))}`,
      `${fmt(percentile(result.afterFal, 50))} / ${fmt(percentile(result.afterFal, 99))}`,
      fmt(percentile(result.total, 50)),
      fmt(percentile(result.own, 50)),
      fmt(result.jobsPerSecond, 1),
      String(result.completed),
      String(result.lost),
      String(result.doubleCharged),
      String(result.submits),
    ]);
  }
  process.stdout.write(`\n${table(rows)}\n\n`);
  const failed = results.some((result) => result.lost > 0 || result.doubleCharged > 0 || result.submits !== JOBS);
  if (failed) {
    log("FAILED: a job was lost, charged wrongly or submitted more than once");
    process.exitCode = 1;
  }
}

const watchdog = setTimeout(() => {
  log("FAILED: the benchmark took more than 15 minutes");
  fal?.kill("SIGKILL");
  process.exit(1);
}, 15 * 60_000);

await runBenchmark(
  main,
  async () => {
    await stopChild(fal);
    appServer?.closeAllConnections();
    appServer?.close();
    await database?.close();
    await removeScratch(scratch, KEEP ? undefined : dataDir, KEEP);
  },
  watchdog,
);
