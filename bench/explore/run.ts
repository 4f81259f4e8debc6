// Explore search benchmark: the production build against a fresh catalogue of 10,000 published
// characters, comparing /explore?q=... with a trivial page (/language) and /healthz.
//
//   npm run build && npm run bench
//
// Environment (all optional):
//   BENCH_SECONDS          measured seconds per route (default 15)
//   BENCH_WARMUP_SECONDS   discarded warm-up seconds per route (default 3)
//   BENCH_CONNECTIONS      concurrent connections (default 50)
//   BENCH_CHARACTERS       published characters in the catalogue (default 10000)
//   BENCH_PORT             port for the server on 127.0.0.1 (default 3300, or a free one)
//   BENCH_DATABASE_URL     a PostgreSQL server to use instead of embedded PGlite; the benchmark
//                          creates (and afterwards drops) its own scratch database there
//   BENCH_ANALYZE          1 to run ANALYZE after the bulk insert, 0 not to; default: only on
//                          PostgreSQL, whose autovacuum would do it on its own within a minute
//                          (PGlite runs no autovacuum)
//   BENCH_ENCODING         Accept-Encoding sent with every request (default "gzip, deflate, br",
//                          what browsers send, so the server's compression is measured too;
//                          "identity" to measure without it)
//   BENCH_ROUTES           comma-separated subset of: explore,language,healthz
//   BENCH_KEEP=1           keep the temporary data directory (and scratch database)
//   BENCH_NO_BUILD=1       use build/ as it is, even if app/ has changed since it was built
//   BENCH_SERVER_FLAGS     extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//                          (summarise with bench/explore/profile-summary.mjs)
//
// "server CPU ms/req" is the server process's CPU time (all threads, from /proc; Linux only)
// during the measured run divided by the responses completed: approximate (requests still in
// flight when the run stops are counted in the CPU but not in the responses).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { Prisma } from "../../app/generated/prisma/client";
import { openDatabase, type Database } from "../../app/modules/db/database.server";
import { SEARCH_TERMS, syntheticCharacters } from "./dataset";
import { createScratchDatabase as createScratch, ensureBuild, freePort, guardRun, removeScratch, sleep, stopChild, waitUntilHealthy } from "../machine";
import { fmt, log, positive, runBenchmark, table } from "../report";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HOST = "127.0.0.1";
const SECONDS = positive("BENCH_SECONDS", 15);
const WARMUP_SECONDS = positive("BENCH_WARMUP_SECONDS", 3);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 50);
const CHARACTERS = positive("BENCH_CHARACTERS", 10_000);
const KEEP = process.env.BENCH_KEEP === "1";
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const ANALYZE = process.env.BENCH_ANALYZE ? process.env.BENCH_ANALYZE === "1" : Boolean(POSTGRES_URL);
const ENCODING = process.env.BENCH_ENCODING ?? "gzip, deflate, br";
const ROUTES = (process.env.BENCH_ROUTES ?? "explore,language,healthz").split(",").map((route) => route.trim());
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The whole run is bounded: builds, two server starts, the insert, and every load run. */
const DEADLINE_MS = 15 * 60_000 + ROUTES.length * (SECONDS + WARMUP_SECONDS) * 1000;

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever happens, the server goes down and the temporary data goes away.

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let scratch: { adminUrl: string; name: string } | undefined;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await stopServer();
  await removeScratch(scratch, dataDir, KEEP);
}

const watchdog = guardRun(DEADLINE_MS, cleanup, () => server?.kill("SIGKILL"));

// ---------------------------------------------------------------------------------------------
// Build, database, server.

async function createScratchDatabase(adminUrl: string) {
  const created = await createScratch(adminUrl, "cv_bench");
  scratch = created.scratch;
  return created.url;
}

function serverEnv(port: number, databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The server's configuration comes only from here, never from the caller's shell.
    if (/^(DATABASE_URL|DATA_DIR|PORT|APP_URL|LOG_LEVEL|SEED_ON_START|S3_|NODE_OPTIONS$)/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    NODE_ENV: "production",
    DATA_DIR: dataDir!,
    PORT: String(port),
    APP_URL: `http://${HOST}:${port}`,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

async function startServer(port: number, databaseUrl: string | undefined) {
  const child = spawn(process.execPath, [...serverNodeFlags(), "scripts/start-local.js"], {
    cwd: ROOT,
    env: serverEnv(port, databaseUrl),
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  const relay = (stream: NodeJS.ReadableStream) =>
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) process.stdout.write(`  [server] ${line}\n`);
    });
  relay(child.stdout!);
  relay(child.stderr!);
  await waitUntilHealthy(child, `http://${HOST}:${port}`);
}

/** Extra flags for the server process, e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
function serverNodeFlags() {
  return ["--experimental-wasm-modules", ...(process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean)];
}

async function stopServer() {
  const child = server;
  server = undefined;
  await stopChild(child);
}

/** Tops the seeded catalogue up to CHARACTERS published characters, through the app's own Prisma client. */
async function fillCatalogue(db: Database) {
  const prisma = db.prisma;
  const seeded = await prisma.character.findMany({
    where: { isPublished: true },
    select: { avatarUrl: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const avatars = [...new Set(seeded.map((row) => row.avatarUrl).filter((url): url is string => Boolean(url)))];
  const oldest = seeded[0]?.createdAt.getTime() ?? Date.now();
  const missing = CHARACTERS - seeded.length;
  log(`seeded catalogue: ${seeded.length} published characters, ${avatars.length} avatars; adding ${Math.max(0, missing)}`);
  if (missing <= 0) return;

  const started = Date.now();
  let batch: Prisma.CharacterCreateManyInput[] = [];
  let index = 0;
  const flush = async () => {
    if (batch.length) await prisma.character.createMany({ data: batch });
    batch = [];
  };
  for (const character of syntheticCharacters(missing)) {
    batch.push({
      name: character.name,
      description: character.description,
      avatarUrl: avatars.length ? avatars[index % avatars.length] : null,
      categoryId: character.categoryId,
      welcomeMessage: character.welcomeMessage,
      isPublished: true,
      tags: character.tags,
      createdAt: new Date(oldest - 60_000 - character.ageMs),
    });
    index++;
    if (batch.length === 1000) await flush();
  }
  await flush();
  log(`inserted ${missing} characters in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (ANALYZE) {
    await prisma.$executeRawUnsafe("ANALYZE characters");
    log("ran ANALYZE characters");
  }
}

async function describeDatabase(db: Database) {
  const [row] = await db.prisma.$queryRawUnsafe<{ version: string }[]>("SELECT version()");
  const counts: Record<string, number> = {};
  for (const term of SEARCH_TERMS) {
    const [match] = await db.prisma.$queryRawUnsafe<{ count: bigint }[]>(
      "SELECT count(*) AS count FROM characters WHERE is_published AND search_text LIKE $1",
      `%${term}%`,
    );
    counts[term] = Number(match.count);
  }
  const [total] = await db.prisma.$queryRawUnsafe<{ count: bigint }[]>("SELECT count(*) AS count FROM characters WHERE is_published");
  return { version: row.version, counts, total: Number(total.count) };
}

// ---------------------------------------------------------------------------------------------
// Load.

type Measurement = { route: string; what: string; result: autocannon.Result; cpuMsPerRequest?: number };

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU time (user + system, all threads) the server process has used so far, in ms; Linux only. */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${server?.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function load(port: number, route: string, paths: string[], seconds: number) {
  return autocannon({
    url: `http://${HOST}:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "user-agent": USER_AGENT, accept: "text/html,*/*", "accept-encoding": ENCODING },
    requests: paths.map((p) => ({ method: "GET", path: p })),
    timeout: 30,
    title: route,
  });
}

/**
 * After the warm-up the server may still be working on requests whose clients are gone; wait
 * until it is idle (at most 5 s) so that work is not counted in the measured run.
 */
async function drain() {
  let previous = serverCpuMs();
  for (let waited = 0; waited < 5000; waited += 250) {
    await sleep(250);
    const now = serverCpuMs();
    if (previous === undefined || now === undefined) return sleep(1000);
    if (now - previous < 10) return;
    previous = now;
  }
}

/** One request per path before loading: each must answer 200, and explore must show the expected count. */
async function checkResponses(port: number, paths: string[], expected?: Record<string, number>) {
  for (const p of paths) {
    const response = await fetch(`http://${HOST}:${port}${p}`, { headers: { "user-agent": USER_AGENT } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${p} answered ${response.status}`);
    const term = new URL(p, "http://x").searchParams.get("q");
    if (term && expected) {
      const shown = body.match(/(\d+) characters?</)?.[1];
      if (Number(shown) !== expected[term]) throw new Error(`GET ${p} shows ${shown} characters, expected ${expected[term]}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const cpus = os.cpus();
  log(
    `machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  log(
    `load average before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );

  ensureBuild(ROOT);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-bench-explore-"));
  const port = await freePort(HOST, Number(process.env.BENCH_PORT ?? 3300));
  const databaseUrl = POSTGRES_URL ? await createScratchDatabase(POSTGRES_URL) : undefined;
  log(`database: ${databaseUrl ? `PostgreSQL, scratch database ${scratch!.name}` : `PGlite in ${dataDir}/pglite`}; port ${port}`);

  // 1. The real server migrates and seeds the starter catalogue, then stops (PGlite is single-process).
  await startServer(port, databaseUrl);
  await stopServer();

  // 2. Bulk insert with the app's own database module.
  const db = openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  let info: Awaited<ReturnType<typeof describeDatabase>>;
  try {
    await fillCatalogue(db);
    info = await describeDatabase(db);
  } finally {
    await db.close();
  }
  const kind = databaseUrl ? "PostgreSQL" : "PGlite (embedded, in the server process)";
  log(`database: ${kind} — ${info.version}`);
  log(`published characters: ${info.total}; rows matching each term: ${SEARCH_TERMS.map((t) => `${t}=${info.counts[t]}`).join(", ")}`);

  // 3. The server again, now over the full catalogue.
  await startServer(port, databaseUrl);

  const targets: Record<string, { what: string; paths: string[] }> = {
    explore: { what: `/explore?q=<${SEARCH_TERMS.join("|")}>`, paths: SEARCH_TERMS.map((t) => `/explore?q=${encodeURIComponent(t)}`) },
    language: { what: "/language", paths: ["/language"] },
    healthz: { what: "/healthz", paths: ["/healthz"] },
  };
  await checkResponses(port, targets.explore.paths, info.counts);
  await checkResponses(port, ["/language", "/healthz"]);

  const measurements: Measurement[] = [];
  for (const route of ROUTES) {
    const target = targets[route];
    if (!target) throw new Error(`unknown route in BENCH_ROUTES: ${route}`);
    log(`${target.what}: ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, ${CONNECTIONS} connections`);
    await load(port, route, target.paths, WARMUP_SECONDS);
    await drain();
    const cpuBefore = serverCpuMs();
    const result = await load(port, route, target.paths, SECONDS);
    const cpuAfter = serverCpuMs();
    const cpuMsPerRequest =
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total ? (cpuAfter - cpuBefore) / result.requests.total : undefined;
    measurements.push({ route, what: target.what, result, cpuMsPerRequest });
    log(
      `  ${fmt(result.requests.average)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ` +
        `${fmt(result.throughput.average / result.requests.average / 1024, 1)} KiB/response, ` +
        `server CPU ${cpuMsPerRequest === undefined ? "n/a" : fmt(cpuMsPerRequest, 1)} ms/request, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
  log(
    `load average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );

  await stopServer();

  const rows = [["route", "req/s", "p50 ms", "p99 ms", "KiB/resp", "server CPU ms/req", "requests", "non-2xx", "errors"]];
  for (const { what, result, cpuMsPerRequest } of measurements) {
    rows.push([
      what,
      fmt(result.requests.average),
      fmt(result.latency.p50),
      fmt(result.latency.p99),
      fmt(result.throughput.average / result.requests.average / 1024, 1),
      cpuMsPerRequest === undefined ? "n/a" : fmt(cpuMsPerRequest, 1),
      fmt(result.requests.total),
      String(result.non2xx),
      String(result.errors),
    ]);
  }
  const rate = (route: string) => measurements.find((m) => m.route === route)?.result.requests.average;
  const ratios: string[] = [];
  const explore = rate("explore");
  if (explore && rate("language")) ratios.push(`explore/language = ${(explore / rate("language")!).toFixed(2)} (requirement: >= 0.50)`);
  if (explore && rate("healthz")) ratios.push(`explore/healthz  = ${(explore / rate("healthz")!).toFixed(2)}`);

  console.log("");
  console.log(`Explore benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, node ${process.version}`);
  console.log(`Database: ${kind}; ${info.version.split(" on ")[0]}; ${info.total} published characters; ANALYZE after insert: ${ANALYZE ? "yes" : "no"}`);
  console.log(`Catalogue cache (CATALOGUE_CACHE_SECONDS): ${process.env.CATALOGUE_CACHE_SECONDS ?? "60 (default)"}`);
  console.log(`Load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per route, Accept-Encoding: ${ENCODING}`);
  console.log(`Search terms (matching rows): ${SEARCH_TERMS.map((t) => `${t} (${info.counts[t]})`).join(", ")}`);
  console.log("");
  console.log(table(rows));
  console.log("");
  for (const line of ratios) console.log(line);

  const failures = measurements.filter((m) => m.result.non2xx > 0 || m.result.errors > 0);
  if (failures.length) {
    console.log(`\nFAILED: non-2xx responses or errors on ${failures.map((m) => m.what).join(", ")}`);
    process.exitCode = 1;
  }
}

await runBenchmark(main, cleanup, watchdog);
