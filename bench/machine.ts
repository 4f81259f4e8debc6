import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { log } from "./report";

/** What the benchmarks share about the machine and their throw-away data. */

export type Scratch = { adminUrl: string; name: string };

/** A new, empty database on the BENCH_DATABASE_URL server; the run drops it at the end. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ scratch: Scratch; url: string }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { scratch: { adminUrl, name }, url: url.toString() };
}

/** Drops the scratch database and removes the data folder, unless BENCH_KEEP asks to keep them. */
export async function removeScratch(scratch: Scratch | undefined, dataDir: string | undefined, keep: boolean) {
  if (scratch && !keep) {
    const admin = new pg.Client({ connectionString: scratch.adminUrl });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`);
      log(`dropped scratch database ${scratch.name}`);
    } catch (error) {
      log(`could not drop scratch database ${scratch.name}: ${(error as Error).message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  }
  if (dataDir) {
    if (keep) log(`kept ${dataDir}${scratch ? ` and database ${scratch.name}` : ""}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU time of all cores since boot (ms), busy and in total, from the kernel's counters. */
export function machineBusy() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { busy, total };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Stops a child process: SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once the server answers /healthz; rejects if it exits first or takes over 180 s. */
export async function waitUntilHealthy(child: ChildProcess, baseUrl: string) {
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it was healthy`))));
  exited.catch(() => {});
  const started = Date.now();
  const healthy = (async () => {
    while (Date.now() - started < 180_000) {
      try {
        const response = await fetch(`${baseUrl}/healthz`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error("the server did not become healthy within 180 s");
  })();
  await Promise.race([healthy, exited]);
  log(`server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
}

/**
 * Bounds a run: past `deadlineMs` it kills the children and cleans up; Ctrl-C cleans up too, so no
 * server or scratch database is left behind. Returns the watchdog timer to clear at the end.
 */
export function guardRun(deadlineMs: number, cleanup: () => Promise<void>, killChildren: () => void) {
  const watchdog = setTimeout(() => {
    log(`giving up: the run took longer than ${Math.round(deadlineMs / 60_000)} minutes`);
    killChildren();
    void cleanup().finally(() => process.exit(2));
  }, deadlineMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  return watchdog;
}

/** A free TCP port on `host`: `preferred` if it is free, else any. */
export async function freePort(host: string, preferred = 0) {
  const tryListen = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(undefined));
      probe.listen(port, host, () => {
        const address = probe.address() as net.AddressInfo;
        probe.close(() => resolve(address.port));
      });
    });
  const port = (await tryListen(preferred)) ?? (await tryListen(0));
  if (port === undefined) throw new Error(`no free port on ${host}`);
  return port;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the app (`npm run build`) when `build/` is missing or older than `app/` or server.js, so
 * a benchmark never measures stale code. BENCH_NO_BUILD=1 uses build/ as it is.
 */
export function ensureBuild(root: string) {
  const built = path.join(root, "build/server/index.js");
  let reason: string | undefined;
  if (!fs.existsSync(built)) reason = "no production build";
  else if (process.env.BENCH_NO_BUILD !== "1") {
    const sources = Math.max(newestSource(path.join(root, "app")), fs.statSync(path.join(root, "server.js")).mtimeMs);
    if (sources > fs.statSync(built).mtimeMs) reason = "app/ changed since the last build";
  }
  if (!reason) return log(`using the production build of ${fs.statSync(built).mtime.toISOString()}`);
  log(`${reason}: running npm run build`);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", timeout: 10 * 60_000 });
  if (result.status !== 0) throw new Error("npm run build failed");
}
