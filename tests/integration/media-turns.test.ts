import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { mediaJobTexts } from "~/lib/media-jobs";
import { prisma } from "~/modules/db/db.server";
import { claimDueJobs, MEDIA_JOBS_PER_PERSON } from "~/modules/media/claims.server";
import { cancelGeneration, jobForOwner, startGeneration } from "~/modules/media/jobs.server";
import { startMediaWorker } from "~/modules/media/worker.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import type { FakeFal } from "../fakes/fal-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { expectTokensSettled, jobEnded, mediaWithFakeFal, mostAtOnceAtFal, setEnv } from "../helpers/media";
import { newUser } from "../helpers/tokens";

/**
 * Media jobs take turns (decision 033): at most MEDIA_JOBS_PER_PERSON of a person's jobs run at
 * once, every person's next place comes before anyone's following one, and within a turn a plan
 * with priority goes first. Claims are asserted in order, never by how long anything took.
 */

const FLUX = "FLUX.1 [schnell]"; // fal, 20 tokens a job at square_hd
let db: TestDatabase;
let media: Awaited<ReturnType<typeof mediaWithFakeFal>>;
let fal: FakeFal;
const people = new Set<string>();

beforeAll(async () => {
  db = await createTestDatabase();
  media = await mediaWithFakeFal(db);
  fal = media.fal;
});
afterAll(async () => {
  await media.stop();
  await db.dispose();
});
afterEach(async () => {
  // What a test left waiting is cancelled, its tokens back; every person's balance then equals their transactions.
  for (const job of await prisma().mediaJob.findMany({ where: { status: { in: ["queued", "submitted"] } } })) {
    await cancelGeneration(job.userId, job.id);
  }
  for (const userId of people) await expectTokensSettled(userId);
  people.clear();
  fal.reset();
  setEnv({ MEDIA_JOB_TIMEOUT_SECONDS: undefined, MEDIA_WORKER_CONCURRENCY: undefined });
});

async function person(tokens = 500) {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: tokens, description: "test" });
  people.add(userId);
  return userId;
}

/** A person on the seeded plan whose perks include priority. */
async function paidPerson() {
  const userId = await person();
  const plan = await prisma().plan.findFirstOrThrow({ where: { priority: true, priceCents: { gt: 0 } } });
  await prisma().subscription.create({ data: { userId, planId: plan.id, status: "active" } });
  return userId;
}

async function start(userId: string, prompt: string) {
  return (await startGeneration({ userId, modelId: FLUX, prompt, settings: { image_size: "square_hd", num_images: "1" } })).jobId;
}

const claimedIds = async (limit: number) => (await claimDueJobs(limit)).map((job) => job.id).sort();

describe("taking turns", () => {
  test(`a person has at most ${MEDIA_JOBS_PER_PERSON} jobs running at once; the rest wait, holding their tokens`, async () => {
    const userId = await person();
    const jobs = [];
    for (let index = 0; index < 5; index++) jobs.push(await start(userId, `Turn ${index}`));
    expect((await getBalance(userId)).total).toBe(500 - 5 * 20);
    expect(await claimedIds(10)).toEqual(jobs.slice(0, MEDIA_JOBS_PER_PERSON).sort());
    expect(await claimedIds(10)).toEqual([]);
    expect((await jobForOwner(userId, jobs[4]!)).status).toBe("queued");
  });

  test(`claims made at once (as by several instances) never give a person more than ${MEDIA_JOBS_PER_PERSON} places, nor a job twice`, async () => {
    const userId = await person();
    for (let index = 0; index < 10; index++) await start(userId, `At once ${index}`);
    const claims = (await Promise.all(Array.from({ length: 10 }, () => claimDueJobs(2)))).flat();
    expect(claims).toHaveLength(MEDIA_JOBS_PER_PERSON);
    expect(new Set(claims.map((job) => job.id)).size).toBe(MEDIA_JOBS_PER_PERSON);
  });

  test("every person's next place comes before anyone's following one: a newcomer's first job goes before a waiting person's second", async () => {
    const early = await person();
    const earlyJobs = [await start(early, "Early 0"), await start(early, "Early 1"), await start(early, "Early 2")];
    const newcomer = await person();
    const newcomerJob = await start(newcomer, "Newcomer");
    expect(await claimedIds(2)).toEqual([earlyJobs[0]!, newcomerJob].sort());
    expect(await claimedIds(1)).toEqual([earlyJobs[1]!]);
  });

  test("a paid plan with priority goes first among jobs waiting together, though started later", async () => {
    const free = await person();
    const freeJob = await start(free, "Free");
    const paid = await paidPerson();
    const paidJob = await start(paid, "Paid");
    expect(await claimedIds(1)).toEqual([paidJob]);
    expect(await claimedIds(1)).toEqual([freeJob]);
  });

  test("two free plans' jobs are taken first come, first served", async () => {
    const first = await person();
    const firstJob = await start(first, "First");
    const second = await person();
    const secondJob = await start(second, "Second");
    expect(await claimedIds(1)).toEqual([firstJob]);
    expect(await claimedIds(1)).toEqual([secondJob]);
  });

  test("a job that waited its turn longer than a job may run is timed from when it is taken", async () => {
    const userId = await person();
    const jobId = await start(userId, "Waited");
    // It waited twenty minutes; a job may run for ten (MEDIA_JOB_TIMEOUT_SECONDS' default).
    await prisma().$executeRaw`
      UPDATE media_jobs SET created_at = created_at - interval '20 minutes', next_check_at = next_check_at - interval '20 minutes',
             deadline_at = deadline_at - interval '20 minutes'
      WHERE id = ${jobId}::uuid`;
    const [claimed] = await claimDueJobs(1);
    expect(claimed!.id).toBe(jobId);
    const [left] = await prisma().$queryRaw<{ seconds: number }[]>`
      SELECT EXTRACT(EPOCH FROM deadline_at - (clock_timestamp() AT TIME ZONE 'UTC'))::float AS seconds FROM media_jobs WHERE id = ${jobId}::uuid`;
    expect(left!.seconds).toBeGreaterThan(500);
    expect(left!.seconds).toBeLessThanOrEqual(600);
  });

  test("a job that waited past its longest wait is taken to be given up, even while its person's places are full, and its tokens come back", async () => {
    const userId = await person();
    const jobs = [];
    for (let index = 0; index < 4; index++) jobs.push(await start(userId, `Waiting ${index}`));
    await claimDueJobs(MEDIA_JOBS_PER_PERSON);
    await prisma().mediaJob.update({ where: { id: jobs[3]! }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    const stopWorker = startMediaWorker();
    try {
      const ended = await jobEnded(userId, jobs[3]!);
      expect(ended).toMatchObject({ status: "failed", error: mediaJobTexts.timedOut });
    } finally {
      await stopWorker();
    }
    expect((await getBalance(userId)).total).toBe(500 - 3 * 20);
  });
});

describe("with the worker running", () => {
  test("a flood of 300 jobs from one person delays another person's job by at most one turn", async () => {
    setEnv({ MEDIA_WORKER_CONCURRENCY: "8" });
    fal.setDefaults({ durationMs: 1000 });
    const flooder = await person(300 * 20);
    const stopWorker = startMediaWorker();
    try {
      for (let index = 0; index < 300; index++) await start(flooder, `Flood ${index}`);
      expect((await getBalance(flooder)).total).toBe(0);
      const other = await person();
      const otherJob = await start(other, "Just one");
      const startedAt = (await prisma().mediaJob.findUniqueOrThrow({ where: { id: otherJob } })).createdAt.getTime();
      expect((await jobEnded(other, otherJob)).status).toBe("completed");
      expect(await prisma().mediaJob.count({ where: { userId: flooder, status: "queued" } })).toBeGreaterThan(0);

      const submits = [...fal.requests.values()];
      const otherSubmit = submits.find((request) => request.input.prompt === "Just one")!;
      const flood = submits.filter((request) => String(request.input.prompt).startsWith("Flood"));
      // Of the flooder's jobs sent to fal after the other job was started, at most one turn's worth went first.
      const floodBefore = flood.filter((request) => request.submittedAt >= startedAt && request.submittedAt < otherSubmit.submittedAt);
      expect(floodBefore.length).toBeLessThanOrEqual(MEDIA_JOBS_PER_PERSON);
      expect(mostAtOnceAtFal(flood)).toBeLessThanOrEqual(MEDIA_JOBS_PER_PERSON);
    } finally {
      await stopWorker();
    }
  });
});
