import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { chatTexts } from "~/lib/chat";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { listMessages } from "~/modules/chat/messages.server";
import { startChat } from "~/modules/chat/sessions.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { action as sessionAction } from "~/routes/chat/session";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let characterId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
  characterId = (
    await prisma().character.create({
      data: { name: "Nova", description: "A pilot", isPublished: true, chatModel: base.chatModel, alternateGreetings: ["Second hello.", "Third hello."] },
    })
  ).id;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

let userId: string;
let cookie: string;
let sessionId: string;
beforeEach(async () => {
  userId = await newUser();
  cookie = await signedInCookie(userId);
  await credit(userId, { type: "free", amount: 1000, description: "test" });
  fake.nextReply({ text: "First hello." });
  sessionId = await startChat(userId, characterId);
});

async function messages() {
  return (await listMessages(sessionId)).messages.map((message) => ({ text: message.message, versions: message.versions ?? null }));
}

/** The arrow's form, as the page posts it without JavaScript. */
async function selectVersion(messageId: string, version: number) {
  const request = new Request(`http://localhost/chat/${sessionId}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams({ intent: "select-version", messageId, version: String(version) }),
  });
  return answerOf(() => sessionAction(routeArgs(request, { params: { sessionId } })));
}

async function send(text: string, reply: string) {
  fake.nextReply({ text: reply });
  await runReply(await prepareReply({ userId }, sessionId, { text }), {});
  return fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
}

async function lastId() {
  return (await listMessages(sessionId)).messages.at(-1)!.id;
}

describe("alternate greetings", () => {
  test("a new chat starts with the first greeting, and the person can switch before replying", async () => {
    expect(await messages()).toEqual([{ text: "First hello.", versions: { selected: 0, count: 3 } }]);
    expect(await selectVersion(await lastId(), 2)).toRedirectTo(`/chat/${sessionId}`);
    expect(await messages()).toEqual([{ text: "Third hello.", versions: { selected: 2, count: 3 } }]);

    const prompt = await send("Hi Nova", "Welcome aboard.");
    expect(prompt.slice(1)).toEqual([
      { role: "assistant", content: "Third hello." },
      { role: "user", content: "Hi Nova" },
    ]);
  });

  test("once the person has replied, the greeting stays as it was", async () => {
    const greeting = await lastId();
    await send("Hi", "Hello.");
    const refused = await selectVersion(greeting, 1);
    expect(refused).toMatchObject({ status: 400, data: { error: chatTexts.versionUnavailable } });
    expect((await messages())[0]).toEqual({ text: "First hello.", versions: { selected: 0, count: 3 } });
  });

  test("a version that does not exist, or a message of another chat, is refused", async () => {
    expect(await selectVersion(await lastId(), 3)).toMatchObject({ status: 400 });
    expect(await selectVersion("00000000-0000-4000-8000-000000000000", 0)).toMatchObject({ status: 400 });
  });
});

describe("regenerate keeps the earlier replies", () => {
  test("each regenerate adds a version and is paid; the one shown is what the next prompt's history holds", async () => {
    await send("Tell me a joke", "Joke one.");
    const before = (await getBalance(userId)).total;
    fake.nextReply({ text: "Joke two." });
    await runReply(await prepareReply({ userId }, sessionId, { regenerate: true }), {});
    fake.nextReply({ text: "Joke three." });
    await runReply(await prepareReply({ userId }, sessionId, { regenerate: true }), {});
    expect((await getBalance(userId)).total).toBeLessThan(before);
    const cost = (before - (await getBalance(userId)).total) / 2;
    expect(cost).toBeGreaterThan(0);

    expect((await messages()).slice(1)).toEqual([
      { text: "Tell me a joke", versions: null },
      { text: "Joke three.", versions: { selected: 2, count: 3 } },
    ]);
    expect(await selectVersion(await lastId(), 0)).toMatchObject({ status: 302 });
    expect((await messages()).at(-1)).toEqual({ text: "Joke one.", versions: { selected: 0, count: 3 } });

    const prompt = await send("Another", "Sure.");
    expect(prompt.slice(-3)).toEqual([
      { role: "user", content: "Tell me a joke" },
      { role: "assistant", content: "Joke one." },
      { role: "user", content: "Another" },
    ]);
  });

  test("a regenerate after switching keeps every version, the new one shown", async () => {
    await send("Pick a colour", "Red.");
    fake.nextReply({ text: "Blue." });
    await runReply(await prepareReply({ userId }, sessionId, { regenerate: true }), {});
    await selectVersion(await lastId(), 0);
    fake.nextReply({ text: "Green." });
    await runReply(await prepareReply({ userId }, sessionId, { regenerate: true }), {});
    const last = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId }, orderBy: { createdAt: "desc" } });
    expect(last).toMatchObject({ message: "Green.", alternatives: ["Red.", "Blue.", "Green."], selectedAlternative: 2 });
  });
});
