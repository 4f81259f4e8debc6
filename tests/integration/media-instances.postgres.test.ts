import { afterAll, beforeAll, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { MEDIA_JOBS_PER_PERSON } from "~/modules/media/claims.server";
import { startGeneration } from "~/modules/media/jobs.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { MEDIA_TEST_ENV, mostAtOnceAtFal, setEnv } from "../helpers/media";
import { appProcess, falEnv } from "../helpers/media-process";
import { ledgerSum, newUser } from "../helpers/tokens";

/** Two app instances on one PostgreSQL share the jobs: every job is taken, and only once, in turn. */

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

test("across two instances a person has at most three jobs at fal at once, and another person's job goes in the first turn", async () => {
  fal.reset();
  fal.setDefaults({ durationMs: 150 });
  const flooder = await newUser();
  await credit(flooder, { type: "free", amount: 15 * 20, description: "test" });
  for (let index = 0; index < 15; index++) {
    await startGeneration({ userId: flooder, modelId: "FLUX.1 [schnell]", prompt: `Flood ${index}`, settings: { image_size: "square_hd", num_images: "1" } });
  }
  const other = await newUser();
  await credit(other, { type: "free", amount: 20, description: "test" });
  await startGeneration({ userId: other, modelId: "FLUX.1 [schnell]", prompt: "Just one", settings: { image_size: "square_hd", num_images: "1" } });

  const env = { ...falEnv(fal), DATABASE_URL: db.url!, MEDIA_WORKER_CONCURRENCY: "4" };
  const instances = [appProcess(env, "all", "ended"), appProcess(env, "all", "ended")];
  await Promise.all(instances.map((instance) => instance.reached));
  await Promise.all(instances.map((instance) => instance.exited));

  const submits = [...fal.requests.values()];
  const flood = submits.filter((request) => String(request.input.prompt).startsWith("Flood"));
  const otherSubmit = submits.find((request) => request.input.prompt === "Just one")!;
  expect(flood).toHaveLength(15);
  expect(mostAtOnceAtFal(flood)).toBeLessThanOrEqual(MEDIA_JOBS_PER_PERSON);
  expect(flood.filter((request) => request.submittedAt < otherSubmit.submittedAt).length).toBeLessThanOrEqual(MEDIA_JOBS_PER_PERSON);
  expect(await prisma().mediaJob.count({ where: { userId: { in: [flooder, other] }, status: "completed" } })).toBe(16);
  expect((await getBalance(flooder)).total).toBe(0);
  expect(await ledgerSum(flooder)).toBe(0);
});
