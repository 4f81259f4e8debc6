import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { demoClipFor } from "~/modules/ai/providers/demo-media.server";
import { prisma } from "~/modules/db/db.server";
import { cancelGeneration, jobForOwner, startGeneration } from "~/modules/media/jobs.server";
import { credit, getBalance, InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { getObject } from "~/modules/storage/storage.server";
import { expectTokensSettled, jobEnded, jobSubmitted, personWith500Tokens, setEnv, startMediaSuite } from "../helpers/media";
import { newUser } from "../helpers/tokens";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import type { FakeFal } from "../fakes/fal-server";

const FLUX = "FLUX.1 [schnell]"; // fal, 20 tokens per megapixel; square_hd is one megapixel
let suite: Awaited<ReturnType<typeof startMediaSuite>>;
let fal: FakeFal;
let userId: string;

beforeAll(async () => {
  suite = await startMediaSuite();
  fal = suite.fal;
});
afterAll(() => suite.stop());
beforeEach(async () => {
  userId = await personWith500Tokens();
});
afterEach(() => expectTokensSettled(userId));

const flux = (settings: Record<string, string> = {}) =>
  startGeneration({ userId, modelId: FLUX, prompt: "A lighthouse at dusk", settings: { image_size: "square_hd", ...settings } });

describe("tokens for a fal image job", () => {
  test("are held when it is submitted and settled once for what was produced, with stored private results", async () => {
    const started = await flux({ num_images: "2" });
    expect(started.costTokens).toBe(40);
    expect((await getBalance(userId)).total).toBe(460);
    const job = await jobEnded(userId, started.jobId);
    expect(job).toMatchObject({ status: "completed", costTokens: 40, demo: false });
    expect(job.items.map((item) => item.requestId)).toEqual([`${started.requestId}-0`, `${started.requestId}-1`]);
    expect(job.items.every((item) => !item.isPublic && item.mediaType === "image" && item.thumbnailUrl)).toBe(true);
    const stored = await prisma().galleryImage.findMany({ where: { jobId: started.jobId } });
    expect(await getObject("gallery", stored[0]!.storagePath!)).toMatchObject({ contentType: "image/png" });
    // The thumbnail is rendered when it is first asked for (media-thumbnails.test.ts), not at completion.
    expect(stored[0]!.thumbnailPath).toBeNull();
    expect(job.items[0]!.thumbnailUrl).toMatch(/^\/thumb\/gallery\/.+\?w=300&expires=\d+&signature=/);
    expect((await getBalance(userId)).total).toBe(460);
    const submitted = [...fal.requests.values()].filter((request) => request.input.prompt === "A lighthouse at dusk");
    expect(submitted.length).toBeGreaterThan(0);
    expect(submitted.at(-1)!.input).toMatchObject({ num_images: 2, image_size: "square_hd" });
  });

  test("settle for less when fewer images come back than were asked for", async () => {
    fal.script({ images: 1 });
    const started = await flux({ num_images: "4" });
    expect((await getBalance(userId)).total).toBe(420);
    const job = await jobEnded(userId, started.jobId);
    expect(job.items).toHaveLength(1);
    expect((await getBalance(userId)).total).toBe(480);
  });

  test("all come back when the job fails", async () => {
    fal.script({ fail: true });
    const started = await flux();
    const job = await jobEnded(userId, started.jobId);
    expect(job).toMatchObject({ status: "failed", error: "Failed to generate image", items: [] });
    expect((await getBalance(userId)).total).toBe(500);
  });

  test("all come back when the person cancels, and fal is asked to stop", async () => {
    fal.script({ never: true });
    const started = await flux();
    const submitted = await jobSubmitted(started.jobId);
    const cancelled = await cancelGeneration(userId, started.jobId);
    expect(cancelled.status).toBe("cancelled");
    expect((await getBalance(userId)).total).toBe(500);
    expect(fal.requests.get(submitted.providerRequestId!)!.cancelled).toBe(true);
    expect((await cancelGeneration(userId, started.jobId)).status).toBe("cancelled");
  });

  test("all come back when the job times out", async () => {
    setEnv({ MEDIA_JOB_TIMEOUT_SECONDS: "1" });
    try {
      fal.script({ never: true });
      const started = await flux();
      const job = await jobEnded(userId, started.jobId);
      expect(job.status).toBe("failed");
      expect(job.error).toContain("took too long");
      expect((await getBalance(userId)).total).toBe(500);
    } finally {
      setEnv({ MEDIA_JOB_TIMEOUT_SECONDS: undefined });
    }
  });

  test("are refused before fal is called when the balance does not cover the price", async () => {
    const poor = await newUser();
    await credit(poor, { type: "free", amount: 30, description: "test" });
    const submits = fal.requests.size;
    const refused = startGeneration({ userId: poor, modelId: FLUX, prompt: "Too dear", settings: { image_size: "square_hd", num_images: "4" } });
    await expect(refused).rejects.toBeInstanceOf(InsufficientTokensError);
    await expect(refused).rejects.toMatchObject({ status: 402, cost: 80 });
    expect(fal.requests.size).toBe(submits);
    expect(await prisma().mediaJob.count({ where: { userId: poor } })).toBe(0);
    expect((await getBalance(poor)).total).toBe(30);
  });
});

describe("what a job accepts", () => {
  test("an empty prompt without a file, an unknown model or a setting outside its options is refused with nothing held", async () => {
    await expect(startGeneration({ userId, modelId: FLUX, prompt: "  ", settings: {} })).rejects.toMatchObject({
      status: 400,
      message: "Enter a prompt or add a file",
    });
    await expect(startGeneration({ userId, modelId: "No such model", prompt: "x", settings: {} })).rejects.toMatchObject({ status: 400 });
    await expect(startGeneration({ userId, modelId: FLUX, prompt: "x", settings: { num_images: "40" } })).rejects.toMatchObject({
      status: 400,
      message: "Choose one of the options for num_images",
    });
    await expect(startGeneration({ userId, modelId: FLUX, prompt: "x", settings: {}, sourceUploadId: crypto.randomUUID() })).rejects.toMatchObject({
      status: 404,
    });
    expect((await getBalance(userId)).total).toBe(500);
  });

  test("another person's job does not exist for them", async () => {
    const started = await flux();
    const stranger = await newUser();
    await expect(jobForOwner(stranger, started.jobId)).rejects.toMatchObject({ status: 404 });
    await expect(cancelGeneration(stranger, started.jobId)).rejects.toMatchObject({ status: 404 });
    await jobEnded(userId, started.jobId);
  });
});

describe("the demo provider", () => {
  test("draws the requested number of pictures at the requested size, labelled demo", async () => {
    const started = await startGeneration({
      userId,
      modelId: "Demo Image (offline)",
      prompt: "Purple mountains",
      settings: { image_size: "square", num_images: "2" },
    });
    expect(started.costTokens).toBe(20);
    const job = await jobEnded(userId, started.jobId);
    expect(job).toMatchObject({ status: "completed", demo: true });
    expect(job.items.map((item) => [item.width, item.height])).toEqual([
      [512, 512],
      [512, 512],
    ]);
    expect((await getBalance(userId)).total).toBe(480);
  });

  test("makes one picture when the number of images is left out, and charges for one", async () => {
    const started = await startGeneration({ userId, modelId: "Demo Image (offline)", prompt: "A quiet harbour", settings: {} });
    expect(started.costTokens).toBe(10);
    expect((await jobEnded(userId, started.jobId)).items).toHaveLength(1);
  });

  test("makes a WebM clip for video (with its size, length and poster) and a WAV for audio and music", async () => {
    const video = await startGeneration({ userId, modelId: "Demo Video (offline)", prompt: "Waves", settings: {} });
    const longer = await startGeneration({ userId, modelId: "Demo Video (offline)", prompt: "Waves", settings: { duration: "10" } });
    const audio = await startGeneration({ userId, modelId: "Demo Audio (offline)", prompt: "Rain", settings: {} });
    const music = await startGeneration({ userId, modelId: "Demo Music (offline)", prompt: "Calm piano", settings: { duration: "10" } });
    expect(music.costTokens).toBe(10);
    const ended = await Promise.all([video, longer, audio, music].map((job) => jobEnded(userId, job.jobId)));
    expect(ended.map((job) => [job.status, job.items[0]?.mediaType, job.items[0]?.contentType, job.items[0]?.duration])).toEqual([
      ["completed", "video", "video/webm", 5],
      ["completed", "video", "video/webm", 10],
      ["completed", "audio", "audio/wav", 5],
      ["completed", "audio", "audio/wav", 8],
    ]);
    const [clip] = ended[0]!.items;
    expect([clip!.width, clip!.height]).toEqual([480, 270]);
    const row = await prisma().galleryImage.findFirstOrThrow({ where: { jobId: video.jobId } });
    expect(row.storagePath).toMatch(/\.webm$/);
    const stored = await getObject("gallery", row.storagePath!);
    expect(stored?.body.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // the EBML header a WebM file starts with
    // The poster, 300 px wide in the clip's shape.
    const poster = await getObject("gallery", row.thumbnailPath!);
    expect(poster?.contentType).toBe("image/webp");
    expect(await sharp(poster!.body).metadata()).toMatchObject({ width: 300, height: 169 });
  });

  test("picks the video's look by its prompt: the same prompt, the same clip", async () => {
    const looks = await Promise.all(["Waves", "Waves", "A fox in the snow", "City lights", "Mountains"].map((prompt) => demoClipFor(prompt, 5)));
    expect(looks[0]).toEqual(looks[1]);
    expect(new Set(looks.map((clip) => clip.look)).size).toBeGreaterThan(1);
    expect((await demoClipFor("Waves", 7)).duration).toBe(10);
    expect((await demoClipFor("Waves", 30)).duration).toBe(10);
  });
});

describe("OpenAI-compatible images", () => {
  let openai: FakeOpenAi;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    await prisma().chatModel.create({
      data: {
        chatModel: "Fake DALL-E",
        modelId: "dall-e-3",
        aiPlatform: "openai",
        modelType: "image",
        costTokens: 15,
        costUnit: "1_file",
        isPublished: true,
        apiUrl: openai.url,
        apiKey: "sk-test",
        settings: { image_size: ["square", "square_hd"], num_images: [1, 2] },
      },
    });
  });
  afterAll(() => openai.close());

  test("are made in one call and settled for the images returned", async () => {
    const started = await startGeneration({ userId, modelId: "Fake DALL-E", prompt: "A red kite", settings: { num_images: "2" } });
    const job = await jobEnded(userId, started.jobId);
    expect(job.items).toHaveLength(2);
    expect(openai.requests.at(-1)!.body).toMatchObject({ model: "dall-e-3", prompt: "A red kite", n: 2, size: "512x512" });
    expect((await getBalance(userId)).total).toBe(470);
  });

  test("a refusal fails the job and gives the tokens back", async () => {
    openai.nextReply({ failWith: { status: 400, message: "content policy" } });
    const started = await startGeneration({ userId, modelId: "Fake DALL-E", prompt: "Refused", settings: {} });
    expect((await jobEnded(userId, started.jobId)).status).toBe("failed");
    expect((await getBalance(userId)).total).toBe(500);
  });
});
