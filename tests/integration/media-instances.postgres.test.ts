import { afterAll, beforeAll, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { startGeneration } from "~/modules/media/jobs.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { MEDIA_TEST_ENV, setEnv } from "../helpers/media";
import { appProcess, falEnv } from "../helpers/media-process";
import { ledgerSum, newUser } from "../helpers/tokens";

/** Two app instances on one PostgreSQL share the jobs: every job is taken, and only once. */

const JOBS = 20;
let fal: FakeFal;
let db: TestDatabase;

beforeAll(async () => {
  fal = await startFakeFal();
  setEnv({ ...MEDIA_TEST_ENV, FAL_KEY: fal.key, FAL_BASE_URL: fal.url, FAL_JWKS_URL: fal.jwksUrl });
  db = await createTestDatabase();
  await seedCatalogueIfEmpty(db.database.prisma);
  await publishStarterModelsWithKeys(db.database.prisma);
});
afterAll(async () => {
  await fal.close();
  await db.dispose();
});

test("two instances run 20 jobs, each submitted once and settled once", async () => {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 1000, description: "test" });
  fal.setDefaults({ durationMs: 100 });
  const jobs = [];
  for (let index = 0; index < JOBS; index++) {
    jobs.push(await startGeneration({ userId, modelId: "FLUX.1 [schnell]", prompt: `Job ${index}`, settings: { image_size: "square_hd", num_images: "1" } }));
  }
  expect((await getBalance(userId)).total).toBe(1000 - JOBS * 20);

  const env = { ...falEnv(fal), DATABASE_URL: db.url!, MEDIA_WORKER_CONCURRENCY: "4" };
  const instances = [appProcess(env, "all", "ended"), appProcess(env, "all", "ended")];
  const reports = await Promise.all(instances.map((instance) => instance.reached));
  await Promise.all(instances.map((instance) => instance.exited));

  const submitted = [...fal.requests.values()].map((request) => request.input.prompt).sort();
  expect(submitted).toEqual(Array.from({ length: JOBS }, (_, index) => `Job ${index}`).sort());
  expect(reports.reduce((sum, report) => sum + report.submits, 0)).toBe(JOBS);
  // Which instance takes which job is up to timing (one that starts late may find none left); together they submit each once.
  const ended = await prisma().mediaJob.findMany({ where: { userId } });
  expect(ended.map((job) => job.status)).toEqual(Array(JOBS).fill("completed"));
  expect(await prisma().galleryImage.count({ where: { userId } })).toBe(JOBS);
  const reservations = await prisma().tokenReservation.findMany({ where: { userId } });
  expect(reservations.map((reservation) => reservation.status)).toEqual(Array(JOBS).fill("settled"));
  expect((await getBalance(userId)).total).toBe(1000 - JOBS * 20);
  expect(await ledgerSum(userId)).toBe(1000 - JOBS * 20);
});
