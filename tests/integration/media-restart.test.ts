import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { applyPendingMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { startGeneration } from "~/modules/media/jobs.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-server";
import { createTestDatabase, onPostgres, type TestDatabase } from "../helpers/database";
import { MEDIA_TEST_ENV, setEnv } from "../helpers/media";
import { appProcess, falEnv } from "../helpers/media-process";
import { ledgerSum, newUser } from "../helpers/tokens";

/**
 * A job survives its app process: one process submits it and is killed; another, started on the
 * same database, finishes it, once, with the right tokens. On PGlite the processes take turns on
 * one data folder (PGlite has one process at a time); on PostgreSQL they share the server.
 */

let fal: FakeFal;
let dataDir: string;
let postgres: TestDatabase | undefined;
let pglite: Database | undefined;

beforeAll(async () => {
  fal = await startFakeFal();
  setEnv({ ...MEDIA_TEST_ENV, FAL_KEY: fal.key, FAL_BASE_URL: fal.url, FAL_JWKS_URL: fal.jwksUrl });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-media-restart-"));
  if (onPostgres) postgres = await createTestDatabase();
  else {
    pglite = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await pglite.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR));
    useDatabaseForTests(pglite);
  }
});
afterAll(async () => {
  await fal.close();
  await postgres?.dispose();
  await pglite?.close();
  useDatabaseForTests(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const processEnv = () => ({ ...falEnv(fal), MEDIA_JOB_LEASE_SECONDS: "1", DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "" });

test("a job started before a restart completes once after it, with the right tokens", async () => {
  const db = postgres?.database ?? pglite!;
  await seedCatalogueIfEmpty(db.prisma);
  await publishStarterModelsWithKeys(db.prisma);
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 500, description: "test" });
  fal.setDefaults({ durationMs: 1500 });
  const started = await startGeneration({
    userId,
    modelId: "FLUX.1 [schnell]",
    prompt: "Before the restart",
    settings: { image_size: "square_hd", num_images: "2" },
  });
  expect((await getBalance(userId)).total).toBe(460);
  if (pglite) await pglite.close();

  const first = appProcess(processEnv(), started.jobId, "submitted");
  expect(await first.reached).toMatchObject({ status: "submitted" });
  first.child.kill("SIGKILL");
  await first.exited;
  expect(fal.requests.size).toBe(1);

  const second = appProcess(processEnv(), started.jobId, "ended");
  expect(await second.reached).toMatchObject({ status: "completed", submits: 0 });
  await second.exited;

  if (pglite) {
    pglite = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    useDatabaseForTests(pglite);
  }
  const prisma = (postgres?.database ?? pglite!).prisma;
  expect(fal.requests.size).toBe(1);
  expect(await prisma.galleryImage.count({ where: { jobId: started.jobId } })).toBe(2);
  expect((await getBalance(userId)).total).toBe(460);
  expect(await ledgerSum(userId)).toBe(460);
  const reservations = await prisma.tokenReservation.findMany({ where: { userId } });
  expect(reservations.map((reservation) => [reservation.status, reservation.finalCost])).toEqual([["settled", 40]]);
});
