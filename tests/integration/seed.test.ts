import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublishedBanners } from "~/modules/catalogue/banners.server";
import { listCategories } from "~/modules/catalogue/categories.server";
import { searchCharacters } from "~/modules/catalogue/characters.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { seedPortraitPath } from "~/modules/seed/seed-portraits.server";
import { seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { getObject } from "~/modules/storage/storage.server";
import { seedCharacters } from "../../prisma/seed/catalogue-data";
import { confirmedAccount } from "../helpers/accounts";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  await seedCatalogueIfEmpty(test.database.prisma);
});
afterAll(() => test.dispose());

describe("the starter catalogue", () => {
  it("has the four categories in the spec's order", async () => {
    expect((await listCategories()).map((category) => category.name)).toEqual(["Girls", "Guys", "Anime", "Pros"]);
  });

  it("has at least 40 published characters, at least 10 in every category", async () => {
    const all = await searchCharacters({ pageSize: 500 });
    expect(all.totalCount).toBeGreaterThanOrEqual(40);
    for (const categoryId of [1, 2, 3, 4]) {
      expect((await searchCharacters({ categoryId })).totalCount).toBeGreaterThanOrEqual(10);
    }
  });

  it("gives every character a stored avatar, a welcome message, tags and instructions", async () => {
    const characters = await test.database.prisma.character.findMany();
    for (const character of characters) {
      expect(character.avatarUrl).toMatch(/^\/storage\/avatars\/characters\/.+\.webp$/);
      expect(character.welcomeMessage?.length).toBeGreaterThan(10);
      expect(character.tags.length).toBeGreaterThanOrEqual(2);
      expect(character.systemInstruction?.length).toBeGreaterThan(20);
      expect(character.promptGuide).toBeTruthy();
    }
    const stored = await getObject("avatars", characters[0].avatarUrl!.replace("/storage/avatars/", ""));
    expect(stored?.body.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("has three published banners with stored images", async () => {
    const banners = await listPublishedBanners();
    expect(banners).toHaveLength(3);
    for (const banner of banners) {
      expect(banner.title.length).toBeLessThanOrEqual(35);
      expect(await getObject("banners", banner.imageUrl.replace("/storage/banners/", ""))).not.toBeNull();
    }
  });

  it("has the model types, a demo chat model, the spec's real models, plans and token packages", async () => {
    const prisma = test.database.prisma;
    expect((await prisma.modelType.findMany({ orderBy: { seq: "asc" } })).map((type) => type.name)).toEqual(["chat", "image", "video", "audio", "music"]);
    const models = await prisma.chatModel.findMany();
    expect(models.find((model) => model.aiPlatform === "demo" && model.modelType === "chat")).toBeTruthy();
    expect(models.find((model) => model.aiPlatform === "nebius" && /llama-3\.1-70b/i.test(model.modelId))).toBeTruthy();
    expect(models.find((model) => model.chatModel === "deepseek-v3")).toBeTruthy();
    expect(models.find((model) => model.aiPlatform === "perplexity")?.isStream).toBe(false);
    const flux = models.find((model) => model.aiPlatform === "fal");
    expect((flux?.settings as Record<string, unknown[]>).image_size).toContain("square_hd");
    expect(await prisma.plan.count()).toBe(3);
    expect((await prisma.tokenPackage.findMany({ orderBy: { seq: "asc" } })).map((p) => [p.tokens, p.priceCents])).toEqual([
      [4990, 499],
      [19900, 1999],
      [34900, 3499],
      [149000, 14999],
    ]);
    expect(await prisma.characterDetailDefinition.count()).toBeGreaterThanOrEqual(3);
  });

  it("does nothing the second time", async () => {
    const before = await test.database.prisma.character.count();
    expect(await seedCatalogueIfEmpty(test.database.prisma)).toBe(false);
    expect(await test.database.prisma.character.count()).toBe(before);
  });

  it("redraws at start-up a seed portrait still on an earlier drawing, and leaves replaced ones alone", async () => {
    const prisma = test.database.prisma;
    const [luna, sofia] = seedCharacters;
    const current = `/storage/avatars/${seedPortraitPath(luna)}`;
    const earlier = `/storage/avatars/characters/${luna.key}.webp`;
    const uploaded = "/storage/avatars/characters/3f1c9a2b7d.webp";
    await prisma.character.updateMany({ where: { name: luna.name }, data: { avatarUrl: earlier } });
    await prisma.character.updateMany({ where: { name: sofia.name }, data: { avatarUrl: uploaded } });
    const ada = await confirmedAccount();
    const lunaId = (await prisma.character.findFirstOrThrow({ where: { name: luna.name } })).id;
    await startChat(ada.id, lunaId);

    await prepareDatabase(test.database, { seed: true });

    expect((await prisma.character.findFirstOrThrow({ where: { name: luna.name } })).avatarUrl).toBe(current);
    expect((await prisma.chatAgent.findFirstOrThrow({ where: { userId: ada.id } })).avatarUrl).toBe(current);
    expect((await prisma.character.findFirstOrThrow({ where: { name: sofia.name } })).avatarUrl).toBe(uploaded);
    expect((await getObject("avatars", seedPortraitPath(luna)))?.body.subarray(8, 12).toString()).toBe("WEBP");
  });
});
