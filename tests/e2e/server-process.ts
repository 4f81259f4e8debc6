import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/** Starts the production server as a self-hoster would, on its own port and data folder. */
export type Server = { url: string; process: ChildProcess; output: () => string; stop(): Promise<void> };
let nextPort = Number(process.env.E2E_SERVER_PORT_BASE ?? 3400);

export function startServer(env: Record<string, string>, script = "scripts/start-local.js"): Server {
  const port = nextPort++;
  let output = "";
  const child = spawn(process.execPath, ["--experimental-wasm-modules", script], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function waitUntilHealthy(server: Server) {
  await expect
    .poll(
      async () => {
        if (server.process.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
        return fetch(`${server.url}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 180_000, intervals: [250] },
    )
    .toBe(200);
}

export const exitCode = (server: Server) =>
  new Promise<number | null>((resolve) => (server.process.exitCode !== null ? resolve(server.process.exitCode) : server.process.once("exit", resolve)));

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cv-e2e-"));
