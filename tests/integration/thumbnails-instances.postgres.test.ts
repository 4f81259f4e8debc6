import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { localDiskDriver } from "~/modules/storage/drivers.server";
import { contentTypeForPath } from "~/modules/storage/paths";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/** Two app instances on one PostgreSQL and one storage: a thumbnail both are asked for at once is rendered once. */

let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-thumbnail-instances-"));
});
afterAll(() => db.dispose());

/** An instance (tests/integration/thumbnail-process.ts): `ready` once it can ask, `go()` to ask, `report` what it did. */
function instance(objectPath: string) {
  const child = spawn(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "tests/integration/thumbnail-process.ts", objectPath, "10"], {
    env: { ...process.env, DATABASE_URL: db.url!, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith("ready\n")) markReady();
  });
  const report = new Promise<{ renders: number; digests: string[] }>((resolve, reject) => {
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(output.split("\n")[1]!)) : reject(new Error(`the instance exited with ${code}`))));
  });
  return { ready, report, go: () => child.stdin.write("go\n") };
}

test("ten requests on each of two instances at once: one render, one answer", async () => {
  const picture = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  await localDiskDriver(path.join(dataDir, "storage"), contentTypeForPath).put("uploads", "ada/shared.png", picture, "image/png");
  const instances = [instance("ada/shared.png"), instance("ada/shared.png")];
  // Both start asking at the same moment, once both have loaded.
  await Promise.all(instances.map((one) => one.ready));
  for (const one of instances) one.go();
  const reports = await Promise.all(instances.map((one) => one.report));
  expect(reports.reduce((sum, report) => sum + report.renders, 0)).toBe(1);
  expect(new Set(reports.flatMap((report) => report.digests)).size).toBe(1);
});
