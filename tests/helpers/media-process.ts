import { spawn } from "node:child_process";
import type { FakeFal } from "../fakes/fal-server";
import { MEDIA_TEST_ENV } from "./media";

export type WorkerReport = { status: string; claims: number; submits: number };

/** The environment of an app process whose fal is the fake. */
export function falEnv(fal: FakeFal) {
  return { ...MEDIA_TEST_ENV, FAL_KEY: fal.key, FAL_BASE_URL: fal.url, FAL_JWKS_URL: fal.jwksUrl, LOG_LEVEL: "silent" };
}

/**
 * An app process running only its media worker (tests/integration/media-worker-process.ts), on
 * the database `env` names; `reached` resolves to its report once `jobId` (or "all") gets to `until`.
 */
export function appProcess(env: Record<string, string>, jobId: string, until: "submitted" | "ended") {
  const child = spawn(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "tests/integration/media-worker-process.ts", jobId, until], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const reached = new Promise<WorkerReport>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(JSON.parse(output.split("\n")[0]!) as WorkerReport);
    });
    child.on("exit", (code) => reject(new Error(`the app process exited (${code}) before its job got there`)));
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, reached, exited };
}
