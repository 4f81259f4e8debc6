// Scale-out rehearsal: the production build as several instances on one PostgreSQL database and
// one S3 bucket, behind a round-robin load balancer with no sticky sessions, under a mixed load;
// the same load run once with 1 instance behind the balancer and once with 3, with their
// throughput side by side, and checks that what must hold across instances holds.
//
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:scale
//
// Started: the fakes in their own processes (bench/chat-stream/provider.ts, an OpenAI-compatible
// provider the app calls as Nebius; bench/scale/fakes.ts, the fake fal and the fake S3), the
// instances (`node --experimental-wasm-modules server.js`, NODE_ENV=production, each on its own
// port, all with APP_URL = the balancer's address, TRUST_PROXY=loopback, FAL_WEBHOOKS=on) and the
// balancer (bench/scale/balancer.ts). Before the first run, the scratch database is migrated and
// seeded with the app's own modules in this process; each run then creates its own people.
//
// The load of a run, all at once for BENCH_SECONDS, every request through the balancer:
//   - BENCH_STREAMS people each hold their live feed (GET /api/events) open on instance i and ask
//     for chat replies (POST /api/chat/:id/reply) on instance i+1, one after the other, a second
//     apart at least, until the time is up;
//   - BENCH_JOBS other people each start one image job (POST /generate, FLUX.1 [schnell]) at the
//     start; fal's webhooks come back through the balancer, so they land on any instance;
//   - BENCH_SIGN_IN_WORKERS clients sign in (POST /login) with the right password from many
//     addresses (X-Forwarded-For), and one guesser tries wrong passwords every 100 ms from the
//     address the rate-limit check (below) has just used up, so the limit refuses every guess;
//   - BENCH_READERS clients read the catalogue (GET /explore, /explore.data) anonymously.
// Then it waits for the replies in flight and the media jobs to finish (BENCH_DRAIN_SECONDS at most).
//
// Checks (any failure exits non-zero):
//   - no live event lost: every message a reply saved (the person's and the character's) arrives
//     on the person's feed, held at another instance than the one that saved it;
//   - no media job ran or was paid twice: fal got at most one submit per job, nobody has more than
//     one reservation or one settled for more than the job's cost, and every person's balance
//     (chat and media alike) equals the sum of their transactions;
//   - every media job ran once and was paid once by the end of the drain: completed, one submit,
//     one reservation settled for its cost (on an overloaded machine, jobs still waiting fail this);
//   - rate limits count across instances: 10 failed sign-ins from one address, the instances in
//     turn, and the 11th is refused (429) on every instance;
//   - no reply, catalogue read or sign-in failed, and the balancer reached every instance.
// The instances' warnings are counted by message and listed after the checks.
//
// Environment (all optional but BENCH_DATABASE_URL):
//   BENCH_DATABASE_URL     the PostgreSQL server; a scratch database cv_bench_scale_* is created there and dropped
//   BENCH_INSTANCES        the runs, as instance counts (default "1,3")
//   BENCH_STREAMS          people streaming chat replies, each with a live feed (default 100, which
//                          fits the watchdog on 2 shared cores; the issue's full load is 300, run
//                          with BENCH_STREAMS=300 BENCH_DEADLINE_MINUTES=12)
//   BENCH_JOBS             media jobs, one per person (default 100)
//   BENCH_SECONDS          how long the load runs (default 30)
//   BENCH_SIGN_IN_WORKERS  clients signing in (default 2: each password check is an scrypt, 128 MiB)
//   BENCH_READERS          clients reading the catalogue (default 10)
//   BENCH_CHUNKS           words per reply (default 20)
//   BENCH_CHUNK_DELAY_MS   the provider's pause between words (default 50)
//   BENCH_FAL_DURATION_MS  fal's own time per image (default 2000)
//   BENCH_DRAIN_SECONDS    how long to wait for the media jobs after the load (default 45)
//   BENCH_DEADLINE_MINUTES the watchdog: the whole run is stopped and cleaned up after this (default 8)
//   BENCH_NO_BUILD=1       use build/ as it is
//   BENCH_KEEP=1           keep the scratch database and data folder
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { platformsUnset } from "../app-client";
import { createScratchDatabase, ensureBuild, freePort, guardRun, machineBusy, percentile, removeScratch, sleep, stopChild, waitUntilHealthy } from "../machine";
import { fmt, log, positive, runBenchmark, table } from "../report";
import type { BalancerStats } from "./balancer";
import { abortLoad, askForReply, openFeed, signIn, StatusError, timed, type ReplyResult, type Streamer, type Timed } from "./clients";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HOST = "127.0.0.1";
const RUNS = (process.env.BENCH_INSTANCES ?? "1,3").split(",").map((count) => Math.round(Number(count)));
const STREAMS = Math.round(positive("BENCH_STREAMS", 100));
const JOBS = Math.round(positive("BENCH_JOBS", 100));
const SECONDS = positive("BENCH_SECONDS", 30);
const SIGN_IN_WORKERS = Math.round(positive("BENCH_SIGN_IN_WORKERS", 2));
const READERS = Math.round(positive("BENCH_READERS", 10));
const CHUNKS = Math.round(positive("BENCH_CHUNKS", 20));
const CHUNK_DELAY_MS = positive("BENCH_CHUNK_DELAY_MS", 50);
const FAL_DURATION_MS = Math.round(positive("BENCH_FAL_DURATION_MS", 2000));
const DRAIN_SECONDS = positive("BENCH_DRAIN_SECONDS", 45);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim();
const KEEP = process.env.BENCH_KEEP === "1";
const SERVER_PORT_BASE = Number(process.env.SERVER_PORT_BASE ?? 3500);
const FAKE_KEY = "bench-not-a-real-key";
const PASSWORD = "bench-password-1";
const MEDIA_MODEL = "FLUX.1 [schnell]";
const MEDIA_COST = 20;
const MEDIA_TOKENS = 100;
const CHAT_TOKENS = 100_000_000;
/** SIGN_IN_FAILURES in app/modules/security/rate-limit.server.ts: failures per address in 15 minutes. */
const SIGN_IN_LIMIT = 10;
/** The whole run, however it goes, is over by then (the brief: 8 minutes). */
const DEADLINE_MS = Math.round(positive("BENCH_DEADLINE_MINUTES", 8) * 60_000);

if (!POSTGRES_URL) throw new Error("BENCH_DATABASE_URL must name a PostgreSQL server: instances share a database only there");
if (RUNS.some((count) => !Number.isInteger(count) || count < 1)) throw new Error("BENCH_INSTANCES must be a comma-separated list of instance counts");

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever happens, every process started goes down and the scratch data goes away.

const children = new Set<ChildProcess>();
let dataDir: string | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>["scratch"] | undefined;
let db: pg.Pool | undefined;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  abortLoad.abort();
  await Promise.all([...children].map((child) => stopChild(child)));
  await db?.end().catch(() => {});
  await removeScratch(scratch, dataDir, KEEP);
}

const watchdog = guardRun(DEADLINE_MS, cleanup, () => {
  abortLoad.abort();
  for (const child of children) child.kill("SIGKILL");
});

// ---------------------------------------------------------------------------------------------
// Processes: the fakes, the instances, the balancer.

/** The AWS SDK's notice that its next versions need node 22, six lines from every instance. */
const SDK_NOTICE =
  /NodeVersionSupportWarning|versions published after|will require node|To continue receiving updates|and security updates please|a\.co\/c895JFp|--trace-warnings/;

/** The instances' warnings in this run, counted by message rather than printed (an overloaded pool logs hundreds). */
let instanceWarnings = new Map<string, number>();

function forwardLogs(child: ChildProcess, label: string) {
  const write = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      if (SDK_NOTICE.test(line)) continue;
      const entry = parseLogLine(line);
      if (entry && entry.level < 50) {
        const key = entry.err ? `${entry.msg} (${entry.err})` : entry.msg;
        instanceWarnings.set(key, (instanceWarnings.get(key) ?? 0) + 1);
      } else process.stdout.write(`  [${label}] ${line.slice(0, 600)}\n`);
    }
  };
  child.stderr?.on("data", write);
  return write;
}

function parseLogLine(line: string): { level: number; msg: string; err?: string } | undefined {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
    return typeof entry.level === "number" ? { level: entry.level, msg: entry.msg ?? "", err: entry.err?.message?.split("\n")[0] } : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a helper script in its own process; resolves with the JSON line it prints once listening. */
function startHelper<T>(script: string, name: string, env: Record<string, string>): Promise<{ child: ChildProcess; info: T }> {
  const child = spawn(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // The IPC channel lets the helper notice when this process dies, however it dies.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  forwardLogs(child, name);
  return new Promise((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes("\n")) resolve({ child, info: JSON.parse(buffered.split("\n")[0]!) as T });
    });
    child.once("exit", (code) => reject(new Error(`the ${name} exited (code ${code}) before listening`)));
    setTimeout(() => reject(new Error(`the ${name} did not start within 30 s`)), 30_000).unref();
  });
}

type Fakes = { providerUrl: string; falUrl: string; jwksUrl: string; falKey: string; s3Endpoint: string };

/**
 * The app's configuration, for this process (to prepare the data) and the instances alike. What
 * must be unset is set empty: the app reads ./.env for missing variables. Only Nebius has a key,
 * pointing at the provider; fal and S3 point at their fakes.
 */
function appEnvironment(fakes: Fakes, databaseUrl: string, appUrl: string, port: number): Record<string, string> {
  return {
    ...platformsUnset(),
    NODE_ENV: "production",
    DATA_DIR: dataDir!,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: appUrl,
    SESSION_SECRET: "bench-scale-secret-that-is-long-enough-to-pass",
    LOG_LEVEL: "warn",
    SEED_ON_START: "true",
    ADMIN_EMAIL: "",
    SMTP_URL: "",
    STRIPE_SECRET_KEY: "",
    TRUST_PROXY: "loopback",
    S3_BUCKET: "bench-scale",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: fakes.s3Endpoint,
    S3_ACCESS_KEY_ID: "bench",
    S3_SECRET_ACCESS_KEY: "bench-secret",
    NEBIUS_API_KEY: FAKE_KEY,
    NEBIUS_BASE_URL: fakes.providerUrl,
    FAL_KEY: fakes.falKey,
    FAL_BASE_URL: fakes.falUrl,
    FAL_JWKS_URL: fakes.jwksUrl,
    FAL_WEBHOOKS: "on",
  };
}

async function startInstance(env: Record<string, string>, label: string) {
  const inherited: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(NODE_OPTIONS|BENCH_)/.test(key)) inherited[key] = value;
  const child = spawn(process.execPath, ["--experimental-wasm-modules", "server.js"], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.stdout!.on("data", forwardLogs(child, label));
  await waitUntilHealthy(child, `http://${HOST}:${env.PORT}`);
  return child;
}

// ---------------------------------------------------------------------------------------------
// The data: migrated and seeded once with the app's own modules; people made for each run.

type People = { streamers: Streamer[]; media: { userId: string; cookie: string }[]; signIn: string[]; rateLimited: string; limitedAddress: string };
/** People made at a time (and the pool that makes them). */
const BATCH = 25;

async function prepareDatabase(env: Record<string, string>) {
  Object.assign(process.env, env);
  const { resetEnvForTests } = await import("../../app/modules/config/env.server");
  resetEnvForTests();
  const { openDatabase } = await import("../../app/modules/db/database.server");
  const { useDatabaseForTests } = await import("../../app/modules/db/db.server");
  const { prepareDatabase: prepare } = await import("../../app/modules/server/startup.server");
  const database = openDatabase({ kind: "postgres", url: env.DATABASE_URL! });
  useDatabaseForTests(database);
  try {
    await prepare(database, { seed: true });
  } finally {
    useDatabaseForTests(undefined);
    await database.close();
  }
}

/**
 * One run's people, made with the app's own functions. The streamers (login sessions, tokens, a
 * chat) and the sign-in accounts are made once and kept for the next run (`earlier`); each run
 * has its own media people (one job each) and its own account and address for the limit check.
 */
async function makePeople(env: Record<string, string>, label: string, runIndex: number, earlier?: People): Promise<People> {
  const { openDatabase } = await import("../../app/modules/db/database.server");
  const { useDatabaseForTests } = await import("../../app/modules/db/db.server");
  const { startLoginSession } = await import("../../app/modules/auth/login-session.server");
  const { startChat } = await import("../../app/modules/chat/sessions.server");
  const { credit } = await import("../../app/modules/tokens/ledger.server");
  const { hashPassword } = await import("../../app/modules/auth/password.server");
  const database = openDatabase({ kind: "postgres", url: env.DATABASE_URL!, poolSize: BATCH });
  useDatabaseForTests(database);
  try {
    const prisma = database.prisma;
    const character = await prisma.character.findFirst({ where: { isPublished: true }, orderBy: { createdAt: "desc" } });
    if (!character) throw new Error("the seed made no published character");
    const passwordHash = await hashPassword(PASSWORD);
    const request = new Request(env.APP_URL!, { headers: { "user-agent": "bench/scale" } });
    const person = async (kind: string, index: number, tokens: number) => {
      const user = await prisma.user.create({
        data: {
          email: `bench-${label}-${kind}-${index}@example.test`,
          name: `Bench ${kind} ${index}`,
          status: "active",
          emailVerifiedAt: new Date(),
          passwordHash,
        },
        select: { id: true, email: true },
      });
      if (tokens) await credit(user.id, { type: "purchased", amount: tokens, description: "Benchmark purchase" });
      return user;
    };
    const inBatches = async <T>(count: number, make: (index: number) => Promise<T>) => {
      const made: T[] = [];
      for (let start = 0; start < count; start += BATCH)
        made.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => make(start + i)))));
      return made;
    };
    const streamers =
      earlier?.streamers ??
      (await inBatches(STREAMS, async (index) => {
        const user = await person("chat", index, CHAT_TOKENS);
        const cookie = (await startLoginSession(user.id, request, HOST)).split(";")[0]!;
        return { userId: user.id, cookie, sessionId: await startChat(user.id, character.id) };
      }));
    const media = await inBatches(JOBS, async (index) => {
      const user = await person("media", index, MEDIA_TOKENS);
      return { userId: user.id, cookie: (await startLoginSession(user.id, request, HOST)).split(";")[0]! };
    });
    const signIn = earlier?.signIn ?? (await inBatches(20, async (index) => (await person("sign-in", index, 0)).email));
    const rateLimited = (await person("limited", 0, 0)).email;
    return { streamers, media, signIn, rateLimited, limitedAddress: `10.99.${runIndex}.1` };
  } finally {
    useDatabaseForTests(undefined);
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// One run: N instances behind the balancer, the load, the checks.

type RunResult = {
  instances: number;
  seconds: number;
  replies: ReplyResult[];
  replyErrors: number;
  replyRefused: number;
  firstError?: string;
  feedDelays: number[];
  lostEvents: number;
  expectedEvents: number;
  sameInstanceEvents: number;
  brokenFeeds: number;
  jobs: {
    completed: number;
    lost: number;
    /** people whose job was not paid exactly once (one reservation, settled for its cost) */
    notPaidOnce: number;
    /** people with more than one reservation, or one settled for more than the job's cost */
    paidTwice: number;
    submits: number;
    /** jobs fal got more than one submit for */
    submittedTwice: number;
    /** jobs fal got no submit for */
    neverSubmitted: number;
    jobsPerSecond: number;
    throughApp: number[];
  };
  warnings: [string, number][];
  unbalanced: number;
  signIns: { ok: Timed[]; refused: Timed[]; limited: Timed[]; other: Timed[] };
  reads: Timed[];
  rateLimit: { before: number[]; after: number[]; held: boolean };
  balancer: BalancerStats;
  machineCpu: number;
  loadBefore: string;
  loadAfter: string;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function runWith(instances: number, fakes: Fakes, databaseUrl: string, people: People, label: string): Promise<RunResult> {
  const balancerPort = await freePort(HOST, Number(process.env.E2E_PORT ?? 3580));
  const balancerUrl = `http://${HOST}:${balancerPort}`;
  const ports: number[] = [];
  for (let index = 0; index < instances; index++) ports.push(await freePort(HOST, SERVER_PORT_BASE + index));
  instanceWarnings = new Map();
  log(`starting ${instances} instance(s) on ports ${ports.join(", ")}`);
  const servers = await Promise.all(ports.map((port, index) => startInstance(appEnvironment(fakes, databaseUrl, balancerUrl, port), `instance ${index}`)));
  const { child: balancer } = await startHelper<{ url: string }>("bench/scale/balancer.ts", "balancer", {
    BALANCER_PORT: String(balancerPort),
    BALANCER_BACKENDS: ports.map((port) => `http://${HOST}:${port}`).join(","),
  });
  try {
    // Warm-up, discarded: each instance renders the catalogue and answers a feed once.
    for (let index = 0; index < instances * 3; index++) await timed(`${balancerUrl}/explore`);

    // Feeds first, each on the instance after the one its person's replies go to.
    const feeds = people.streamers.map((person, index) => openFeed(balancerUrl, person, index % instances));
    await Promise.all(feeds.map((feed) => feed.opened));
    const failedFeeds = feeds.filter((feed) => feed.broken);
    if (failedFeeds.length) throw new Error(`${failedFeeds.length} feeds did not open; the first: ${failedFeeds[0]!.broken}`);
    log(`${feeds.length} live feeds open; load for ${SECONDS} s`);

    const loadBefore = loadAverage();
    const cpuBefore = machineBusy();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    const replies: ReplyResult[] = [];
    let replyErrors = 0;
    let replyRefused = 0;
    let firstError: string | undefined;
    const streaming = people.streamers.map(async (person, index) => {
      // Spread the first asks over a second, as people arrive.
      await sleep((index / people.streamers.length) * 1000);
      while (performance.now() < until && !abortLoad.signal.aborted) {
        const asked = performance.now();
        try {
          replies.push({ person: index, ...(await askForReply(balancerUrl, person, (index + 1) % instances)) });
        } catch (error) {
          if (error instanceof StatusError && error.status === 429) replyRefused++;
          else replyErrors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
        // CHAT_REPLIES allows a person 60 replies a minute.
        await sleep(Math.max(0, 1100 - (performance.now() - asked)));
      }
    });

    const jobsStarted = Promise.all(
      people.media.map((person, index) =>
        timed(`${balancerUrl}/generate`, {
          method: "POST",
          headers: { cookie: person.cookie, origin: balancerUrl },
          body: new URLSearchParams({
            intent: "generate",
            type: "image",
            model: MEDIA_MODEL,
            prompt: `${label} job ${index}`,
            "setting.image_size": "square_hd",
            "setting.num_images": "1",
          }),
        }),
      ),
    );

    // Sign-ins with the right password, from many addresses; and a guesser with wrong ones from the
    // address the check above has used up, refused (429) wherever its guesses land.
    const signIns: RunResult["signIns"] = { ok: [], refused: [], limited: [], other: [] };
    const sort = (answer: Timed) => {
      const bucket = answer.status === 302 ? "ok" : answer.status === 429 ? "limited" : answer.status === 400 ? "refused" : "other";
      signIns[bucket].push(answer);
    };
    const failed = () => ({ ms: NaN, status: 0 });
    const signingIn = Array.from({ length: SIGN_IN_WORKERS }, async (_, worker) => {
      for (let attempt = 0; performance.now() < until && !abortLoad.signal.aborted; attempt++) {
        const email = people.signIn[(worker * 7 + attempt) % people.signIn.length]!;
        sort(await signIn(balancerUrl, email, PASSWORD, `10.${instances}.${worker}.${attempt % 250}`).catch(failed));
      }
    });
    // The rate limit across instances, within the load: 10 failures from one address, the
    // instances in turn, then the 11th on every instance, refused wherever it lands.
    const address = people.limitedAddress;
    const before: number[] = [];
    const after: number[] = [];
    const guessing = (async () => {
      for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt++)
        before.push((await signIn(balancerUrl, people.rateLimited, "wrong-password", address, attempt % instances)).status);
      for (let index = 0; index < instances; index++) after.push((await signIn(balancerUrl, people.rateLimited, "wrong-password", address, index)).status);
      for (let attempt = 0; performance.now() < until && !abortLoad.signal.aborted; attempt++) {
        sort(await signIn(balancerUrl, people.signIn[attempt % people.signIn.length]!, `guess-${attempt}`, address).catch(failed));
        await sleep(100);
      }
    })();

    const reads: Timed[] = [];
    const reading = Array.from({ length: READERS }, async (_, reader) => {
      for (let read = 0; performance.now() < until && !abortLoad.signal.aborted; read++) {
        const page = (reader + read) % 2 === 0 ? "/explore" : "/explore.data";
        reads.push(await timed(`${balancerUrl}${page}`).catch(() => ({ ms: NaN, status: 0 })));
      }
    });

    const jobAnswers = await jobsStarted;
    const notStarted = jobAnswers.filter((answer) => answer.status !== 302);
    if (notStarted.length) log(`${notStarted.length} media jobs were not started (answers: ${[...new Set(notStarted.map((a) => a.status))].join(", ")})`);
    await Promise.all([...streaming, ...signingIn, guessing, ...reading]);
    const loadEnded = performance.now();

    // The media jobs, to their end.
    const mediaIds = people.media.map((person) => person.userId);
    const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
    while (Date.now() < drainUntil) {
      const { rows } = await db!.query<{ running: number }>(
        `SELECT count(*)::int AS running FROM media_jobs WHERE user_id = ANY($1::uuid[]) AND status IN ('queued', 'submitted')`,
        [mediaIds],
      );
      if (rows[0]!.running === 0) break;
      await sleep(250);
    }
    // The last replies' events are a moment behind their streams.
    await sleep(2000);
    const machineCpu = ((machineBusy().busy - cpuBefore.busy) / Math.max(1, machineBusy().total - cpuBefore.total)) * 100;
    const loadAfter = loadAverage();
    feeds.forEach((feed) => feed.close());

    // Events: every message each reply saved, on the person's feed.
    let lostEvents = 0;
    let sameInstanceEvents = 0;
    const feedDelays: number[] = [];
    for (const reply of replies) {
      const feed = feeds[reply.person]!;
      for (const id of [reply.userMessageId, reply.replyId]) {
        const event = feed.events.get(id);
        if (!event) lostEvents++;
        else if (event.instance === reply.instance && instances > 1) sameInstanceEvents++;
      }
      const event = feed.events.get(reply.replyId);
      if (event) feedDelays.push(event.at - reply.savedAt);
    }
    const brokenFeeds = feeds.filter((feed) => feed.broken).length;

    // Media: ran once, paid once.
    const jobs = await mediaChecks(fakes, mediaIds, label);
    const { rows: unbalancedRows } = await db!.query<{ unbalanced: number }>(
      `SELECT count(*)::int AS unbalanced FROM token_balances b
         LEFT JOIN (SELECT user_id, SUM(CASE transaction_type WHEN 'add' THEN amount ELSE -amount END) AS sum FROM token_transactions GROUP BY user_id) t USING (user_id)
       WHERE b.user_id = ANY($1::uuid[]) AND b.balance_free + b.balance_purchased <> COALESCE(t.sum, 0)`,
      [[...mediaIds, ...people.streamers.map((person) => person.userId)]],
    );
    const stats = (await (await fetch(`${balancerUrl}/_balancer/stats`)).json()) as BalancerStats;
    return {
      instances,
      seconds: (loadEnded - started) / 1000,
      replies,
      replyErrors,
      replyRefused,
      firstError,
      feedDelays: feedDelays.sort((a, b) => a - b),
      lostEvents,
      expectedEvents: replies.length * 2,
      sameInstanceEvents,
      brokenFeeds,
      jobs,
      unbalanced: unbalancedRows[0]!.unbalanced,
      signIns,
      reads,
      rateLimit: { before, after, held: before.every((status) => status !== 429) && after.every((status) => status === 429) },
      balancer: stats,
      warnings: [...instanceWarnings].sort((a, b) => b[1] - a[1]),
      machineCpu,
      loadBefore,
      loadAfter,
    };
  } finally {
    await stopChild(balancer);
    await Promise.all(servers.map((server) => stopChild(server)));
  }
}

async function mediaChecks(fakes: Fakes, userIds: string[], label: string): Promise<RunResult["jobs"]> {
  const { rows: jobs } = await db!.query<{ user_id: string; status: string; prompt: string; created_at: Date; finished_at: Date | null }>(
    `SELECT user_id, status, prompt, created_at, finished_at FROM media_jobs WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  const { rows: reservations } = await db!.query<{ user_id: string; status: string; final_cost: number | null }>(
    `SELECT user_id, status::text, final_cost FROM token_reservations WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  const read = async () =>
    (await (await fetch(`${fakes.falUrl}/_fake/requests`)).json()) as { prompt: string; submittedAt: number; completedAt: number | null }[];
  const records = (await read().catch(read)).filter((record) => record.prompt.startsWith(`${label} job `));
  const submits = new Map<string, number>();
  for (const record of records) submits.set(record.prompt, (submits.get(record.prompt) ?? 0) + 1);
  const completed = jobs.filter((job) => job.status === "completed" && job.finished_at);
  let notPaidOnce = 0;
  let paidTwice = 0;
  for (const userId of userIds) {
    const own = reservations.filter((reservation) => reservation.user_id === userId);
    if (own.length !== 1 || own[0]!.status !== "settled" || own[0]!.final_cost !== MEDIA_COST) notPaidOnce++;
    if (own.length > 1 || own.some((reservation) => (reservation.final_cost ?? 0) > MEDIA_COST)) paidTwice++;
  }
  const first = Math.min(...jobs.map((job) => job.created_at.getTime()));
  const last = Math.max(...completed.map((job) => job.finished_at!.getTime()));
  return {
    completed: completed.length,
    lost: userIds.length - completed.length,
    notPaidOnce,
    paidTwice,
    submits: records.length,
    submittedTwice: [...submits.values()].filter((count) => count > 1).length,
    neverSubmitted: userIds.length - submits.size,
    jobsPerSecond: completed.length / Math.max(0.001, (last - first) / 1000),
    throughApp: completed.map((job) => job.finished_at!.getTime() - job.created_at.getTime()).sort((a, b) => a - b),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuild(ROOT);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-bench-scale-"));
  const created = await createScratchDatabase(POSTGRES_URL!, "cv_bench_scale");
  scratch = created.scratch;
  db = new pg.Pool({ connectionString: created.url, max: 3 });
  const { info: provider } = await startHelper<{ url: string }>("bench/chat-stream/provider.ts", "provider", {
    PROVIDER_PORT: "0",
    PROVIDER_CHUNKS: String(CHUNKS),
    PROVIDER_DELAY_MS: String(CHUNK_DELAY_MS),
  });
  const { info: fakeServices } = await startHelper<Omit<Fakes, "providerUrl">>("bench/scale/fakes.ts", "fakes", {
    BENCH_FAL_DURATION_MS: String(FAL_DURATION_MS),
  });
  const fakes: Fakes = { providerUrl: provider.url, ...fakeServices };

  const prepareEnv = appEnvironment(fakes, created.url, "http://127.0.0.1:3580", 3580);
  await prepareDatabase(prepareEnv);
  const { rows } = await db.query<{ version: string }>("SELECT version()");
  log(`scratch database ${scratch.name} migrated and seeded; ${rows[0]!.version.split(" on ")[0]}`);

  const results: RunResult[] = [];
  let people: People | undefined;
  for (const [runIndex, instances] of RUNS.entries()) {
    const label = `r${runIndex}x${instances}`;
    const making = performance.now();
    people = await makePeople(prepareEnv, label, runIndex, people);
    log(`made the run's people in ${fmt((performance.now() - making) / 1000, 1)} s`);
    log(`run ${runIndex + 1}: ${instances} instance(s); ${STREAMS} streaming people, ${JOBS} media jobs, load average ${loadAverage()}`);
    results.push(await runWith(instances, fakes, created.url, people, label));
  }
  report(results);
}

function report(results: RunResult[]) {
  const p = (values: number[], at: number) =>
    percentile(
      values.filter(Number.isFinite).sort((a, b) => a - b),
      at,
    );
  const header = ["", ...results.map((result) => `${result.instances} instance${result.instances > 1 ? "s" : ""}`)];
  const row = (name: string, pick: (result: RunResult) => string) => [name, ...results.map(pick)];
  const throughput = [
    header,
    row("load seconds", (r) => fmt(r.seconds, 1)),
    row("chat replies completed", (r) => String(r.replies.length)),
    row("chat replies / s", (r) => fmt(r.replies.length / r.seconds, 1)),
    row(
      "first token p50 / p95 ms",
      (r) =>
        `${fmt(
          p(
            r.replies.map((x) => x.firstToken),
            50,
          ),
        )} / ${fmt(
          p(
            r.replies.map((x) => x.firstToken),
            95,
          ),
        )}`,
    ),
    row(
      "complete p50 / p95 ms",
      (r) =>
        `${fmt(
          p(
            r.replies.map((x) => x.complete),
            50,
          ),
        )} / ${fmt(
          p(
            r.replies.map((x) => x.complete),
            95,
          ),
        )}`,
    ),
    row("reply errors / refused (429)", (r) => `${r.replyErrors} / ${r.replyRefused}`),
    row("feed event − the reply's complete event, p50 / p95 ms", (r) => `${fmt(p(r.feedDelays, 50))} / ${fmt(p(r.feedDelays, 95))}`),
    row("media jobs completed", (r) => `${r.jobs.completed} of ${r.jobs.completed + r.jobs.lost}`),
    row("media jobs / s", (r) => fmt(r.jobs.jobsPerSecond, 1)),
    row("media job through the app p50 / p95 ms", (r) => `${fmt(p(r.jobs.throughApp, 50))} / ${fmt(p(r.jobs.throughApp, 95))}`),
    row(
      "sign-ins ok / wrong password / limited (429) / other",
      (r) => `${r.signIns.ok.length} / ${r.signIns.refused.length} / ${r.signIns.limited.length} / ${r.signIns.other.length}`,
    ),
    row("sign-in (password checked) p50 ms", (r) =>
      fmt(
        p(
          [...r.signIns.ok, ...r.signIns.refused].map((x) => x.ms),
          50,
        ),
      ),
    ),
    row("catalogue reads / s", (r) => fmt(r.reads.filter((x) => x.status === 200).length / r.seconds, 1)),
    row(
      "catalogue read p50 / p95 ms",
      (r) =>
        `${fmt(
          p(
            r.reads.map((x) => x.ms),
            50,
          ),
        )} / ${fmt(
          p(
            r.reads.map((x) => x.ms),
            95,
          ),
        )}`,
    ),
    row("catalogue read errors", (r) => String(r.reads.filter((x) => x.status !== 200).length)),
    row("requests per instance", (r) => r.balancer.perInstance.join(" / ")),
    row("fal webhooks per instance", (r) => r.balancer.webhooksPerInstance.join(" / ")),
    row("fal webhook answers", (r) =>
      Object.entries(r.balancer.webhookStatuses)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", "),
    ),
    row("machine CPU busy %", (r) => fmt(r.machineCpu)),
    row("load average before → after", (r) => `${r.loadBefore} → ${r.loadAfter}`),
  ];
  const checks: { name: string; pass: (r: RunResult) => boolean; detail: (r: RunResult) => string }[] = [
    {
      name: "no live event lost across instances",
      pass: (r) => r.lostEvents === 0 && r.brokenFeeds === 0 && r.sameInstanceEvents === 0,
      detail: (r) =>
        `${r.expectedEvents - r.lostEvents} of ${r.expectedEvents} on the feeds${r.instances > 1 ? " at another instance" : ""}` +
        `${r.brokenFeeds ? `; ${r.brokenFeeds} feeds broke` : ""}${r.sameInstanceEvents ? `; ${r.sameInstanceEvents} on the same instance` : ""}`,
    },
    {
      name: "no media job ran or was paid twice; balances equal their transactions",
      pass: (r) => r.jobs.submittedTwice === 0 && r.jobs.paidTwice === 0 && r.unbalanced === 0,
      detail: (r) =>
        `${r.jobs.submits} fal submits; ${r.jobs.submittedTwice} jobs submitted twice, ${r.jobs.paidTwice} people charged twice, ${r.unbalanced} balances off their ledger`,
    },
    {
      name: "every media job ran once and was paid once, by the end",
      pass: (r) => r.jobs.lost === 0 && r.jobs.neverSubmitted === 0 && r.jobs.notPaidOnce === 0,
      detail: (r) =>
        `${r.jobs.completed} completed; ${r.jobs.neverSubmitted} never submitted; ${r.jobs.notPaidOnce} without one reservation settled for ${MEDIA_COST}`,
    },
    {
      name: "the sign-in limit counts across instances",
      pass: (r) => r.rateLimit.held,
      detail: (r) => `failures 1–${SIGN_IN_LIMIT}: ${[...new Set(r.rateLimit.before)].join(", ")}; the next on each instance: ${r.rateLimit.after.join(", ")}`,
    },
    {
      name: "no reply, read or job start failed",
      pass: (r) => r.replyErrors === 0 && r.reads.every((x) => x.status === 200) && r.signIns.other.length === 0 && r.balancer.failed === 0,
      detail: (r) =>
        `${r.replyErrors} reply errors${r.firstError ? ` (the first: ${r.firstError})` : ""}; balancer 502s: ${r.balancer.failed} ${JSON.stringify(r.balancer.errors)}`,
    },
  ];
  const checkRows = [
    ["check", ...header.slice(1)],
    ...checks.map((check) => [check.name, ...results.map((r) => `${check.pass(r) ? "pass" : "FAIL"}: ${check.detail(r)}`)]),
  ];

  console.log("");
  console.log(`Scale-out rehearsal — ${new Date().toISOString()}`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; node ${process.version}`);
  console.log(
    `Load: ${STREAMS} people streaming replies (${CHUNKS} words, ${CHUNK_DELAY_MS} ms apart) with their feeds on another instance, ${JOBS} image jobs ` +
      `(fal ${FAL_DURATION_MS} ms), ${SIGN_IN_WORKERS} sign-in clients, ${READERS} catalogue readers, for ${SECONDS} s`,
  );
  console.log("");
  console.log(table(throughput));
  console.log("");
  console.log(table(checkRows));
  for (const result of results) {
    if (result.warnings.length === 0) continue;
    console.log(`\nThe instances' warnings with ${result.instances} instance(s), by message:`);
    for (const [message, count] of result.warnings) console.log(`  ${count} × ${message}`);
  }
  if (results.some((result) => checks.some((check) => !check.pass(result)))) {
    console.log("\nFAILED: a check did not hold (see above)");
    process.exitCode = 1;
  }
}

await runBenchmark(main, cleanup, watchdog);
