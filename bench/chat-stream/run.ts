// Chat streaming benchmark: time to first token and time to last token of a chat reply through
// the app (the production build, POST /api/chat/:sessionId/reply) against the same stream read
// directly from the provider, at 1 and at 100 concurrent streams; and the server's memory at 100.
//
//   npm run bench:chat
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:chat
//
// The provider is bench/chat-stream/provider.ts in its own process: an OpenAI-compatible
// endpoint whose every streamed reply is BENCH_CHUNKS one-word deltas, the first at once and the
// next ones BENCH_CHUNK_DELAY_MS apart. The app calls it as Nebius (NEBIUS_BASE_URL), through the
// starter model deepseek-v3, exactly as it would call the real platform.
//
// The floor: bench/chat-stream/relay.ts, in its own process, is the least a server in the middle
// can be (node:http, fetch to the provider, eventsource-parser, the app's SSE events; nothing
// else). At 1 stream it is measured in turn with the app and the direct stream, and what it adds
// is reported beside what the app adds.
//
// Before the server starts, the benchmark prepares its database with the app's own modules
// (migrations, starter catalogue, models published for the configured key) and creates
// BENCH_STREAMS users, each with a login session, a large token credit and a chat session on a
// seeded character: concurrent streams belong to different people, as they would in production.
//
// Measured, with a client in this process reading each stream as it arrives:
//   - through the app: from sending the POST to the first `message` event (first token) and to
//     the `complete` event (last token; the reply is saved and the tokens settled by then);
//   - directly: the same client POSTs to the provider; from sending to the first content delta
//     and to `data: [DONE]`.
// At 1 stream, BENCH_REQUESTS requests of each kind one after the other, app and direct in turn;
// at BENCH_STREAMS streams, BENCH_ROUNDS rounds of each, app and direct rounds in turn. First,
// discarded, the server is warmed up as a server in production is: BENCH_WARMUP_ROUNDS rounds of
// BENCH_STREAMS streams and 5 single ones of each kind. Before each measured block the benchmark
// waits until the machine's CPU has been at least 90 % idle for BENCH_IDLE_SECONDS.
//
// Server memory: the server process's resident set (VmRSS, Linux /proc) idle after start and
// sampled every 25 ms during each 100-stream round through the app (with PGlite the database
// lives in that process too; with PostgreSQL it does not).
//
// "Where the time goes", from outside the server: the app's pre-model phases timed by calling the
// app's own functions in this process on the same database before the server starts, and HTTP
// probes that stop at successive points of the reply route (see the report).
//
// Environment (all optional):
//   BENCH_REQUESTS          requests of each kind at 1 stream (default 30)
//   BENCH_ROUNDS            rounds of each kind at BENCH_STREAMS streams (default 5)
//   BENCH_STREAMS           concurrent streams, and users (default 100)
//   BENCH_WARMUP_ROUNDS     discarded rounds of BENCH_STREAMS streams of each kind first (default 2)
//   BENCH_CHUNKS            content deltas per reply (default 50)
//   BENCH_CHUNK_DELAY_MS    pause between deltas (default 20)
//   BENCH_FIRST_TOKEN_MS    the provider's own wait before its first delta (default 0: at once)
//   BENCH_IDLE_SECONDS      idle seconds required before a measured block (default 10)
//   BENCH_IDLE_MAX_SECONDS  give up waiting for idle after this long and go on (default 300)
//   BENCH_PHASES=0          skip the in-process phase timing
//   BENCH_DATABASE_URL      a PostgreSQL server to use instead of embedded PGlite; the benchmark
//                           creates (and afterwards drops) its own scratch database there
//   BENCH_NO_BUILD=1        use build/ as it is, even if app/ has changed since it was built
//   BENCH_SERVER_FLAGS      extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//   BENCH_KEEP=1            keep the temporary data directory (and scratch database)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { platformsUnset, readEvents } from "../app-client";
import { fmt, log, positive, runBenchmark, table } from "../report";
import { providerWords } from "./provider";
import {
  createScratchDatabase as createScratch,
  ensureBuild,
  freePort,
  guardRun,
  machineBusy,
  percentile,
  removeScratch,
  sleep,
  stopChild,
  waitUntilHealthy,
} from "../machine";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HOST = "127.0.0.1";
const REQUESTS = Math.round(positive("BENCH_REQUESTS", 30));
const ROUNDS = Math.round(positive("BENCH_ROUNDS", 5));
const STREAMS = Math.round(positive("BENCH_STREAMS", 100));
const CHUNKS = Math.round(positive("BENCH_CHUNKS", 50));
const CHUNK_DELAY_MS = positive("BENCH_CHUNK_DELAY_MS", 20);
const FIRST_TOKEN_MS = Number(process.env.BENCH_FIRST_TOKEN_MS ?? 0);
const IDLE_SECONDS = Math.round(positive("BENCH_IDLE_SECONDS", 10));
const IDLE_MAX_SECONDS = positive("BENCH_IDLE_MAX_SECONDS", 300);
const PHASES = process.env.BENCH_PHASES !== "0";
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const KEEP = process.env.BENCH_KEEP === "1";
const MESSAGE = "Tell me a short story about the sea.";
const MODEL = "deepseek-v3";
const FAKE_KEY = "bench-not-a-real-key";
const WARMUP_REQUESTS = 5;
const WARMUP_ROUNDS = Math.round(positive("BENCH_WARMUP_ROUNDS", 2));
const PHASE_ITERATIONS = 40;
const PHASE_WARMUP = 10;
const PROBES = 30;

/** The build, the idle waits, the data and every run: bounded, so a hang cannot last forever. */
const DEADLINE_MS = 20 * 60_000 + 3 * IDLE_MAX_SECONDS * 1000 + (2 * REQUESTS + 2 * ROUNDS + 2 * WARMUP_ROUNDS) * (CHUNKS * CHUNK_DELAY_MS + 5000);

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever happens, the server and the provider go down and the temporary data goes away.

let server: ChildProcess | undefined;
let provider: ChildProcess | undefined;
let bareRelay: ChildProcess | undefined;
let dataDir: string | undefined;
let scratch: { adminUrl: string; name: string } | undefined;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await stopChild(server);
  server = undefined;
  await stopChild(provider);
  provider = undefined;
  await stopChild(bareRelay);
  bareRelay = undefined;
  await removeScratch(scratch, dataDir, KEEP);
}

const watchdog = guardRun(DEADLINE_MS, cleanup, () => {
  server?.kill("SIGKILL");
  provider?.kill("SIGKILL");
  bareRelay?.kill("SIGKILL");
});

// ---------------------------------------------------------------------------------------------
// Build, provider, database, server.

function forwardLogs(child: ChildProcess, label: string) {
  const write = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) process.stdout.write(`  [${label}] ${line}\n`);
  };
  child.stderr?.on("data", write);
  return write;
}

/** Starts a helper (provider or bare relay) in its own process; resolves with the URL it prints once listening. */
function startHelper(script: string, name: string, env: Record<string, string>, keep: (child: ChildProcess) => void): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // The IPC channel lets the helper notice when this process dies, however it dies.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  keep(child);
  forwardLogs(child, name);
  return new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n")[0];
      if (buffered.includes("\n")) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`the ${name} exited (code ${code}) before listening`)));
    setTimeout(() => reject(new Error(`the ${name} did not start within 30 s`)), 30_000).unref();
  });
}

function startProvider() {
  const env = { PROVIDER_PORT: "0", PROVIDER_CHUNKS: String(CHUNKS), PROVIDER_DELAY_MS: String(CHUNK_DELAY_MS), PROVIDER_FIRST_MS: String(FIRST_TOKEN_MS) };
  return startHelper("bench/chat-stream/provider.ts", "provider", env, (child) => (provider = child));
}

function startBareRelay(providerUrl: string) {
  return startHelper("bench/chat-stream/relay.ts", "bare relay", { RELAY_PROVIDER_URL: providerUrl, RELAY_API_KEY: FAKE_KEY }, (child) => (bareRelay = child));
}

async function createScratchDatabase(adminUrl: string) {
  const created = await createScratch(adminUrl, "cv_bench_chat");
  scratch = created.scratch;
  return created.url;
}

type Config = {
  appUrl: string;
  port: number;
  providerUrl: string;
  /** the bare relay (relay.ts): the floor any server in the middle adds */
  bareRelayUrl: string;
  databaseUrl?: string;
  sessionSecret: string;
};

/**
 * The app's configuration, for this process (to prepare the data) and for the server alike. What
 * must be unset is set empty: the app reads ./.env for missing variables, and an empty one counts
 * as set there but as "not configured" to the app. Only Nebius has a key, pointing at the provider.
 */
function appEnvironment(config: Config): Record<string, string> {
  return {
    ...platformsUnset(),
    NODE_ENV: "production",
    DATA_DIR: dataDir!,
    DATABASE_URL: config.databaseUrl ?? "",
    PORT: String(config.port),
    APP_URL: config.appUrl,
    SESSION_SECRET: config.sessionSecret,
    LOG_LEVEL: "warn",
    SEED_ON_START: "true",
    ADMIN_EMAIL: "",
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    SMTP_URL: "",
    NEBIUS_API_KEY: FAKE_KEY,
    NEBIUS_BASE_URL: config.providerUrl,
  };
}

async function startServer(config: Config) {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(NODE_OPTIONS|BENCH_)/.test(key)) env[key] = value;
  const flags = ["--experimental-wasm-modules", ...(process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean)];
  const child = spawn(process.execPath, [...flags, "server.js"], {
    cwd: ROOT,
    env: { ...env, ...appEnvironment(config) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  const write = forwardLogs(child, "server");
  child.stdout!.on("data", write);
  await waitUntilHealthy(child, config.appUrl);
}

// ---------------------------------------------------------------------------------------------
// The data: prepared with the app's own modules, before the server opens the database.

type Person = { userId: string; cookie: string; sessionId: string };
type Phase = { name: string; p50: number; p95: number; statements?: number };
type Prepared = {
  people: Person[];
  broke: Person;
  characterName: string;
  version: string;
  phases: Phase[];
};

async function prepareData(config: Config): Promise<Prepared> {
  // The app's modules read process.env when first used; set it, then load them.
  Object.assign(process.env, appEnvironment(config));
  const { resetEnvForTests } = await import("../../app/modules/config/env.server");
  resetEnvForTests();
  const { openDatabase } = await import("../../app/modules/db/database.server");
  const { useDatabaseForTests } = await import("../../app/modules/db/db.server");
  const { prepareDatabase } = await import("../../app/modules/server/startup.server");
  const { startLoginSession } = await import("../../app/modules/auth/login-session.server");
  const { startChat } = await import("../../app/modules/chat/sessions.server");
  const { credit } = await import("../../app/modules/tokens/ledger.server");

  const database = openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: path.join(dataDir!, "pglite") },
  );
  useDatabaseForTests(database);
  try {
    const started = performance.now();
    await prepareDatabase(database, { seed: true });
    const prisma = database.prisma;
    const model = await prisma.chatModel.findFirst({
      where: { chatModel: MODEL },
    });
    if (!model?.isPublished || model.aiPlatform !== "nebius") throw new Error(`${MODEL} is not a published Nebius model after seeding`);
    const character = await prisma.character.findFirst({
      where: { isPublished: true },
      orderBy: { createdAt: "desc" },
    });
    if (!character) throw new Error("the seed made no published character");
    log(`migrated and seeded in ${fmt((performance.now() - started) / 1000, 1)} s; ${MODEL} costs ${model.costTokens} tokens a message`);

    const request = new Request(config.appUrl, {
      headers: { "user-agent": "bench/chat-stream" },
    });
    const person = async (label: string, tokens: number): Promise<Person> => {
      const user = await prisma.user.create({
        data: {
          email: `bench-chat-${label}@example.test`,
          name: `Bench ${label}`,
          status: "active",
          emailVerifiedAt: new Date(),
        },
        select: { id: true },
      });
      const cookie = (await startLoginSession(user.id, request, HOST)).split(";")[0]!;
      if (tokens)
        await credit(user.id, {
          type: "purchased",
          amount: tokens,
          description: "Benchmark purchase",
        });
      const sessionId = await startChat(user.id, character.id);
      return { userId: user.id, cookie, sessionId };
    };
    const people: Person[] = [];
    for (let i = 0; i < STREAMS; i++) people.push(await person(String(i), 100_000_000));
    // One more without tokens: its replies stop at the reservation (402), a probe of the steps before it.
    const broke = await person("broke", 0);
    log(`created ${STREAMS} users, each with a login session, 100,000,000 tokens and a chat with ${character.name}, and one without tokens`);

    let phases: Phase[] = [];
    if (PHASES) {
      await waitForIdle("phase timing");
      phases = await timePhases(config, people[0]!);
    }
    const [{ version }] = await prisma.$queryRaw<{ version: string }[]>`SELECT version()`;
    return { people, broke, characterName: character.name, version, phases };
  } finally {
    useDatabaseForTests(undefined);
    await database.close();
  }
}

/**
 * What the reply route does before it calls the model, with the app's own functions on the same
 * database (this process, before the server starts; the app's code is not touched). The route
 * calls prepareReply, whose one statement reads the sign-in, the session's context and the model,
 * reserves the tokens and saves the person's message; the sign-in lookup and a reservation on
 * their own are timed for scale. The reply is saved after the model, so it is timed on its own.
 */
async function timePhases(config: Config, person: Person): Promise<Phase[]> {
  const { getCurrentUser, loginSessionIdOf } = await import("../../app/modules/auth/login-session.server");
  const { getOwnSession } = await import("../../app/modules/chat/sessions.server");
  const { saveMessage } = await import("../../app/modules/chat/messages.server");
  const { holdReservation, releaseReservation } = await import("../../app/modules/tokens/reservations.server");
  const { publishChatEvent } = await import("../../app/modules/chat/realtime.server");
  const { abandonReply, prepareReply } = await import("../../app/modules/chat/reply.server");

  const names = [
    "sign-in lookup alone (getCurrentUser), for scale",
    "reservation alone (holdReservation), for scale",
    "before the model: prepareReply (sign-in, context, model, reservation, the message saved and announced: one statement)",
    "saving the reply and its NOTIFY (saveMessage: one statement), after the model",
    "a NOTIFY alone (publishChatEvent, as for a deletion), for scale",
  ];
  const times: number[][] = names.map(() => []);
  // On PostgreSQL, every statement (and BEGIN/COMMIT) the app sends is one pg Client.query: count them per step.
  let sent = 0;
  const counts: number[] = [];
  const originalQuery = pg.Client.prototype.query;
  if (config.databaseUrl) {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      sent++;
      return (originalQuery as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
  }
  const request = () => new Request(`${config.appUrl}/api/chat/${person.sessionId}/reply`, { headers: { cookie: person.cookie } });
  try {
    for (let iteration = 0; iteration < PHASE_WARMUP + PHASE_ITERATIONS; iteration++) {
      const keep = iteration >= PHASE_WARMUP;
      const took: number[] = [];
      counts.length = 0;
      const step = async <T>(work: () => Promise<T>) => {
        const began = performance.now();
        const before = sent;
        const result = await work();
        took.push(performance.now() - began);
        counts.push(sent - before);
        return result;
      };
      const user = await step(() => getCurrentUser(request()));
      if (!user) throw new Error("phase timing: the cookie did not sign in");
      const session = await getOwnSession(user.id, person.sessionId);
      const reservation = await step(() =>
        holdReservation(user.id, 1, { purpose: "chat_message", description: "Benchmark phase timing", referenceId: session.id }),
      );
      await releaseReservation(reservation.id);
      const prepared = await step(() => prepareReply({ loginSessionId: loginSessionIdOf(request())! }, person.sessionId, { text: MESSAGE }));
      if (prepared.model.name !== MODEL) throw new Error(`phase timing: the chosen model is ${prepared.model.name}, not ${MODEL}`);
      await abandonReply(prepared);
      await step(() => saveMessage(session, user.id, { senderType: "user", message: MESSAGE }));
      await step(() => publishChatEvent({ kind: "message", userId: user.id, sessionId: session.id, messageId: randomUUID() }));
      if (keep) took.forEach((ms, index) => times[index]!.push(ms));
    }
  } finally {
    pg.Client.prototype.query = originalQuery;
  }
  // Those 50 asks count against the person's CHAT_REPLIES a minute; the measured streams that follow start afresh.
  const { clearLimit } = await import("../../app/modules/security/rate-limit.server");
  await clearLimit(`chat-reply:user:${person.userId}`);
  return names.map((name, index) => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return {
      name,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      statements: config.databaseUrl ? counts[index] : undefined,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The client: one stream, read as it arrives.

type Sample = {
  /** ms from sending to the response headers */
  headers: number;
  /** ms to the app's `user` event (the person's message saved, while the model is being called) */
  user?: number;
  firstToken: number;
  lastDelta: number;
  lastToken: number;
  text: string;
};

class StreamError extends Error {}

function streamThroughApp(config: Config, person: Person): Promise<Sample> {
  return streamFromServer(`${config.appUrl}/api/chat/${person.sessionId}/reply`, { cookie: person.cookie, origin: config.appUrl });
}

/** The same request and reading as through the app, against the bare relay. */
function streamThroughBareRelay(config: Config): Promise<Sample> {
  return streamFromServer(config.bareRelayUrl, {});
}

async function streamFromServer(url: string, headers: Record<string, string>): Promise<Sample> {
  const began = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, accept: "text/event-stream" },
    body: new URLSearchParams({ message: MESSAGE }),
  });
  const headersAt = performance.now() - began;
  if (response.status !== 200 || !response.body) throw new StreamError(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  let user: number | undefined;
  let firstToken: number | undefined;
  let lastDelta = NaN;
  let text = "";
  let complete: { at: number; message: string } | undefined;
  await readEvents(response, (event, at) => {
    if (event.event === "user") user = at - began;
    else if (event.event === "message") {
      firstToken ??= at - began;
      lastDelta = at - began;
      text += (JSON.parse(event.data) as { text: string }).text;
    } else if (event.event === "complete") {
      complete = {
        at: at - began,
        message: (JSON.parse(event.data) as { message: string }).message,
      };
      return true;
    } else if (event.event === "error") throw new StreamError(`the app sent an error event: ${event.data}`);
  });
  if (!complete || firstToken === undefined) throw new StreamError("the stream ended without a complete event");
  if (complete.message !== text) throw new StreamError("the saved reply differs from the streamed text");
  return { headers: headersAt, user, firstToken, lastDelta, lastToken: complete.at, text };
}

async function streamDirectly(config: Config): Promise<Sample> {
  const began = performance.now();
  const response = await fetch(`${config.providerUrl}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${FAKE_KEY}`,
    },
    body: JSON.stringify({
      model: "deepseek-ai/DeepSeek-V3",
      messages: [
        { role: "system", content: "You are a helpful AI assistant." },
        { role: "user", content: MESSAGE },
      ],
      temperature: 0.6,
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  const headers = performance.now() - began;
  if (response.status !== 200 || !response.body) throw new StreamError(`the provider answered ${response.status}`);
  let firstToken: number | undefined;
  let lastDelta = NaN;
  let text = "";
  let done: number | undefined;
  await readEvents(response, (event, at) => {
    if (event.data === "[DONE]") {
      done = at - began;
      return true;
    }
    const content = (JSON.parse(event.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
    if (content) {
      firstToken ??= at - began;
      lastDelta = at - began;
      text += content;
    }
  });
  if (done === undefined || firstToken === undefined) throw new StreamError("the provider's stream ended without [DONE]");
  return { headers, firstToken, lastDelta, lastToken: done, text };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Series = { samples: Sample[]; errors: number; firstError?: string };
const newSeries = (): Series => ({ samples: [], errors: 0 });

async function record(series: Series | undefined, work: () => Promise<Sample>, expected: string) {
  try {
    const sample = await work();
    if (sample.text !== expected)
      throw new StreamError(`the streamed text differs from the provider's reply (${sample.text.length} of ${expected.length} characters)`);
    series?.samples.push(sample);
  } catch (error) {
    if (!series) throw error;
    series.errors++;
    series.firstError ??= error instanceof Error ? error.message : String(error);
  }
}

function stat(series: Series, pick: (sample: Sample) => number | undefined, p: number) {
  const values = series.samples.map(pick).filter((value): value is number => value !== undefined && Number.isFinite(value));
  return percentile(
    values.sort((a, b) => a - b),
    p,
  );
}

function machineCpuSince(from: ReturnType<typeof machineBusy>) {
  const to = machineBusy();
  return ((to.busy - from.busy) / Math.max(1, to.total - from.total)) * 100;
}

/** Waits until the whole machine has been at least 90 % idle for IDLE_SECONDS in a row; others share it. */
async function waitForIdle(label: string) {
  const started = Date.now();
  let streak = 0;
  let previous = machineBusy();
  while (streak < IDLE_SECONDS) {
    if (Date.now() - started > IDLE_MAX_SECONDS * 1000) {
      log(`${label}: the machine was not idle within ${IDLE_MAX_SECONDS} s; measuring anyway`);
      return { waited: (Date.now() - started) / 1000, idle: false };
    }
    await sleep(1000);
    const now = machineBusy();
    const busy = (now.busy - previous.busy) / Math.max(1, now.total - previous.total);
    previous = now;
    streak = busy <= 0.1 ? streak + 1 : 0;
  }
  const waited = (Date.now() - started) / 1000;
  log(
    `${label}: machine ≥ 90 % idle for ${IDLE_SECONDS} s (waited ${fmt(waited)} s); load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  return { waited, idle: true };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU time (user + system, all threads) the server process has used so far, in ms; Linux only. */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${server?.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** The server process's resident set in MiB (VmRSS); Linux only. */
function serverRssMiB() {
  try {
    const match = fs.readFileSync(`/proc/${server?.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Waits until the server has used under 10 ms of CPU in 250 ms (at most 5 s): the last round's tail is not the next one's load. */
async function drain() {
  let previous = serverCpuMs();
  for (let waited = 0; waited < 5000; waited += 250) {
    await sleep(250);
    const now = serverCpuMs();
    if (!Number.isFinite(now) || now - previous < 10) return;
    previous = now;
  }
}

type Block = {
  app: Series;
  direct: Series;
  /** at 1 stream only */
  bareRelay: Series;
  machineCpu: number;
  serverCpuMsPerStream: number;
  idle: boolean;
};

/** Samples the server's resident set every 25 ms while `work` runs; the peak in MiB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = serverRssMiB();
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMiB())), 25);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(sampler);
  }
}

/** STREAMS streams at once, one per person, all through the app, all through the bare relay or all directly. */
function round(config: Config, people: Person[], series: Series | undefined, kind: "app" | "relay" | "direct", expected: string) {
  const stream = (person: Person) =>
    kind === "app" ? streamThroughApp(config, person) : kind === "relay" ? streamThroughBareRelay(config) : streamDirectly(config);
  return Promise.all(people.map((person) => record(series, () => stream(person), expected)));
}

/**
 * A server in production has answered many requests: its hot code is optimised. So the
 * measurements start only after WARMUP_ROUNDS rounds of STREAMS streams, and WARMUP_REQUESTS
 * single ones, of each kind.
 */
async function warmUp(config: Config, people: Person[], expected: string, rssPeaks: number[]) {
  log(`warm-up (discarded): ${WARMUP_ROUNDS} rounds of ${STREAMS} streams and ${WARMUP_REQUESTS} single streams, of each kind`);
  for (let r = 0; r < WARMUP_ROUNDS; r++) {
    rssPeaks.push((await peakRss(() => round(config, people, undefined, "app", expected))).peak);
    await drain();
    await round(config, people, undefined, "direct", expected);
    await drain();
    await round(config, people, undefined, "relay", expected);
    await drain();
  }
  for (let i = 0; i < WARMUP_REQUESTS; i++) {
    await record(undefined, () => streamThroughApp(config, people[i % people.length]!), expected);
    await record(undefined, () => streamDirectly(config), expected);
    await record(undefined, () => streamThroughBareRelay(config), expected);
  }
}

const newBlock = (idle: boolean): Block => ({
  app: newSeries(),
  direct: newSeries(),
  bareRelay: newSeries(),
  machineCpu: NaN,
  serverCpuMsPerStream: NaN,
  idle,
});

async function oneStream(config: Config, people: Person[], expected: string): Promise<Block> {
  log(`1 stream: ${REQUESTS} requests of each kind, app, direct and bare relay in turn`);
  const { idle } = await waitForIdle("1 stream");
  const block = newBlock(idle);
  const machine = machineBusy();
  let cpu = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const before = serverCpuMs();
    await record(block.app, () => streamThroughApp(config, people[i % people.length]!), expected);
    cpu += serverCpuMs() - before;
    await record(block.direct, () => streamDirectly(config), expected);
    await record(block.bareRelay, () => streamThroughBareRelay(config), expected);
  }
  block.serverCpuMsPerStream = cpu / REQUESTS;
  block.machineCpu = machineCpuSince(machine);
  return block;
}

async function manyStreams(config: Config, people: Person[], expected: string, rssPeaks: number[]): Promise<Block> {
  log(`${STREAMS} streams: ${ROUNDS} rounds of each kind, app, direct and bare relay rounds in turn`);
  const { idle } = await waitForIdle(`${STREAMS} streams`);
  const block = newBlock(idle);
  const machine = machineBusy();
  let serverCpu = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const cpu = serverCpuMs();
    const began = performance.now();
    const { peak } = await peakRss(() => round(config, people, block.app, "app", expected));
    rssPeaks.push(peak);
    serverCpu += serverCpuMs() - cpu;
    log(`  app round ${r + 1}: ${fmt(performance.now() - began)} ms; server RSS peak ${fmt(peak)} MiB`);
    await drain();
    await round(config, people, block.direct, "direct", expected);
    await drain();
    await round(config, people, block.bareRelay, "relay", expected);
    await drain();
  }
  block.serverCpuMsPerStream = serverCpu / (ROUNDS * STREAMS);
  block.machineCpu = machineCpuSince(machine);
  return block;
}

/** HTTP requests that stop at successive points of the reply route, timed from outside. */
/**
 * A round trip to PostgreSQL costs far more after a pause (the server process, and on a virtual
 * machine its CPU, must wake up) than back to back. At 1 stream every reply meets the first kind.
 */
async function databaseWakeUps(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const time = async (pauseMs: number) => {
      const took: number[] = [];
      for (let i = 0; i < 5 + PROBES; i++) {
        if (pauseMs) await sleep(pauseMs);
        const began = performance.now();
        await client.query("SELECT 1");
        if (i >= 5) took.push(performance.now() - began);
      }
      took.sort((a, b) => a - b);
      return { p50: percentile(took, 50), p95: percentile(took, 95) };
    };
    return [
      { name: "after 300 ms without a query", ...(await time(300)) },
      { name: "back to back", ...(await time(0)) },
    ];
  } finally {
    await client.end();
  }
}

async function probes(config: Config, people: Person[], broke: Person) {
  const time = async (work: () => Promise<Response>, status: number) => {
    const began = performance.now();
    const response = await work();
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`probe answered ${response.status}, expected ${status}`);
    return performance.now() - began;
  };
  const post = (person: Person, sessionId: string, message: string) =>
    fetch(`${config.appUrl}/api/chat/${sessionId}/reply`, {
      method: "POST",
      headers: { cookie: person.cookie, origin: config.appUrl },
      body: new URLSearchParams({ message }),
    });
  const kinds = [
    {
      name: "GET /favicon.svg (a static file: the client, Express, helmet)",
      run: () => time(() => fetch(`${config.appUrl}/favicon.svg`), 200),
    },
    {
      name: "GET /healthz (+ React Router, SELECT 1)",
      run: () => time(() => fetch(`${config.appUrl}/healthz`), 200),
    },
    {
      name: "POST reply, empty message → 400 (+ the form read and checked)",
      run: (p: Person) => time(() => post(p, p.sessionId, ""), 400),
    },
    {
      name: "POST reply, unknown session → 404 (+ the one statement: sign-in and context found nothing)",
      run: (p: Person) => time(() => post(p, randomUUID(), MESSAGE), 404),
    },
    {
      name: "POST reply, no tokens → 402 (+ model choice, reservation refused in the same statement)",
      run: () => time(() => post(broke, broke.sessionId, MESSAGE), 402),
    },
  ];
  const results = kinds.map(() => [] as number[]);
  for (let i = 0; i < 5 + PROBES; i++) {
    for (const [index, kind] of kinds.entries()) {
      const ms = await kind.run(people[i % people.length]!);
      if (i >= 5) results[index]!.push(ms);
    }
  }
  return kinds.map((kind, index) => {
    const sorted = results[index]!.sort((a, b) => a - b);
    return {
      name: kind.name,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
    };
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, node ${process.version}, ${os.platform()} ${os.release()}`;
  log(`machine: ${machine}`);
  log(
    `load average before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );

  ensureBuild(ROOT);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-bench-chat-"));
  const providerUrl = await startProvider();
  const bareRelayUrl = await startBareRelay(providerUrl);
  const port = await freePort(HOST);
  const config: Config = {
    appUrl: `http://${HOST}:${port}`,
    port,
    providerUrl,
    bareRelayUrl,
    databaseUrl: POSTGRES_URL ? await createScratchDatabase(POSTGRES_URL) : undefined,
    sessionSecret: randomBytes(32).toString("hex"),
  };
  const expected = providerWords(CHUNKS).join("");
  log(`provider at ${providerUrl}: ${CHUNKS} deltas a reply, the first after ${FIRST_TOKEN_MS} ms, then ${CHUNK_DELAY_MS} ms apart`);
  log(`database: ${config.databaseUrl ? `PostgreSQL, scratch database ${scratch!.name}` : `PGlite in ${dataDir}/pglite`}; server port ${port}`);

  const prepared = await prepareData(config);
  const kind = config.databaseUrl ? "PostgreSQL" : "PGlite (embedded, in the server process)";
  log(`database: ${kind} — ${prepared.version}`);

  await startServer(config);
  await sleep(3000);
  const rssIdle = serverRssMiB();
  log(`server RSS idle after start: ${fmt(rssIdle)} MiB`);

  // End to end, once: the app's stream must carry the provider's words, and be saved whole.
  const check = await streamThroughApp(config, prepared.people[0]!);
  if (check.text !== expected) throw new Error(`the app streamed ${JSON.stringify(check.text.slice(0, 60))}…, not the provider's reply`);
  log(
    `checked: a reply through the app carries all ${CHUNKS} deltas and is saved (first token ${fmt(check.firstToken, 1)} ms, complete ${fmt(check.lastToken)} ms)`,
  );

  const rssPeaks: number[] = [];
  await warmUp(config, prepared.people, expected, rssPeaks);
  const one = await oneStream(config, prepared.people, expected);
  const phaseProbes = await probes(config, prepared.people, prepared.broke);
  const wakeUps = config.databaseUrl ? await databaseWakeUps(config.databaseUrl) : undefined;
  const many = await manyStreams(config, prepared.people, expected, rssPeaks);
  await sleep(2000);
  const rssAfter = serverRssMiB();
  log(
    `load average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  await stopChild(server);
  server = undefined;

  // ------------------------------------------------------------------------------------------
  // Report.
  const rows = [["streams", "path", "first token p50 ms", "p95 ms", "last token p50 ms", "p95 ms", "streams measured", "errors"]];
  const added: { streams: number; first: number; last: number; relayFirst: number; relayLast: number; completeAfterLastDelta: number }[] = [];
  let floor = NaN;
  for (const [streams, block] of [
    [1, one],
    [STREAMS, many],
  ] as const) {
    const single = block === one;
    for (const [name, series] of [
      ["direct from the provider", block.direct],
      ["through the app", block.app],
      ["through a bare relay (relay.ts)", block.bareRelay],
    ] as const) {
      rows.push([
        String(streams),
        name,
        fmt(
          stat(series, (s) => s.firstToken, 50),
          1,
        ),
        fmt(
          stat(series, (s) => s.firstToken, 95),
          1,
        ),
        fmt(
          stat(series, (s) => s.lastToken, 50),
          1,
        ),
        fmt(
          stat(series, (s) => s.lastToken, 95),
          1,
        ),
        String(series.samples.length),
        String(series.errors),
      ]);
    }
    const first = stat(block.app, (s) => s.firstToken, 50) - stat(block.direct, (s) => s.firstToken, 50);
    const last = stat(block.app, (s) => s.lastToken, 50) - stat(block.direct, (s) => s.lastToken, 50);
    rows.push([String(streams), "added by the app (p50 − p50)", fmt(first, 1), "", fmt(last, 1), "", "", ""]);
    const relayFirst = stat(block.bareRelay, (s) => s.firstToken, 50) - stat(block.direct, (s) => s.firstToken, 50);
    const relayLast = stat(block.bareRelay, (s) => s.lastToken, 50) - stat(block.direct, (s) => s.lastToken, 50);
    rows.push([String(streams), "added by a bare relay (p50 − p50)", fmt(relayFirst, 1), "", fmt(relayLast, 1), "", "", ""]);
    rows.push([String(streams), "app added ÷ relay added", fmt(first / relayFirst, 2) + "×", "", fmt(last / relayLast, 2) + "×", "", "", ""]);
    added.push({ streams, first, last, relayFirst, relayLast, completeAfterLastDelta: stat(block.app, (s) => s.lastToken - s.lastDelta, 50) });
    if (single) floor = relayFirst;
  }

  const detail = [
    [
      "streams",
      "app: headers p50 ms",
      "app: `user` event p50 ms",
      "app: first token p50 ms",
      "app: last delta p50 ms",
      "app: complete p50 ms",
      "direct: headers p50 ms",
      "direct: last delta p50 ms",
      "server CPU ms/stream",
      "machine CPU %",
      "idle before",
    ],
  ];
  for (const [streams, block] of [
    [1, one],
    [STREAMS, many],
  ] as const) {
    const median = (series: Series, pick: (sample: Sample) => number | undefined) => fmt(stat(series, pick, 50), 1);
    detail.push([
      String(streams),
      median(block.app, (s) => s.headers),
      median(block.app, (s) => s.user),
      median(block.app, (s) => s.firstToken),
      median(block.app, (s) => s.lastDelta),
      median(block.app, (s) => s.lastToken),
      median(block.direct, (s) => s.headers),
      median(block.direct, (s) => s.lastDelta),
      fmt(block.serverCpuMsPerStream, 1),
      fmt(block.machineCpu),
      block.idle ? "yes" : "no (timed out)",
    ]);
  }

  console.log("");
  console.log(`Chat streaming benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${machine}`);
  console.log(`Database: ${kind}; ${prepared.version.split(" on ")[0]}`);
  console.log(
    `Provider: ${CHUNKS} one-word deltas per reply, the first ${FIRST_TOKEN_MS ? `after ${FIRST_TOKEN_MS} ms` : "at once"}, then every ${CHUNK_DELAY_MS} ms; model ${MODEL} (Nebius) in the app`,
  );
  console.log(`Load: 1 stream × ${REQUESTS} requests of each kind; ${STREAMS} concurrent streams (one per user) × ${ROUNDS} rounds of each kind`);
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log(table(detail));
  console.log("");
  console.log(
    `Server memory (VmRSS): ${fmt(rssIdle)} MiB idle after start; peak ${fmt(Math.max(...rssPeaks))} MiB during the ${STREAMS}-stream rounds through the app ` +
      `(per round, warm-up first: ${rssPeaks.map((peak) => fmt(peak)).join(", ")}); ${fmt(rssAfter)} MiB 2 s after the last`,
  );
  const [single, crowd] = [added[0]!, added[1]!];
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  console.log(
    `Target, at ${crowd.streams} streams the app adds at most 1.2× what the bare relay adds: first token ${fmt(crowd.first / crowd.relayFirst, 2)}× ` +
      `(${verdict(crowd.first <= 1.2 * crowd.relayFirst)}), last token ${fmt(crowd.last / crowd.relayLast, 2)}× (${verdict(crowd.last <= 1.2 * crowd.relayLast)})`,
  );
  console.log(
    `Target, at 1 stream the complete event comes at most 10 ms after the provider's last word: ${fmt(single.completeAfterLastDelta, 1)} ms at the median ` +
      `(${verdict(single.completeAfterLastDelta <= 10)}; the bare relay adds ${fmt(floor, 1)} ms to the first token on this machine)`,
  );

  console.log("");
  console.log("Where the time goes, from outside the server (1 request at a time):");
  console.log("");
  console.log(table([["HTTP probe", "p50 ms", "p95 ms"], ...phaseProbes.map((p) => [p.name, fmt(p.p50, 2), fmt(p.p95, 2)])]));
  if (wakeUps) {
    console.log("");
    console.log("One PostgreSQL round trip (`SELECT 1` on an open pg connection, from this process), as a reply at 1 stream meets it and back to back:");
    console.log("");
    console.log(table([["round trip", "p50 ms", "p95 ms"], ...wakeUps.map((w) => [w.name, fmt(w.p50, 2), fmt(w.p95, 2)])]));
  }
  if (prepared.phases.length) {
    console.log("");
    console.log(
      `The reply route's steps before the model call, timed with the app's own functions in this process on the same database (${PHASE_ITERATIONS} runs):`,
    );
    console.log("");
    console.log(
      table([
        ["step", "p50 ms", "p95 ms", "statements sent"],
        ...prepared.phases.map((p) => [p.name, fmt(p.p50, 2), fmt(p.p95, 2), p.statements === undefined ? "(PostgreSQL only)" : String(p.statements)]),
      ]),
    );
  }

  const failures = [one.app, one.direct, one.bareRelay, many.app, many.direct, many.bareRelay].filter((series) => series.errors > 0);
  if (failures.length) {
    console.log(`\nFAILED: ${failures.map((s) => `${s.errors} failed streams (the first: ${s.firstError})`).join("; ")}`);
    process.exitCode = 1;
  }
}

await runBenchmark(main, cleanup, watchdog);
