// A plan's perks are settings the server keeps (docs/plans.md): conversation memory bounds the
// history a reply sends, early access decides which models are offered and callable, and the plan
// cards are generated from the same settings. Each is shown for a person on the free plan and for
// one on a paid plan. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL names one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { generateTexts } from "~/lib/generate";
import { mediaJobTexts } from "~/lib/media-jobs";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { updateOwnAgent } from "~/modules/chat/agents.server";
import { chatPageData } from "~/modules/chat/page.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { prisma, useDatabaseForTests } from "~/modules/db/db.server";
import { applyPendingMigrations, listMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { publishedMediaModels } from "~/modules/gallery/generate-options.server";
import { generateFromForm } from "~/modules/gallery/generate-form.server";
import { pictureModelFor, startGeneration } from "~/modules/media/jobs.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { DEFAULT_IMAGE_SETTINGS } from "~/modules/seed/reference-data";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { loader as subscriptionLoader } from "~/routes/dashboard/subscription";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { callRoute, signedInCookie } from "../helpers/payments";
import { appRequestHandler } from "../helpers/request-handler";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let characterId: string;
const plans: Record<string, string> = {};

/** An early-access chat model on the fake provider, and an early-access image model the offline demo draws with. */
const EARLY_CHAT = { chatModel: "Nebula Next", modelId: "nebula/next-preview" };
const EARLY_IMAGE = "Demo Image Next";

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  for (const plan of await prisma().plan.findMany()) plans[plan.name] = plan.id;
  await prisma().chatModel.createMany({
    data: [
      { ...EARLY_CHAT, aiPlatform: "nebius", modelType: "chat", isPublished: true, earlyAccess: true, costTokens: 7, weight: -1 },
      {
        chatModel: EARLY_IMAGE,
        modelId: "demo-image",
        aiPlatform: "demo",
        modelType: "image",
        isPublished: true,
        earlyAccess: true,
        costTokens: 10,
        costUnit: "1_file",
        weight: 1_000,
        settings: DEFAULT_IMAGE_SETTINGS,
      },
    ],
  });
  invalidateCatalogueCache();
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

/** A person with tokens to spend: on the free plan, or subscribed to `plan`. */
async function person(plan?: string) {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 1_000, description: "test" });
  if (plan) await prisma().subscription.create({ data: { userId, planId: plans[plan]!, status: "active" } });
  return userId;
}

/** The person's chat with the character, thirty messages long, each naming its place ("History 1" is the oldest). */
async function longChat(userId: string) {
  const sessionId = (await getOwnSession(userId, await startChat(userId, characterId))).id;
  // In place of the greeting, written over the last minute, before anything asked now.
  await prisma().chatMessage.deleteMany({ where: { sessionId } });
  const start = Date.now() - 60_000;
  await prisma().chatMessage.createMany({
    data: Array.from({ length: 30 }, (_, index) => ({
      sessionId,
      userId,
      senderId: userId,
      senderType: index % 2 === 0 ? ("user" as const) : ("agent" as const),
      message: `History ${index + 1}`,
      createdAt: new Date(start + index * 1_000),
    })),
  });
  return sessionId;
}

/** Asks for a reply (or a regenerate); what the model received: its model id and the history messages in the prompt. */
async function replyIn(userId: string, sessionId: string, input: { text: string } | { regenerate: true } = { text: "And now?" }) {
  const before = provider.fake.requests.length;
  provider.fake.nextReply({ text: "Noted." });
  const outcome = await runReply(await prepareReply({ userId }, sessionId, input), {});
  expect(outcome.status).toBe("complete");
  expect(provider.fake.requests.length).toBe(before + 1);
  const body = provider.fake.requests.at(-1)!.body as { model: string; messages: { content: string }[] };
  return { model: body.model, history: body.messages.map((message) => message.content).filter((content) => /^History \d+$/.test(content)) };
}

const lastOfHistory = (count: number) => Array.from({ length: count }, (_, index) => `History ${30 - count + index + 1}`);

async function setPlan(name: string, data: Prisma.PlanUpdateInput) {
  await prisma().plan.update({ where: { id: plans[name]! }, data });
}

describe("conversation memory", () => {
  beforeAll(async () => {
    await setPlan("Free", { memoryMessages: 4 });
    await setPlan("Premium", { memoryMessages: 12 });
  });

  test("a reply sends the free plan's memory of earlier messages to a free person's model, the newest ones", async () => {
    const userId = await person();
    expect((await planPerksOf(userId)).memoryMessages).toBe(4);
    const { history } = await replyIn(userId, await longChat(userId));
    expect(history).toEqual(lastOfHistory(4));
  });

  test("a reply sends the paid plan's longer memory for a subscriber, and a regenerate the same", async () => {
    const userId = await person("Premium");
    const sessionId = await longChat(userId);
    expect((await replyIn(userId, sessionId)).history).toEqual(lastOfHistory(12));
    // Regenerating leaves out the ask it repeats and the reply it replaces: the twelve before them go.
    const regenerated = await replyIn(userId, sessionId, { regenerate: true });
    expect(regenerated.history).toEqual(lastOfHistory(12));
  });

  test("a subscription that ended puts the person back on the free plan's memory", async () => {
    const userId = await person("Premium");
    await prisma().subscription.update({ where: { userId }, data: { status: "canceled" } });
    expect((await replyIn(userId, await longChat(userId))).history).toEqual(lastOfHistory(4));
  });

  test("an admin's change to a plan's memory holds from the next reply", async () => {
    const userId = await person();
    const sessionId = await longChat(userId);
    await setPlan("Free", { memoryMessages: 7 });
    try {
      expect((await replyIn(userId, sessionId)).history).toEqual(lastOfHistory(7));
    } finally {
      await setPlan("Free", { memoryMessages: 4 });
    }
  });
});

describe("early access", () => {
  test("a free person is not offered early-access models: not for the agent, not on /generate, not for pictures in chat", async () => {
    const userId = await person();
    const sessionId = await longChat(userId);
    const page = await chatPageData(userId, sessionId, new URLSearchParams());
    expect(page.editable.choices!.chat).not.toContain(EARLY_CHAT.chatModel);
    expect(page.editable.choices!.image).not.toContain(EARLY_IMAGE);
    expect((await publishedMediaModels("image", userId)).map((model) => model.name)).not.toContain(EARLY_IMAGE);
    expect((await publishedMediaModels("image", null)).map((model) => model.name)).not.toContain(EARLY_IMAGE);
    // Even the agent's own choice of it is passed over for the next model that can draw.
    const chosen = await pictureModelFor([{ image: EARLY_IMAGE }], "image", await planPerksOf(userId));
    expect(chosen?.chatModel).not.toBe(EARLY_IMAGE);
  });

  test("a subscriber to a plan with early access is offered them", async () => {
    const userId = await person("Premium");
    const sessionId = await longChat(userId);
    const page = await chatPageData(userId, sessionId, new URLSearchParams());
    expect(page.editable.choices!.chat).toContain(EARLY_CHAT.chatModel);
    expect((await publishedMediaModels("image", userId)).map((model) => model.name)).toContain(EARLY_IMAGE);
    expect((await pictureModelFor([{ image: EARLY_IMAGE }], "image", await planPerksOf(userId)))?.chatModel).toBe(EARLY_IMAGE);
    // A paid plan without early access (Pro) is not.
    const pro = await person("Pro");
    expect((await publishedMediaModels("image", pro)).map((model) => model.name)).not.toContain(EARLY_IMAGE);
  });

  test("choosing an early-access model for one's agent is refused without early access and saved with it", async () => {
    for (const [plan, expected] of [
      [undefined, false],
      ["Premium", true],
    ] as const) {
      const userId = await person(plan);
      const { agentId } = await getOwnSession(userId, await longChat(userId));
      const form = new FormData();
      for (const [name, value] of Object.entries({ name: "Mine", description: "", bio: "", systemInstruction: "", messageInstruction: "" }))
        form.set(name, value);
      form.set("model:chat", EARLY_CHAT.chatModel);
      const result = await updateOwnAgent(userId, agentId, form);
      if (expected) expect(result).toEqual({ ok: true });
      else expect(result).toMatchObject({ ok: false, fields: { "model:chat": "Choose a published model" } });
      const agent = await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } });
      expect(JSON.stringify(agent.customModels).includes(EARLY_CHAT.chatModel)).toBe(expected);
    }
  });

  test("a reply for a free person never reaches an early-access model, even one their agent names; a subscriber's does, at its price", async () => {
    for (const [plan, expectedModel] of [
      [undefined, "deepseek-ai/DeepSeek-V3"],
      ["Premium", EARLY_CHAT.modelId],
    ] as const) {
      const userId = await person(plan);
      const sessionId = await longChat(userId);
      const { agentId } = await getOwnSession(userId, sessionId);
      // As if chosen while on a plan with early access.
      await prisma().chatAgent.update({ where: { id: agentId }, data: { customModels: [{ chat: EARLY_CHAT.chatModel }] } });
      const page = await chatPageData(userId, sessionId, new URLSearchParams());
      const before = (await getBalance(userId)).total;
      const { model } = await replyIn(userId, sessionId);
      expect(model).toBe(expectedModel);
      expect(page.agent.modelName).toBe(plan ? EARLY_CHAT.chatModel : "deepseek-v3");
      expect(before - (await getBalance(userId)).total).toBe(page.agent.cost);
    }
  });

  test("a generation naming an early-access model is refused for a free person as an unknown model, spending and saving nothing", async () => {
    const userId = await person();
    const jobs = await prisma().mediaJob.count();
    const form = new FormData();
    for (const [name, value] of Object.entries({ type: "image", model: EARLY_IMAGE, prompt: "a lighthouse at dusk", "setting.num_images": "1" }))
      form.set(name, value);
    await expect(generateFromForm(userId, form)).rejects.toMatchObject({ status: 400, message: generateTexts.noModel });
    await expect(startGeneration({ userId, modelId: EARLY_IMAGE, prompt: "a lighthouse at dusk", settings: { num_images: "1" } })).rejects.toMatchObject({
      status: 400,
      message: mediaJobTexts.noModel,
    });
    expect(await prisma().mediaJob.count()).toBe(jobs);
    expect((await getBalance(userId)).total).toBe(1_000);
  });

  test("a subscriber with early access starts a generation with it", async () => {
    const userId = await person("Premium");
    const started = await startGeneration({ userId, modelId: EARLY_IMAGE, prompt: "a lighthouse at dusk", settings: { num_images: "1" } });
    expect(started.costTokens).toBe(10);
    expect(await prisma().mediaJob.findUniqueOrThrow({ where: { id: started.jobId } })).toMatchObject({ chatModel: EARLY_IMAGE, userId });
  });
});

describe("plan cards", () => {
  test("the Subscription page lists each plan's perks from its settings, and follows a change", async () => {
    const userId = await person();
    const cookie = await signedInCookie(userId);
    await setPlan("Pro", {
      periodTokens: 7_000,
      memoryMessages: 25,
      chatPictures: true,
      chatVideos: false,
      chatVoice: true,
      priority: true,
      earlyAccess: false,
    });
    const page = (await callRoute(subscriptionLoader, "http://localhost/dashboard/subscription", cookie)) as Awaited<ReturnType<typeof subscriptionLoader>>;
    const card = (name: string) => page.plans.find((plan) => plan.name === name)!.perks;
    expect(card("Pro")).toEqual([
      { text: "7,000 tokens every month", enabled: true },
      { text: "Remembers the last 25 messages", enabled: true },
      { text: "Pictures in chat", enabled: true },
      { text: "Videos in chat", enabled: false },
      { text: "Voice notes in chat", enabled: true },
      { text: "Priority queue for pictures and videos", enabled: true },
      { text: "Early access to new models", enabled: false },
    ]);
    // The free plan's tokens are the monthly free tokens everyone claims.
    expect(card("Free")[0]).toEqual({ text: "500 free tokens every month", enabled: true });
    expect(card("Free")[1]).toEqual({ text: "Remembers the last 4 messages", enabled: true });

    // The page as a browser gets it: every line there, each marked included or not.
    const response = await (await appRequestHandler())(new Request("http://localhost/dashboard/subscription", { headers: { Cookie: cookie } }));
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of ["7,000 tokens every month", "Remembers the last 25 messages", "Priority queue for pictures and videos", "Early access to new models"]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Longer conversation memory");
    expect(html).not.toContain("Priority response speed");
  });
});

describe("upgrading an installation whose plans had typed features", () => {
  test("a paid plan's tokens come from its feature text as the old rule read it; the free plan grants none; the features go", async () => {
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "cv-migrations-"));
    for (const migration of await listMigrations(MIGRATIONS_DIR)) {
      if (migration.name >= "20261127143200") continue;
      fs.cpSync(path.join(MIGRATIONS_DIR, migration.name), path.join(before, migration.name), { recursive: true });
    }
    const old = await createTestDatabase(before);
    try {
      const features = (...texts: string[]) => JSON.stringify(texts.map((text) => ({ text, enabled: true })));
      await old.database.prisma.$executeRaw`
        INSERT INTO plans (id, name, price_cents, features, memory_messages, updated_at) VALUES
          (gen_random_uuid(), 'Free', 0, ${features("500 tokens every month", "Save favourites")}::jsonb, 10, now()),
          (gen_random_uuid(), 'Pro', 999, ${features("Chat with everyone", "10,000 tokens per month", "2 bonus tokens")}::jsonb, 10, now()),
          (gen_random_uuid(), 'Odd', 1999, ${features("Tokens galore", "3000 tokens")}::jsonb, 500, now()),
          (gen_random_uuid(), 'Huge', 2999, ${features("99999999999 tokens")}::jsonb, 0, now())`;
      expect(await old.database.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR))).toContain("20261127143200_plan_cards_from_settings");
      const rows = await old.database.prisma.$queryRaw<{ name: string; period_tokens: number; memory_messages: number }[]>`
        SELECT name, period_tokens, memory_messages FROM plans ORDER BY price_cents`;
      expect(rows).toEqual([
        { name: "Free", period_tokens: 0, memory_messages: 10 },
        { name: "Pro", period_tokens: 10_000, memory_messages: 10 },
        // The first feature that mentions tokens decides, even without a number in it.
        { name: "Odd", period_tokens: 0, memory_messages: 200 },
        { name: "Huge", period_tokens: 100_000_000, memory_messages: 1 },
      ]);
      const columns = await old.database.prisma.$queryRaw<{ column_name: string }[]>`
        SELECT column_name FROM information_schema.columns WHERE table_name = 'plans' AND column_name = 'features'`;
      expect(columns).toEqual([]);
    } finally {
      await old.dispose();
      useDatabaseForTests(db.database);
    }
  });
});
