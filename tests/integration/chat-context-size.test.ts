// A reply's prompt fits the model's context size, set per model by an admin: the oldest history is
// left out first, the newest kept. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL names one.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { estimateTokens, REPLY_ROOM_TOKENS } from "~/modules/ai/prompt.server";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let userId: string;
let sessionId: string;
/** The conversation so far, oldest first: ten messages of about 100 tokens each, each naming its place. */
const HISTORY = Array.from({ length: 10 }, (_, index) => `Message ${index + 1}: ${"the lighthouse keeps its light burning ".repeat(10)}`);

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});
beforeEach(async () => {
  userId = await newUser();
  await credit(userId, { type: "free", amount: 100, description: "test" });
  const characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  sessionId = (await getOwnSession(userId, await startChat(userId, characterId))).id;
  const start = Date.now() + 1_000;
  for (const [index, message] of HISTORY.entries()) {
    const senderType = index % 2 === 0 ? "user" : "agent";
    await prisma().chatMessage.create({ data: { sessionId, senderType, senderId: userId, userId, message, createdAt: new Date(start + index * 1_000) } });
  }
});

/** Sets every chat model's context size, as an admin's save does (the model list is cached until a change). */
async function contextSize(contextTokens: number | null) {
  await prisma().chatModel.updateMany({ where: { modelType: "chat" }, data: { contextTokens } });
  invalidateCatalogueCache();
}

/** Asks for a reply; the messages the model received. */
async function promptSent() {
  const before = provider.fake.requests.length;
  provider.fake.nextReply({ text: "Aye." });
  await runReply(await prepareReply({ userId }, sessionId, { text: "What do you see tonight?" }), {});
  expect(provider.fake.requests.length).toBe(before + 1);
  return provider.fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
}

const historyIn = (messages: { content: string }[]) => messages.filter((message) => /^Message \d+:/.test(message.content)).map((message) => message.content);

test("without a context size the recent history goes whole", async () => {
  await contextSize(null);
  expect(historyIn(await promptSent())).toEqual(HISTORY);
});

test("with a small context size the oldest messages are left out, the newest kept, and the prompt fits beside room for the reply", async () => {
  const contextTokens = 1_024;
  await contextSize(contextTokens);
  const messages = await promptSent();
  const kept = historyIn(messages);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(HISTORY.length);
  expect(kept).toEqual(HISTORY.slice(-kept.length));
  expect(messages.at(-1)).toEqual({ role: "user", content: "What do you see tonight?" });
  const size = messages.reduce((sum, message) => sum + estimateTokens(message.content) + 4, 0);
  expect(size).toBeLessThanOrEqual(contextTokens - Math.min(REPLY_ROOM_TOKENS, contextTokens / 4));
  // One more of the older messages would not have fitted.
  const next = HISTORY[HISTORY.length - kept.length - 1]!;
  expect(size + estimateTokens(next) + 4).toBeGreaterThan(contextTokens - Math.min(REPLY_ROOM_TOKENS, contextTokens / 4));
});
