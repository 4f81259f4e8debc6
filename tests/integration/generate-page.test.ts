import { beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_IMAGE_SETTINGS } from "~/modules/seed/reference-data";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as generateAction, loader as generateLoader } from "~/routes/generate";
import { confirmedAccount } from "../helpers/accounts";
import { load, pngFile, post } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();
beforeEach(async () => {
  invalidateCatalogueCache();
  await prisma().modelType.createMany({
    data: [
      { name: "chat", seq: 0 },
      { name: "image", seq: 1 },
      { name: "video", seq: 2 },
      { name: "music", seq: 4, isActive: false },
    ],
  });
  await prisma().chatModel.createMany({
    data: [
      {
        chatModel: "Demo Image (offline)",
        modelId: "demo-image",
        aiPlatform: "demo",
        modelType: "image",
        costTokens: 10,
        costUnit: "1_file",
        isPublished: true,
        weight: 10,
        settings: DEFAULT_IMAGE_SETTINGS,
      },
      { chatModel: "Hidden Image", modelId: "demo-image", aiPlatform: "demo", modelType: "image", costTokens: 1, costUnit: "1_file", isPublished: false },
      {
        chatModel: "Demo Video (offline)",
        modelId: "demo-video",
        aiPlatform: "demo",
        modelType: "video",
        costTokens: 30,
        costUnit: "5_seconds",
        isPublished: true,
      },
      { chatModel: "Demo Chat", modelId: "demo-chat", aiPlatform: "demo", modelType: "chat", isPublished: true },
    ],
  });
});

async function personWithTokens(tokens: number) {
  const account = await confirmedAccount("ada@example.com");
  if (tokens > 0) await credit(account.id, { type: "purchased", amount: tokens, description: "test tokens" });
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

const generate = (cookie: string, fields: [string, string | File][]) =>
  post(generateAction, "/generate", cookie, [["intent", "generate"], ["type", "image"], ["model", "Demo Image (offline)"], ...fields]);

describe("the Generate page", () => {
  test("offers active media types by seq and the type's published models, cost labels from the model", async () => {
    const { data } = await load(generateLoader, "/generate", "");
    const page = data as Awaited<ReturnType<typeof generateLoader>>;
    expect(page.types.map((type) => type.name)).toEqual(["image", "video"]);
    expect([page.type, page.model, page.signedIn]).toEqual(["image", "Demo Image (offline)", false]);
    expect(page.models.map((model) => model.name)).toEqual(["Demo Image (offline)"]);
    const video = (await load(generateLoader, "/generate?type=video", "")).data as typeof page;
    expect(video.models.map((model) => [model.name, model.costUnit])).toEqual([["Demo Video (offline)", "5_seconds"]]);
  });

  test("Generate starts a job with the chosen settings and holds its price; the page then shows it as Generating", async () => {
    const ada = await personWithTokens(100);
    const answer = await generate(ada.cookie, [
      ["prompt", "  a lighthouse at dusk "],
      ["setting.num_images", "2"],
      ["setting.image_size", "square"],
    ]);
    expect(answer).toRedirectTo("/generate?type=image&model=Demo+Image+%28offline%29&filter=mine", { toast: "generation-started" });
    const job = await prisma().mediaJob.findFirstOrThrow();
    expect(job).toMatchObject({ userId: ada.id, prompt: "a lighthouse at dusk", chatModel: "Demo Image (offline)", costTokens: 20 });
    expect(job.settings).toMatchObject({ num_images: 2, image_size: "square" });
    const { data } = await load(generateLoader, "/generate?filter=mine", ada.cookie);
    expect((data as Awaited<ReturnType<typeof generateLoader>>).pending.map((pending) => pending.prompt)).toEqual(["a lighthouse at dusk"]);
  });

  test("the page shows the person's tokens; left alone, the number of images is one, and one is charged", async () => {
    const signedOut = (await load(generateLoader, "/generate", "")).data as Awaited<ReturnType<typeof generateLoader>>;
    expect(signedOut.balance).toBeNull();
    const ada = await personWithTokens(100);
    const before = (await load(generateLoader, "/generate", ada.cookie)).data as typeof signedOut;
    expect(before.balance).toBe(100);
    expect(await generate(ada.cookie, [["prompt", "a lighthouse at dusk"]])).toMatchObject({ status: 302 });
    expect(await prisma().mediaJob.findFirstOrThrow()).toMatchObject({ costTokens: 10, settings: expect.objectContaining({ num_images: 1 }) });
    const after = (await load(generateLoader, "/generate", ada.cookie)).data as typeof signedOut;
    expect(after.balance).toBe(90);
  });

  test("a custom image size takes numeric width and height within bounds", async () => {
    const ada = await personWithTokens(100);
    const custom = (width: string) =>
      generate(ada.cookie, [
        ["prompt", "a fox"],
        ["setting.image_size", "custom"],
        ["width", width],
        ["height", "512"],
      ]);
    expect(await custom("10")).toMatchObject({ status: 400, data: { error: "Width and height must be whole numbers from 64 to 4096" } });
    expect(await custom("768")).toMatchObject({ status: 302 });
    expect((await prisma().mediaJob.findFirstOrThrow()).settings).toMatchObject({ image_size: { width: 768, height: 512 } });
  });

  test("refused, with nothing started: no prompt, an unpublished or unknown model, an option the model does not offer", async () => {
    const ada = await personWithTokens(100);
    expect(await generate(ada.cookie, [["prompt", "   "]])).toMatchObject({
      status: 400,
      data: { error: "Describe what you want, or add a picture to start from" },
    });
    const hidden = await post(generateAction, "/generate", ada.cookie, [
      ["intent", "generate"],
      ["type", "image"],
      ["model", "Hidden Image"],
      ["prompt", "x"],
    ]);
    expect(hidden).toMatchObject({ status: 400, data: { error: "Choose a model" } });
    const chat = await post(generateAction, "/generate", ada.cookie, [
      ["intent", "generate"],
      ["type", "chat"],
      ["model", "Demo Chat"],
      ["prompt", "x"],
    ]);
    expect(chat).toMatchObject({ status: 400 });
    expect(
      await generate(ada.cookie, [
        ["prompt", "x"],
        ["setting.num_images", "99"],
      ]),
    ).toMatchObject({ status: 400, data: { error: "Choose one of the options for num_images" } });
    // A file is only taken by a model that starts from a picture; here it is not a prompt either.
    expect(
      await generate(ada.cookie, [
        ["prompt", ""],
        ["file", await pngFile("me.png", 20, 20)],
      ]),
    ).toMatchObject({ status: 400 });
    expect(await prisma().mediaJob.count()).toBe(0);
    expect(await prisma().upload.count()).toBe(0);
  });

  test("without enough tokens: 402 with the chat's offer to claim the free tokens (no Buy without payments), and no job", async () => {
    const ada = await personWithTokens(0);
    const answer = await generate(ada.cookie, [
      ["prompt", "a fox"],
      ["setting.num_images", "4"],
    ]);
    expect(answer).toMatchObject({ status: 402, data: { code: "insufficient-tokens", claimTokens: "/dashboard/tokens" } });
    expect(answer.data).not.toHaveProperty("buyTokens");
    expect(await prisma().mediaJob.count()).toBe(0);
  });
});
