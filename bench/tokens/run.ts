// Token ledger benchmark: how many reservations per second the ledger takes with 100 concurrent
// clients, all on one account and spread over 100 accounts (client i uses account i).
//
//   npm run bench:tokens
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:tokens
//
// Every client loops: reserve a random cost of 1..20 tokens, then settle it for less (0..cost-1),
// as a streamed model call that stopped early would. The operation counted is that pair, as a
// model call always does both; the latency reported is that of reserve alone.
//
// Environment (all optional):
//   BENCH_SECONDS          measured seconds per scenario (default 10)
//   BENCH_WARMUP_SECONDS   discarded warm-up seconds per scenario (default 2)
//   BENCH_CLIENTS          concurrent clients, and accounts in the second scenario (default 100)
//   BENCH_DATABASE_URL     a PostgreSQL server to use instead of an in-memory PGlite; the benchmark
//                          creates (and afterwards drops) its own scratch database there
//   BENCH_POOL_SIZE        PostgreSQL connections (default: BENCH_CLIENTS, capped at the free
//                          connection slots on the server)
//   BENCH_KEEP=1           keep the scratch database
//
// At the end it checks the ledger: for every account the balance equals the sum of its
// transaction rows (adds minus deducts, per token type), no reservation is left held, and there is
// one reservation for every reserve that succeeded. If not, it prints FAILED and exits 1.
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase, type Database } from "../../app/modules/db/database.server";
import { useDatabaseForTests } from "../../app/modules/db/db.server";
import { applyPendingMigrations } from "../../app/modules/db/migrate.server";
import { credit, getBalance, reserve, settle } from "../../app/modules/tokens/ledger.server";
import { createScratchDatabase, guardRun, machineBusy, percentile, removeScratch, sleep, type Scratch } from "../machine";
import { fmt, log, positive, runBenchmark, table } from "../report";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = positive("BENCH_SECONDS", 10);
const WARMUP_SECONDS = positive("BENCH_WARMUP_SECONDS", 2);
const CLIENTS = Math.round(positive("BENCH_CLIENTS", 100));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const KEEP = process.env.BENCH_KEEP === "1";

/**
 * Each account starts with a little free and a lot of purchased: free tokens run out early in
 * each scenario, so reservations cross from free to purchased (the two-row case) and then go on
 * taking purchased ones; the purchased side never runs out, so no reserve is refused.
 */
const FREE_CREDIT = 100;
const PURCHASED_CREDIT = 1_000_000_000;
const MAX_COST = 20;
const CALL = { purpose: "bench", description: "Benchmark call" };

/** A run takes about 2 × (warm-up + measured) seconds plus setup; past this it is stopped and cleaned up. */
const DEADLINE_MS = 10 * 60_000 + 2 * (SECONDS + WARMUP_SECONDS) * 1000;

// ---------------------------------------------------------------------------------------------
// Database: a fresh, migrated one, like the integration tests make.

type BenchDatabase = { database: Database; kind: string; poolSize?: number };

let bench: BenchDatabase | undefined;
let scratch: Scratch | undefined;

async function cleanup() {
  useDatabaseForTests(undefined);
  await bench?.database.close().catch(() => {});
  bench = undefined;
  await removeScratch(scratch, undefined, KEEP);
  if (scratch && KEEP) log(`kept scratch database ${scratch.name}`);
  scratch = undefined;
}

const watchdog = guardRun(DEADLINE_MS, cleanup, () => {});

async function openBenchDatabase(): Promise<BenchDatabase> {
  const migrationsDir = path.join(ROOT, "prisma/migrations");
  if (!POSTGRES_URL) {
    const database = openDatabase({ kind: "pglite" });
    bench = { database, kind: "PGlite (in memory, in this process)" };
    await database.withMigrationLock((sql) => applyPendingMigrations(sql, migrationsDir));
    return bench;
  }

  // Every client must be able to hold its own connection, but a pool larger than the server's
  // free slots would fail mid-run with "too many clients"; take what is free, up to CLIENTS.
  const free = await freeConnectionSlots(POSTGRES_URL);
  const poolSize = Math.min(Math.round(positive("BENCH_POOL_SIZE", CLIENTS)), free.slots);
  log(`PostgreSQL max_connections ${free.max}, ${free.slots} free; pool size ${poolSize}`);
  if (poolSize < CLIENTS) log(`note: fewer connections than clients, so some clients wait for a connection`);

  const created = await createScratchDatabase(POSTGRES_URL, "cv_bench_tokens");
  scratch = created.scratch;
  const database = openDatabase({ kind: "postgres", url: created.url, poolSize });
  bench = { database, kind: "PostgreSQL", poolSize };
  await database.withMigrationLock((sql) => applyPendingMigrations(sql, migrationsDir));
  return bench;
}

async function freeConnectionSlots(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ max: number; used: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()) AS used`,
    );
    return { max: rows[0]!.max, slots: rows[0]!.max - rows[0]!.used };
  } finally {
    await admin.end();
  }
}

/** Opens every pool connection before measuring: PostgreSQL starting 100 backends is not the ledger's cost. */
async function openAllConnections(database: Database, poolSize: number) {
  await Promise.all(Array.from({ length: poolSize }, () => database.prisma.$queryRaw`SELECT 1 AS ok FROM pg_sleep(0.2)`));
}

async function createAccounts(database: Database, count: number, label: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await database.prisma.user.create({
      data: { email: `bench-${label}-${i}@example.test`, name: `Bench ${label} ${i}`, status: "active" },
      select: { id: true },
    });
    await credit(user.id, { type: "free", amount: FREE_CREDIT, description: "Benchmark free tokens" });
    await credit(user.id, { type: "purchased", amount: PURCHASED_CREDIT, description: "Benchmark purchase" });
    ids.push(user.id);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Load.

type Outcome = {
  name: string;
  /** reserve+settle pairs completed within the measured window, per second */
  pairsPerSecond: number;
  pairs: number;
  reserveP50: number;
  reserveP99: number;
  pairP50: number;
  /** this process's CPU (Prisma, the adapter, and with PGlite the database itself) over the window, in % of one core */
  processCpu: number;
  /** the whole machine's busy CPU over the window, in % of all cores (with PostgreSQL this includes the server) */
  machineCpu: number;
  /** successful reserve calls over the whole scenario, warm-up included (for the final check) */
  reserved: number;
  errors: number;
  firstError?: string;
};

/** A small deterministic generator per client, so two runs draw the same costs. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

/**
 * CLIENTS loops run without a pause for WARMUP_SECONDS + SECONDS; only pairs that complete within
 * the last SECONDS count, so the load is the same on both sides of the window's edges. A client
 * starts no new pair after the end and always settles what it reserved, so nothing is left held.
 */
async function runScenario(name: string, accountOf: (client: number) => string): Promise<Outcome> {
  log(`${name}: ${CLIENTS} clients, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured`);
  const start = performance.now();
  const windowStart = start + WARMUP_SECONDS * 1000;
  const windowEnd = windowStart + SECONDS * 1000;
  const reserveLatencies: number[] = [];
  const pairLatencies: number[] = [];
  let reserved = 0;
  let errors = 0;
  let firstError: string | undefined;

  // CPU counters are read by the clients themselves as they cross the window's edges: a timer is
  // no use here, as PGlite answers through promises alone and timers starve until the run ends.
  type Sample = { at: number; process: NodeJS.CpuUsage; machine: ReturnType<typeof machineBusy> };
  const sample = (): Sample => ({ at: performance.now(), process: process.cpuUsage(), machine: machineBusy() });
  let cpuAtStart: Sample | undefined;
  let cpuAtEnd: Sample | undefined;

  const client = async (index: number) => {
    const random = generator(0x9e3779b9 ^ ((index + 1) * 2654435761));
    const userId = accountOf(index);
    while (performance.now() < windowEnd) {
      const cost = 1 + random(MAX_COST);
      const began = performance.now();
      try {
        const reservation = await reserve(userId, cost, CALL);
        const held = performance.now();
        reserved++;
        await settle(reservation.id, random(cost));
        const done = performance.now();
        if (done >= windowStart && done < windowEnd) {
          cpuAtStart ??= sample();
          reserveLatencies.push(held - began);
          pairLatencies.push(done - began);
        }
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
        // A failing database would otherwise be hammered in a tight loop.
        await sleep(10);
      }
    }
    cpuAtEnd ??= sample();
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

  const cpu = cpuAtStart && cpuAtEnd ? { from: cpuAtStart, to: cpuAtEnd } : undefined;
  const processCpuMs = cpu ? (cpu.to.process.user + cpu.to.process.system - cpu.from.process.user - cpu.from.process.system) / 1000 : NaN;
  const machineCpu = cpu ? (cpu.to.machine.busy - cpu.from.machine.busy) / (cpu.to.machine.total - cpu.from.machine.total) : NaN;
  reserveLatencies.sort((a, b) => a - b);
  pairLatencies.sort((a, b) => a - b);
  const outcome: Outcome = {
    name,
    pairs: pairLatencies.length,
    pairsPerSecond: pairLatencies.length / SECONDS,
    reserveP50: percentile(reserveLatencies, 50),
    reserveP99: percentile(reserveLatencies, 99),
    pairP50: percentile(pairLatencies, 50),
    processCpu: cpu ? (processCpuMs / (cpu.to.at - cpu.from.at)) * 100 : NaN,
    machineCpu: machineCpu * 100,
    reserved,
    errors,
    firstError,
  };
  log(
    `  ${fmt(outcome.pairsPerSecond)} reserve+settle/s; reserve p50 ${fmt(outcome.reserveP50, 1)} ms, p99 ${fmt(outcome.reserveP99, 1)} ms; ` +
      `this process ${fmt(outcome.processCpu)} % of a core, machine ${fmt(outcome.machineCpu)} % busy; errors ${errors}`,
  );
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// The check: the ledger must still add up after all that concurrency.

async function verify(database: Database, accounts: string[], expectedReservations: number) {
  const problems: string[] = [];
  const sums = await database.prisma.$queryRaw<{ userId: string; free: bigint; purchased: bigint }[]>`
    SELECT user_id::text AS "userId",
           COALESCE(SUM(CASE WHEN token_type = 'free' THEN CASE WHEN transaction_type = 'add' THEN amount ELSE -amount END END), 0)::bigint AS free,
           COALESCE(SUM(CASE WHEN token_type = 'purchased' THEN CASE WHEN transaction_type = 'add' THEN amount ELSE -amount END END), 0)::bigint AS purchased
    FROM token_transactions GROUP BY user_id`;
  const ledger = new Map(sums.map((row) => [row.userId, { free: Number(row.free), purchased: Number(row.purchased) }]));
  for (const userId of accounts) {
    const balance = await getBalance(userId);
    const rows = ledger.get(userId) ?? { free: 0, purchased: 0 };
    if (balance.free !== rows.free || balance.purchased !== rows.purchased) {
      problems.push(
        `account ${userId}: balance free ${balance.free} / purchased ${balance.purchased}, transactions add up to ${rows.free} / ${rows.purchased}`,
      );
    }
    if (balance.free < 0 || balance.purchased < 0) problems.push(`account ${userId}: negative balance ${JSON.stringify(balance)}`);
  }
  const [counts] = await database.prisma.$queryRaw<{ total: bigint; held: bigint; freeOnly: bigint; both: bigint; purchasedOnly: bigint }[]>`
    SELECT count(*)::bigint AS total,
           count(*) FILTER (WHERE status = 'held')::bigint AS held,
           count(*) FILTER (WHERE purchased_amount = 0)::bigint AS "freeOnly",
           count(*) FILTER (WHERE free_amount > 0 AND purchased_amount > 0)::bigint AS both,
           count(*) FILTER (WHERE free_amount = 0)::bigint AS "purchasedOnly"
    FROM token_reservations`;
  if (Number(counts.held) !== 0) problems.push(`${counts.held} reservations are still held`);
  if (Number(counts.total) !== expectedReservations) {
    problems.push(`${counts.total} reservations in the table, but ${expectedReservations} reserve calls succeeded`);
  }
  return {
    problems,
    reservations: { total: Number(counts.total), freeOnly: Number(counts.freeOnly), both: Number(counts.both), purchasedOnly: Number(counts.purchasedOnly) },
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, node ${process.version}`;
  log(`machine: ${machine}`);
  log(
    `load average before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );

  const bench = await openBenchDatabase();
  // The ledger calls the app's prisma(); point it at the scratch database.
  useDatabaseForTests(bench.database);
  const [{ version }] = await bench.database.prisma.$queryRaw<{ version: string }[]>`SELECT version()`;
  log(`database: ${bench.kind} — ${version}`);

  const started = performance.now();
  const [hot] = await createAccounts(bench.database, 1, "one");
  const spread = await createAccounts(bench.database, CLIENTS, "many");
  log(`created ${1 + CLIENTS} accounts (${FREE_CREDIT} free + ${PURCHASED_CREDIT} purchased each) in ${fmt((performance.now() - started) / 1000, 1)} s`);
  if (bench.poolSize) await openAllConnections(bench.database, bench.poolSize);

  const one = await runScenario("one account", () => hot);
  const many = await runScenario(`${CLIENTS} accounts`, (client) => spread[client]);
  log(
    `load average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );

  const check = await verify(bench.database, [hot, ...spread], one.reserved + many.reserved);

  const rows = [["scenario", "reserve+settle/s", "reserve p50 ms", "reserve p99 ms", "pair p50 ms", "pairs", "bench process CPU %", "machine CPU %", "errors"]];
  for (const o of [one, many]) {
    rows.push([
      `${CLIENTS} clients, ${o.name}`,
      fmt(o.pairsPerSecond),
      fmt(o.reserveP50, 1),
      fmt(o.reserveP99, 1),
      fmt(o.pairP50, 1),
      fmt(o.pairs),
      fmt(o.processCpu),
      fmt(o.machineCpu),
      String(o.errors),
    ]);
  }
  const r = check.reservations;
  console.log("");
  console.log(`Token reservation benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${machine}`);
  console.log(
    `Database: ${bench.kind}; ${version.split(" on ")[0]}${bench.poolSize ? `; pool of ${bench.poolSize} connections` : "; one session shared by all clients"}`,
  );
  console.log(
    `Load: ${CLIENTS} clients, each looping reserve(1..${MAX_COST}) then settle(0..cost-1); ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per scenario`,
  );
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log(`${CLIENTS} accounts / one account = ${(many.pairsPerSecond / one.pairsPerSecond).toFixed(2)}`);
  console.log(`Reservations: ${fmt(r.total)} (free only ${fmt(r.freeOnly)}, free + purchased ${fmt(r.both)}, purchased only ${fmt(r.purchasedOnly)})`);

  const failures = [...check.problems];
  for (const o of [one, many]) if (o.errors) failures.push(`${o.name}: ${o.errors} failed calls, the first: ${o.firstError}`);
  if (failures.length) {
    console.log(
      `\nFAILED:\n${failures
        .slice(0, 20)
        .map((f) => `  - ${f}`)
        .join("\n")}`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Check: every balance equals its transaction rows (per token type), no reservation is held, one reservation per successful reserve.`);
  }
}

await runBenchmark(main, cleanup, watchdog);
