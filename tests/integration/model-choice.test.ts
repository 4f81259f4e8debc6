import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { DEMO_PLATFORM } from "~/lib/ai-platforms";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { chatModelChoiceSql, chooseChatModel, EVERY_MODEL, FALLBACK_CHAT_MODEL, usableChatModels } from "~/modules/chat/model-choice.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { prisma } from "~/modules/db/db.server";
import { seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

// A reply reserves its model's cost in the statement that reads the agent (chatModelChoiceSql);
// the chat page names the model with chooseChatModel. Both must pick the same model.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedCatalogueIfEmpty(db.database.prisma);
  const demo = { aiPlatform: DEMO_PLATFORM, modelId: "demo", modelType: "chat", isPublished: true };
  await prisma().chatModel.createMany({
    data: [
      { ...demo, chatModel: "Heaviest", weight: 10_000, costTokens: 7 },
      { ...demo, chatModel: "Second", weight: 9_999, costTokens: 3 },
      { ...demo, chatModel: "Unpublished", weight: 1, isPublished: false },
      { ...demo, chatModel: "An image model", weight: 1, modelType: "image" },
      { ...demo, chatModel: "Reads images", weight: 5, costTokens: 9, acceptsImages: true },
      { ...demo, chatModel: "Reads images too", weight: 6, costTokens: 11, acceptsImages: true },
    ],
  });
  // Callable without NEBIUS_API_KEY: a model's own key is enough.
  await prisma().chatModel.update({ where: { chatModel: FALLBACK_CHAT_MODEL }, data: { isPublished: true, apiKey: "model-own-key" } });
  invalidateCatalogueCache();
});
afterAll(() => db.dispose());

type Agent = { customModels: unknown; document: unknown; characterChatModel: string | null };

async function chosenBySql(agent: Agent, needsImages = false, access: ModelAccess = EVERY_MODEL) {
  const sql = chatModelChoiceSql(await usableChatModels(EVERY_MODEL), {
    customModels: Prisma.sql`${JSON.stringify(agent.customModels)}::jsonb`,
    document: Prisma.sql`${JSON.stringify(agent.document)}::jsonb`,
    characterChatModel: Prisma.sql`${agent.characterChatModel}::text`,
    needsImages: Prisma.sql`${needsImages}::boolean`,
    earlyAccess: Prisma.sql`${access.earlyAccess}::boolean`,
  });
  const [row] = await prisma().$queryRaw<{ name: string; cost: number }[]>(sql);
  return row ?? null;
}

const cases: [string, Agent, string][] = [
  [
    "the person's own chat model first",
    { customModels: [{ image: "An image model" }, { chat: "Second" }], document: { chat_model: "Heaviest" }, characterChatModel: "Heaviest" },
    "Second",
  ],
  [
    "the first chat entry counts, later ones not",
    { customModels: [{ chat: "Second" }, { chat: "Heaviest" }], document: {}, characterChatModel: null },
    "Second",
  ],
  [
    "an own model that cannot answer is passed over",
    { customModels: [{ chat: "Unpublished" }], document: { chat_model: "Second" }, characterChatModel: "Heaviest" },
    "Second",
  ],
  [
    "a chat entry that is not text is passed over",
    { customModels: [{ chat: 5 }, ["Second"], "Second", { chat: "" }], document: null, characterChatModel: "Second" },
    "Second",
  ],
  ["then the agent's document", { customModels: [], document: { chat_model: "Second" }, characterChatModel: "Heaviest" }, "Second"],
  ["then the character's model", { customModels: {}, document: { chat_model: 3 }, characterChatModel: "Second" }, "Second"],
  ["then deepseek-v3", { customModels: [], document: [], characterChatModel: "An image model" }, FALLBACK_CHAT_MODEL],
  ["custom models that are not a list count for nothing", { customModels: "Second", document: "Second", characterChatModel: null }, FALLBACK_CHAT_MODEL],
];

// A message with images goes, by the same order, to a model that reads them.
const imageCases: [string, Agent, string][] = [
  [
    "the person's own model, when it reads images",
    { customModels: [{ chat: "Reads images" }], document: { chat_model: "Reads images too" }, characterChatModel: null },
    "Reads images",
  ],
  [
    "else the next wanted model that reads images",
    { customModels: [{ chat: "Second" }], document: { chat_model: "Reads images" }, characterChatModel: "Heaviest" },
    "Reads images",
  ],
  ["else the heaviest model that reads images", { customModels: [{ chat: "Second" }], document: {}, characterChatModel: "Heaviest" }, "Reads images too"],
];

describe("the chat model a reply is charged for", () => {
  test.each(cases)("%s, in SQL as in code", async (_name, agent, expected) => {
    const inCode = await chooseChatModel(agent, EVERY_MODEL);
    expect(inCode?.chatModel).toBe(expected);
    expect(await chosenBySql(agent)).toEqual({ name: expected, cost: inCode!.costTokens });
  });

  test.each(imageCases)("with images: %s, in SQL as in code", async (_name, agent, expected) => {
    const inCode = await chooseChatModel(agent, EVERY_MODEL, { needsImages: true });
    expect(inCode?.chatModel).toBe(expected);
    expect(await chosenBySql(agent, true)).toEqual({ name: expected, cost: inCode!.costTokens });
  });

  test("an early-access model answers only a person whose plan has early access, in SQL as in code", async () => {
    await prisma().chatModel.update({ where: { chatModel: "Second" }, data: { earlyAccess: true } });
    invalidateCatalogueCache();
    try {
      const agent = { customModels: [{ chat: "Second" }], document: {}, characterChatModel: null };
      expect((await chooseChatModel(agent, { earlyAccess: true }))?.chatModel).toBe("Second");
      expect(await chosenBySql(agent, false, { earlyAccess: true })).toEqual({ name: "Second", cost: 3 });
      // Without early access it is passed over like an unpublished one: deepseek-v3 answers.
      expect((await chooseChatModel(agent, { earlyAccess: false }))?.chatModel).toBe(FALLBACK_CHAT_MODEL);
      expect(await chosenBySql(agent, false, { earlyAccess: false })).toMatchObject({ name: FALLBACK_CHAT_MODEL });
      expect((await usableChatModels({ earlyAccess: false })).map((model) => model.chatModel)).not.toContain("Second");
    } finally {
      await prisma().chatModel.update({ where: { chatModel: "Second" }, data: { earlyAccess: false } });
      invalidateCatalogueCache();
    }
  });

  test("with images and no model that reads them, the model any message gets answers, in SQL as in code", async () => {
    const agent = { customModels: [{ chat: "Second" }], document: {}, characterChatModel: null };
    await prisma().chatModel.updateMany({ where: { acceptsImages: true }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      expect((await chooseChatModel(agent, EVERY_MODEL, { needsImages: true }))?.chatModel).toBe("Second");
      expect(await chosenBySql(agent, true)).toEqual({ name: "Second", cost: 3 });
    } finally {
      await prisma().chatModel.updateMany({ where: { chatModel: { in: ["Reads images", "Reads images too"] } }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }
  });

  test("without deepseek-v3 the heaviest usable model answers, in SQL as in code", async () => {
    await prisma().chatModel.update({ where: { chatModel: FALLBACK_CHAT_MODEL }, data: { isPublished: false } });
    invalidateCatalogueCache();
    const agent = { customModels: [{ chat: "Unpublished" }], document: {}, characterChatModel: null };
    expect((await chooseChatModel(agent, EVERY_MODEL))?.chatModel).toBe("Heaviest");
    expect(await chosenBySql(agent)).toEqual({ name: "Heaviest", cost: 7 });
  });

  test("with no usable chat model neither picks one", async () => {
    await prisma().chatModel.updateMany({ where: { modelType: "chat" }, data: { isPublished: false } });
    invalidateCatalogueCache();
    const agent = { customModels: [], document: {}, characterChatModel: "Heaviest" };
    expect(await chooseChatModel(agent, EVERY_MODEL)).toBeNull();
    expect(await chosenBySql(agent)).toBeNull();
  });
});
