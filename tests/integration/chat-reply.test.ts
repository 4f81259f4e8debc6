import { parseFormData } from "~/modules/http/form.server";
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test } from "vitest";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { chatTexts, MESSAGE_MAX_CHARS, SESSION_LIST_LIMIT } from "~/lib/chat";
import { Prisma } from "~/generated/prisma/client";
import { database, prisma } from "~/modules/db/db.server";
import { GREETING_REQUEST } from "~/modules/ai/prompt.server";
import { chatPageData, chatPageForm, handleChatAction } from "~/routes/chat/+shared/chat-page.server";
import { CHAT_REPLIES, prepareReply, messageFields, readMessage, ReplyBusyError, runReply, TooManyRepliesError } from "~/modules/chat/reply.server";
import { REPLY_LEASE_SECONDS, REPLY_RESERVATION_GRACE_SECONDS } from "~/modules/chat/reply-lease.server";
import { ChatNotFoundError } from "~/modules/chat/errors.server";
import { listMessages } from "~/modules/chat/messages.server";
import { getOwnSession, listSessions, startChat } from "~/modules/chat/sessions.server";
import { credit, getBalance, InsufficientTokensError, releaseExpiredReservations } from "~/modules/tokens/ledger.server";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";
import { signedInCookie } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";
import { action as replyAction } from "~/routes/api/chat.reply";
import { action as sessionAction } from "~/routes/chat/session";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let characterId: string;
const COST = 20; // deepseek-v3's cost_tokens in the seed

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  characterId = (
    await prisma()
      .character.findFirstOrThrow({ where: { isPublished: true, name: "Luna" } })
      .catch(() => prisma().character.findFirstOrThrow({ where: { isPublished: true } }))
  ).id;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

let userId: string;
beforeEach(async () => {
  userId = await newUser();
  await credit(userId, { type: "free", amount: 100, description: "test" });
});

async function session() {
  return getOwnSession(userId, await startChat(userId, characterId));
}

/** Posts to the reply route as the composer does, signed in as this test's person. */
async function postReply(sessionId: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost/api/chat/${sessionId}/reply`, {
    method: "POST",
    headers: { Cookie: await signedInCookie(userId) },
    body: new URLSearchParams(fields),
  });
  return (await replyAction(routeArgs(request, { params: { sessionId } }))) as Response;
}

const texts = async (sessionId: string) => (await listMessages(sessionId)).messages.map((message) => `${message.senderType}: ${message.message}`);

describe("starting a chat", () => {
  test("creates the person's agent copy and a session greeted with the character's own greeting, then reuses them", async () => {
    const character = await prisma().character.findUniqueOrThrow({ where: { id: characterId } });
    const name = (await prisma().user.findUniqueOrThrow({ where: { id: userId } })).email.split("@")[0]!;
    const greeting = character.welcomeMessage!.replaceAll("{{user}}", name);
    const requests = fake.requests.length;
    const first = await startChat(userId, characterId);
    expect(await texts(first)).toEqual([`agent: ${greeting}`]);

    expect(await startChat(userId, characterId)).toBe(first);
    expect(fake.requests.length).toBe(requests);
    expect(await prisma().chatAgent.count({ where: { userId } })).toBe(1);
    const [summary] = (await listSessions(userId)).sessions;
    expect(summary).toMatchObject({ id: first, agentName: character.name, characterId, lastMessage: greeting });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("a character without a greeting of its own is greeted by its chat model, asked with its name and description", async () => {
    const luna = await prisma().character.findUniqueOrThrow({ where: { id: characterId } });
    const character = await prisma().character.create({
      data: { name: "Orla", description: "A lighthouse keeper", isPublished: true, chatModel: luna.chatModel },
    });
    fake.nextReply({ text: "Oh, a visitor! Come and look at the lamp." });
    const first = await startChat(userId, character.id);
    expect(await texts(first)).toEqual(["agent: Oh, a visitor! Come and look at the lamp."]);
    const asked = fake.requests.at(-1)!;
    const body = asked.body as { stream?: boolean; messages: { role: string; content: string }[] };
    expect(body.stream).toBe(false);
    expect(body.messages[0]!.content).toContain("Orla");
    expect(body.messages[0]!.content).toContain("A lighthouse keeper");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: GREETING_REQUEST });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("the greeting is asked at the temperature the character's details give its agent, else 0.6", async () => {
    for (const [details, temperature] of [
      [{ temperature: 1.4 }, 1.4],
      [{ temperature: "hot" }, 0.6],
      [{ temperature: 5 }, 0.6],
      [{}, 0.6],
    ] as const) {
      const character = await prisma().character.create({ data: { name: "Warm", description: "Greets warmly", isPublished: true, details } });
      fake.nextReply({ text: "Hello there." });
      await startChat(userId, character.id);
      expect({ details, temperature: (fake.requests.at(-1)!.body as { temperature: number }).temperature }).toEqual({ details, temperature });
    }
  });

  test("when the model cannot greet a character without a greeting of its own, the spec's text is the greeting", async () => {
    const plain = await prisma().character.create({ data: { name: "Plain", description: "No welcome message", isPublished: true } });
    fake.nextReply({ failWith: { status: 500, message: "down" } });
    expect(await texts(await startChat(userId, plain.id))).toEqual([`agent: ${chatTexts.greeting("Plain")}`]);
  });

  test("two clicks at once land in one session", async () => {
    const ids = await Promise.all([startChat(userId, characterId), startChat(userId, characterId), startChat(userId, characterId)]);
    expect(new Set(ids).size).toBe(1);
    expect(await prisma().chatSession.count({ where: { userId } })).toBe(1);
  });

  test("an unpublished or unknown character cannot be chatted with", async () => {
    const hidden = await prisma().character.create({ data: { name: "Hidden", isPublished: false } });
    await expect(startChat(userId, hidden.id)).rejects.toBeInstanceOf(ChatNotFoundError);
    await expect(startChat(userId, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(ChatNotFoundError);
    await expect(startChat(userId, "not-a-uuid")).rejects.toBeInstanceOf(ChatNotFoundError);
  });

  test("another person's session does not exist for this one", async () => {
    const mine = await session();
    const stranger = await newUser();
    await expect(getOwnSession(stranger, mine.id)).rejects.toBeInstanceOf(ChatNotFoundError);
    await expect(getOwnSession(stranger, "not-a-uuid")).rejects.toBeInstanceOf(ChatNotFoundError);
  });
});

describe("the conversation page", () => {
  test("shows the newest 25 messages, and with ?before= the page before them, both whole pages", async () => {
    const chat = await session();
    const base = Date.now() + 1_000; // after the greeting
    for (let index = 0; index < 30; index++) {
      await prisma().chatMessage.create({
        data: { sessionId: chat.id, userId, senderType: "user", senderId: userId, message: `m${index}`, createdAt: new Date(base + index * 1000) },
      });
    }
    const newest = await chatPageData(userId, chat.id, new URLSearchParams());
    expect(newest.messages.map((message) => message.message)).toEqual(Array.from({ length: 25 }, (_, index) => `m${index + 5}`));
    expect(newest.hasMore).toBe(true);

    const older = await chatPageData(userId, chat.id, new URLSearchParams({ before: newest.messages[0]!.id }));
    expect(older.messages.map((message) => message.message)).toEqual([expect.any(String), "m0", "m1", "m2", "m3", "m4"]);
    expect(older.messages[0]).toMatchObject({ senderType: "agent" });
    expect(older.hasMore).toBe(false);
    expect(older.agent.name).toBe(newest.agent.name);
    expect(older.sessions.map((item) => item.id)).toContain(chat.id);
  });

  test(`the chat list holds the newest ${SESSION_LIST_LIMIT} chats and, when there are more, where the next page starts`, async () => {
    const chat = await session();
    const base = Date.now() - 1_000_000;
    const older = (count: number, from: number) =>
      prisma().chatSession.createMany({
        data: Array.from({ length: count }, (_, index) => ({ userId, agentId: chat.agentId, createdAt: new Date(base + (from + index) * 1000) })),
      });
    await older(SESSION_LIST_LIMIT - 1, 1);
    const whole = await chatPageData(userId, chat.id, new URLSearchParams());
    expect(whole.sessions).toHaveLength(SESSION_LIST_LIMIT);
    expect(whole.sessionsNext).toBeNull();

    await older(1, 0); // the oldest of all
    const first = await chatPageData(userId, chat.id, new URLSearchParams());
    expect(first.sessions).toHaveLength(SESSION_LIST_LIMIT);
    expect(first.sessions[0]!.id).toBe(chat.id);
    const oldest = await prisma().chatSession.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "asc" } });
    expect(first.sessions.map((item) => item.id)).not.toContain(oldest.id);
    expect(first.sessionsNext).toBe(`${first.sessions.at(-1)!.lastMessageTime}_${first.sessions.at(-1)!.id}`);

    // The page after it (the "Show older chats" link without JavaScript), with the same conversation,
    // whose chat is listed too.
    const second = await chatPageData(userId, chat.id, new URLSearchParams({ older: first.sessionsNext! }));
    expect(second.sessions.map((item) => item.id)).toEqual([oldest.id, chat.id]);
    expect(second.sessionsNext).toBeNull();
    expect(second.messages).toEqual(first.messages);
  });
});

describe("a reply from the model", () => {
  test("streams in pieces split anywhere, is saved once, and costs the model's tokens", async () => {
    const chat = await session();
    fake.nextReply({ text: "Bonsoir — the stars are out ✨ tonight.", chunkBytes: 3, usage: true });
    const prepared = await prepareReply({ userId: userId }, chat.id, { text: "Tell me about tonight" });
    const deltas: string[] = [];
    const outcome = await runReply(prepared, { onDelta: (text) => deltas.push(text) });

    expect(outcome).toMatchObject({ status: "complete", message: { senderType: "agent", message: "Bonsoir — the stars are out ✨ tonight." } });
    expect(deltas.join("")).toBe("Bonsoir — the stars are out ✨ tonight.");
    expect((await texts(chat.id)).slice(-2)).toEqual(["user: Tell me about tonight", "agent: Bonsoir — the stars are out ✨ tonight."]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - COST });
    expect(await ledgerSum(userId)).toBe(100 - COST);
    expect(await prisma().tokenReservation.findMany({ where: { userId } })).toMatchObject([{ status: "settled" }]);

    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe("Bearer nebius-test-key");
    const body = request.body as { model: string; temperature: number; messages: { role: string; content: string }[] };
    expect(body.model).toBe("deepseek-ai/DeepSeek-V3");
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "Tell me about tonight" });
  });

  test("the model gets the last 10 chat messages of this session (the free plan's memory), oldest first, then the new one", async () => {
    const chat = await session();
    // All in the past, the greeting first, so that what is asked next comes after them.
    const base = Date.now() - 60_000;
    await prisma().chatMessage.updateMany({ where: { sessionId: chat.id }, data: { createdAt: new Date(base - 1_000) } });
    for (let index = 0; index < 14; index++) {
      await prisma().chatMessage.create({
        data: {
          sessionId: chat.id,
          userId,
          senderType: index % 2 ? "agent" : "user",
          senderId: index % 2 ? chat.agentId : userId,
          message: `line ${index}`,
          messageType: index === 12 ? "image" : "chat",
          createdAt: new Date(base + index * 1000),
        },
      });
    }
    fake.nextReply({ text: "Noted." });
    await runReply(await prepareReply({ userId: userId }, chat.id, { text: "And now?" }), {});
    const sent = (fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
    expect(sent[0]!.role).toBe("system");
    expect(sent.slice(1).map((message) => `${message.role}: ${message.content}`)).toEqual([
      ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 13].map((index) => `${index % 2 ? "assistant" : "user"}: line ${index}`),
      "user: And now?",
    ]);
    // Regenerate asks again with the same 10 messages before the repeated ask, not fewer.
    fake.nextReply({ text: "Noted again." });
    await runReply(await prepareReply({ userId: userId }, chat.id, { regenerate: true }), {});
    const again = (fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
    expect(again.slice(1).map((message) => `${message.role}: ${message.content}`)).toEqual(
      sent.slice(1).map((message) => `${message.role}: ${message.content}`),
    );
  });

  test("the model is asked at temperature 0.6 and streaming, unless the agent's document sets its own temperature or turns streaming off", async () => {
    await credit(userId, { type: "free", amount: 100, description: "test" });
    const chat = await session();
    fake.nextReply({ text: "Default." });
    await runReply(await prepareReply({ userId }, chat.id, { text: "Hi" }), {});
    expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 0.6, stream: true });

    const agent = await prisma().chatAgent.findUniqueOrThrow({ where: { id: chat.agentId } });
    const document = agent.document as { details?: object };
    await prisma().chatAgent.update({
      where: { id: chat.agentId },
      data: { document: { ...document, temperature: 1.1, details: { ...document.details, isStream: false } } },
    });
    fake.nextReply({ text: "Whole, and warmer." });
    const deltas: string[] = [];
    const outcome = await runReply(await prepareReply({ userId }, chat.id, { text: "Again" }), { onDelta: (text) => deltas.push(text) });
    expect(outcome).toMatchObject({ status: "complete", message: { message: "Whole, and warmer." } });
    expect(deltas).toEqual(["Whole, and warmer."]);
    expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 1.1, stream: false });

    // A temperature in the details counts too; one that is not a number, or out of range, does not.
    await prisma().chatAgent.update({ where: { id: chat.agentId }, data: { document: { ...document, details: { ...document.details, temperature: 0.2 } } } });
    fake.nextReply({ text: "Cooler." });
    await runReply(await prepareReply({ userId }, chat.id, { text: "Once more" }), {});
    expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 0.2, stream: true });
    for (const temperature of ['"1.5"', "7", "1e400"]) {
      // Written as JSON text: 1e400 is a number to PostgreSQL, too large for a float.
      await prisma()
        .$executeRaw`UPDATE chat_agents SET document = ${JSON.stringify(document)}::jsonb || jsonb_build_object('temperature', ${temperature}::jsonb) WHERE id = ${chat.agentId}::uuid`;
      fake.nextReply({ text: "Back to the default." });
      await runReply(await prepareReply({ userId }, chat.id, { text: "And?" }), {});
      expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 0.6 });
    }
    // One out of range is passed over for a valid one in the details.
    await prisma().chatAgent.update({
      where: { id: chat.agentId },
      data: { document: { ...document, temperature: 9, details: { ...document.details, temperature: 1.3 } } },
    });
    fake.nextReply({ text: "From the details." });
    await runReply(await prepareReply({ userId }, chat.id, { text: "Last one" }), {});
    expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 1.3 });
  });

  test("a provider error saves no reply, gives the tokens back and shows the spec's text", async () => {
    const chat = await session();
    fake.nextReply({ failWith: { status: 500, message: "upstream exploded" } });
    const outcome = await runReply(await prepareReply({ userId: userId }, chat.id, { text: "Hello?" }), {});
    expect(outcome).toEqual({ status: "failed", error: chatTexts.replyFailed });
    expect((await texts(chat.id)).at(-1)).toBe("user: Hello?");
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await prisma().tokenReservation.findMany({ where: { userId } })).toMatchObject([{ status: "released" }]);
    expect(await prisma().chatMessage.count({ where: { message: chatTexts.thinking } })).toBe(0);
  });

  test("a provider that stalls past the timeout gets the timeout text and a refund", async () => {
    const chat = await session();
    fake.nextReply({ text: "too late", stallMs: 2_000 });
    const outcome = await runReply(await prepareReply({ userId: userId }, chat.id, { text: "Quick one" }), { timeoutMs: 300 });
    expect(outcome).toEqual({ status: "failed", error: chatTexts.replyTimeout });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect((await texts(chat.id)).at(-1)).toBe("user: Quick one");
  });

  test("a connection dropped mid-stream saves nothing half-done and refunds", async () => {
    const chat = await session();
    fake.nextReply({ text: "This answer will be cut off halfway through.", dropAfterChars: 12 });
    const outcome = await runReply(await prepareReply({ userId: userId }, chat.id, { text: "Go on" }), {});
    expect(outcome).toEqual({ status: "failed", error: chatTexts.replyFailed });
    expect((await texts(chat.id)).at(-1)).toBe("user: Go on");
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await ledgerSum(userId)).toBe(100);
  });

  test("a reply that cannot be saved is a failure with the spec's text, and the tokens go back", async () => {
    const chat = await session();
    fake.nextReply({ text: "Words that will have nowhere to go at all.", chunkBytes: 32, delayMsPerChunk: 20 });
    const prepared = await prepareReply({ userId }, chat.id, { text: "Still there?" });
    // The chat is deleted while the words arrive, so the reply cannot be saved into it.
    let deleted: Promise<unknown> | undefined;
    const outcome = await runReply(prepared, {
      onDelta: () =>
        (deleted ??= prisma()
          .chatSession.delete({ where: { id: chat.id } })
          .then(() => "deleted")),
    });
    expect(await deleted).toBe("deleted");
    expect(outcome).toEqual({ status: "failed", error: chatTexts.replyFailed });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await prisma().tokenReservation.findMany({ where: { userId } })).toMatchObject([{ status: "released" }]);
  });

  test("a reply that cannot start after the message was saved says so in the stream, refunds and frees the chat", async () => {
    const chat = await session();
    // A model of a platform this server does not know, with a key of its own: chosen, but it cannot be called.
    await prisma().chatModel.create({
      data: { chatModel: "Nowhere Model", modelId: "nowhere", aiPlatform: "nowhere", apiKey: "key", isPublished: true, costTokens: 7 },
    });
    await prisma().chatAgent.update({ where: { id: chat.agentId }, data: { customModels: [{ chat: "Nowhere Model" }] } });
    invalidateCatalogueCache();
    onTestFinished(async () => {
      await prisma().chatAgent.update({ where: { id: chat.agentId }, data: { customModels: [] } });
      await prisma().chatModel.delete({ where: { chatModel: "Nowhere Model" } });
      invalidateCatalogueCache();
    });
    const calls = fake.requests.length;
    const response = await postReply(chat.id, { message: "Hello over there" });
    expect(response.status).toBe(200);
    const events = [...(await response.text()).matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map(([, event, data]) => ({
      event,
      data: JSON.parse(data!) as unknown,
    }));
    expect(events).toEqual([
      { event: "user", data: expect.objectContaining({ senderType: "user", message: "Hello over there" }) },
      { event: "error", data: { message: chatTexts.replyFailed } },
    ]);
    expect((await texts(chat.id)).at(-1)).toBe("user: Hello over there");
    expect(fake.requests.length).toBe(calls);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await prisma().tokenReservation.findMany({ where: { userId } })).toMatchObject([{ status: "released" }]);
    expect(await prisma().chatSession.findUniqueOrThrow({ where: { id: chat.id } })).toMatchObject({ replyUntil: null });
  });

  test("a reply stopped by the person keeps the text received so far, marked stopped and charged for that much", async () => {
    const chat = await session();
    fake.nextReply({ text: "one two three four five six seven eight nine ten", chunkBytes: 64, delayMsPerChunk: 15 });
    const prepared = await prepareReply({ userId: userId }, chat.id, { text: "Count slowly" });
    const stop = new AbortController();
    let received = "";
    const outcome = await runReply(prepared, {
      signal: stop.signal,
      onDelta: (text) => {
        received += text;
        if (received.length >= 10) stop.abort();
      },
    });
    expect(outcome.status).toBe("stopped");
    const kept = outcome.status === "stopped" ? outcome.message?.message : undefined;
    expect(kept && kept.length >= 10 && "one two three four five six seven eight nine ten".startsWith(kept)).toBe(true);
    expect((await texts(chat.id)).at(-1)).toBe(`agent: ${kept}`);
    expect(outcome.status === "stopped" && outcome.message?.stopped).toBe(true);
    // A few words of a full reply's price: the least a reply with words costs.
    expect(await getBalance(userId)).toMatchObject({ total: 100 - 1 });
  });

  test("the person's message is saved before the model is called, as stored, and comes before the reply", async () => {
    const chat = await session();
    fake.nextReply({ text: "Answered at once." });
    const order: string[] = [];
    // Timestamps are stored as UTC: the statement's rows must read them so whatever the server's zone.
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    let prepared;
    try {
      prepared = await prepareReply({ userId: userId }, chat.id, { text: "First things first" });
    } finally {
      process.env.TZ = zone;
    }
    const stored = await prisma().chatMessage.findUniqueOrThrow({ where: { id: prepared.userMessage!.id } });
    expect(prepared.userMessage).toMatchObject({ message: "First things first", createdAt: stored.createdAt.toISOString() });
    const outcome = await runReply(prepared, {
      onUserMessage: (message) => order.push(`user: ${message.message}`),
      onDelta: () => order.push("delta"),
    });
    expect(outcome.status).toBe("complete");
    expect(order[0]).toBe("user: First things first");
    expect((await texts(chat.id)).slice(-2)).toEqual(["user: First things first", "agent: Answered at once."]);
  });

  test("the opening statement alone commits without waiting for the disk: the connection's next statements wait again", async () => {
    const chat = await session();
    fake.nextReply({ text: "Still here." });
    const prepared = await prepareReply({ userId }, chat.id, { text: "Are you there?" });
    // The pool hands the connection just released to the next statement (PGlite has only the one).
    const [setting] = await database().query<{ value: string }>(Prisma.sql`SELECT current_setting('synchronous_commit') AS value`);
    expect(setting).toEqual({ value: "on" });
    expect(await runReply(prepared, {})).toMatchObject({ status: "complete" });
    expect(await getBalance(userId)).toMatchObject({ total: 100 - COST });
  });

  test("if the person's message cannot be saved, nothing is reserved, kept or sent to the model", async () => {
    const chat = await session();
    const before = await texts(chat.id);
    const calls = fake.requests.length;
    // PostgreSQL refuses a NUL character in text (readMessage strips it; this goes around it), so the statement fails as a whole.
    await expect(prepareReply({ userId }, chat.id, { text: "Anyone\u0000there?" })).rejects.toThrow('invalid byte sequence for encoding "UTF8": 0x00');
    expect(await texts(chat.id)).toEqual(before);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await prisma().tokenReservation.count({ where: { userId } })).toBe(0);
    expect(fake.requests.length).toBe(calls);
  });

  test("a message of the full 4000 characters goes through the reply route in any script; one more is refused", async () => {
    const chat = await session();
    const send = (message: string) => postReply(chat.id, { message });
    fake.nextReply({ text: "That is a lot of characters." });
    const full = await send("漢".repeat(MESSAGE_MAX_CHARS));
    expect(full.status).toBe(200);
    await full.text();
    expect((await listMessages(chat.id)).messages.some((message) => message.message === "漢".repeat(MESSAGE_MAX_CHARS))).toBe(true);

    const over = await send("漢".repeat(MESSAGE_MAX_CHARS + 1));
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ error: chatTexts.messageTooLong, code: "invalid-input" });
  });

  test("a NUL character in a send is dropped, not refused", () => {
    const form = new FormData();
    form.set("message", "Hel\u0000lo");
    expect(readMessage(parseFormData(form, messageFields))).toEqual({ text: "Hello", attachments: [] });
  });

  test("with too few tokens nothing is saved and nothing is sent to the provider", async () => {
    const chat = await session();
    const poor = await newUser();
    await credit(poor, { type: "free", amount: COST - 1, description: "test" });
    const poorChat = await getOwnSession(poor, await startChat(poor, characterId));
    const calls = fake.requests.length;
    await expect(prepareReply({ userId: poor }, poorChat.id, { text: "Hi" })).rejects.toBeInstanceOf(InsufficientTokensError);
    expect(fake.requests.length).toBe(calls);
    expect(await texts(poorChat.id)).toHaveLength(1);
    expect(await getBalance(poor)).toMatchObject({ total: COST - 1 });
    expect(chat.id).not.toBe(poorChat.id);
  });

  test("without JavaScript, a refused send comes back with its status, text and what can be done (the claim), and its text in the composer", async () => {
    const poor = await newUser();
    await credit(poor, { type: "free", amount: COST - 1, description: "test" });
    const chat = await startChat(poor, characterId);
    const cookie = await signedInCookie(poor);
    const post = (fields: Record<string, string>) =>
      answerOf(() =>
        sessionAction(
          routeArgs(new Request(`http://localhost/chat/${chat}`, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) }), {
            params: { sessionId: chat },
          }),
        ),
      );
    expect(await post({ intent: "send", message: "Hello?" })).toEqual({
      status: 402,
      data: expect.objectContaining({ ok: false, error: chatTexts.insufficientTokens(COST, COST - 1), claimTokens: "/dashboard/tokens", draft: "Hello?" }),
    });

    // Saved, but no reply came: the message is on the page, so it is not put back in the composer.
    await credit(poor, { type: "free", amount: COST, description: "test" });
    fake.nextReply({ failWith: { status: 500, message: "down" } });
    const failed = await post({ intent: "send", message: "Anyone?" });
    expect(failed).toEqual({ status: 502, data: expect.objectContaining({ ok: false, error: chatTexts.replyFailed, draft: undefined }) });
    expect((await texts(chat)).at(-1)).toBe("user: Anyone?");
    expect(await getBalance(poor)).toMatchObject({ total: 2 * COST - 1 });
  });

  test("past CHAT_REPLIES a minute a send is refused: nothing reserved, saved or sent to the provider", async () => {
    const chat = await session();
    await prisma().$executeRaw`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${`chat-reply:user:${userId}`}, ${CHAT_REPLIES.limit}, (now() AT TIME ZONE 'UTC') + interval '40 seconds')`;
    const before = await texts(chat.id);
    const calls = fake.requests.length;
    const refused = await prepareReply({ userId }, chat.id, { text: "One too many" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRepliesError);
    expect((refused as TooManyRepliesError).retryAfterSeconds).toBeGreaterThan(30);
    expect((refused as TooManyRepliesError).retryAfterSeconds).toBeLessThanOrEqual(40);
    await expect(prepareReply({ userId }, chat.id, { regenerate: true })).rejects.toBeInstanceOf(TooManyRepliesError);
    expect(fake.requests.length).toBe(calls);
    expect(await texts(chat.id)).toEqual(before);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await prisma().tokenReservation.count({ where: { userId } })).toBe(0);

    // Another person's count is their own.
    const other = await newUser();
    await credit(other, { type: "free", amount: 100, description: "test" });
    const otherChat = await getOwnSession(other, await startChat(other, characterId));
    await expect(prepareReply({ userId: other }, otherChat.id, { text: "Hi" })).resolves.toMatchObject({ userId: other });
  });

  test("the reply route answers a person past the limit 429 with when to try again, and sends nothing", async () => {
    const chat = await session();
    await prisma().$executeRaw`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${`chat-reply:user:${userId}`}, ${CHAT_REPLIES.limit}, (now() AT TIME ZONE 'UTC') + interval '20 seconds')`;
    const calls = fake.requests.length;
    const response = await postReply(chat.id, { message: "Are you there?" });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(10);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(await response.json()).toEqual({ error: new TooManyRepliesError(retryAfter).message, code: "too-many-replies" });
    expect(fake.requests.length).toBe(calls);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("asks made at once are counted one by one: exactly CHAT_REPLIES of them go through", async () => {
    const chat = await session();
    // One chat holds one reply at a time, so the asks go to as many chats of this person's with the same agent.
    const chats = await Promise.all(
      Array.from({ length: CHAT_REPLIES.limit + 10 }, () => prisma().chatSession.create({ data: { userId, agentId: chat.agentId }, select: { id: true } })),
    );
    await credit(userId, { type: "purchased", amount: COST * (CHAT_REPLIES.limit + 10), description: "test" });
    const outcomes = await Promise.all(
      chats.map(({ id }, index) =>
        prepareReply({ userId }, id, { text: `Message ${index}` }).then(
          () => "prepared",
          (error: unknown) => error,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "prepared")).toHaveLength(CHAT_REPLIES.limit);
    expect(outcomes.filter((outcome) => outcome instanceof TooManyRepliesError)).toHaveLength(10);
    expect(await prisma().tokenReservation.count({ where: { userId } })).toBe(CHAT_REPLIES.limit);
    expect(await prisma().chatMessage.count({ where: { userId, senderType: "user" } })).toBe(CHAT_REPLIES.limit);
    expect(await ledgerSum(userId)).toBe((await getBalance(userId)).total);
  });

  test("one reply at a time per chat: of two Regenerates at once one is refused, having cost and changed nothing", async () => {
    const chat = await session();
    fake.nextReply({ text: "First answer." });
    await runReply(await prepareReply({ userId }, chat.id, { text: "Question" }), {});
    const outcomes = await Promise.allSettled([
      prepareReply({ userId }, chat.id, { regenerate: true }),
      prepareReply({ userId }, chat.id, { regenerate: true }),
    ]);
    const prepared = outcomes.filter((outcome) => outcome.status === "fulfilled").map((outcome) => outcome.value);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => outcome.reason as unknown);
    expect(prepared).toHaveLength(1);
    expect(refused).toEqual([expect.any(ReplyBusyError)]);
    expect((refused[0] as ReplyBusyError).message).toBe(chatTexts.replyBusy);
    fake.nextReply({ text: "Regenerated." });
    expect(await runReply(prepared[0]!, {})).toMatchObject({ status: "complete", message: { message: "Regenerated." } });
    expect((await texts(chat.id)).slice(1)).toEqual(["user: Question", "agent: Regenerated."]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - 2 * COST });
    expect(await ledgerSum(userId)).toBe(100 - 2 * COST);
  });

  test("an ask while a reply is being written (another tab) is refused 409 and changes nothing; once the reply ends, the chat answers again", async () => {
    const chat = await session();
    // Written slowly, its lease renewed meanwhile, as another tab's reply is.
    fake.nextReply({ text: "A patient answer.", stallAfterChars: 3, stallMs: 7_000 });
    const before = fake.requests.length;
    const writing = runReply(await prepareReply({ userId }, chat.id, { text: "Take your time" }), {});
    await expect.poll(() => fake.requests.length).toBe(before + 1);
    const calls = fake.requests.length;
    const response = await postReply(chat.id, { intent: "regenerate" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: chatTexts.replyBusy, code: "reply-busy" });
    const form = new FormData();
    form.set("intent", "send");
    form.set("message", "Me too");
    await expect(handleChatAction(userId, chat.id, parseFormData(form, chatPageForm))).rejects.toMatchObject({ status: 409, message: chatTexts.replyBusy });
    expect(fake.requests.length).toBe(calls);
    expect(await prisma().tokenReservation.count({ where: { userId } })).toBe(1);
    expect(await prisma().rateLimit.findUnique({ where: { key: `chat-reply:user:${userId}` } })).toMatchObject({ count: 1 });

    expect(await writing).toMatchObject({ status: "complete" });
    fake.nextReply({ text: "Now you." });
    expect(await handleChatAction(userId, chat.id, parseFormData(form, chatPageForm))).toEqual({ ok: true });
    expect((await texts(chat.id)).slice(1)).toEqual(["user: Take your time", "agent: A patient answer.", "user: Me too", "agent: Now you."]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - 2 * COST });
  });

  test("an ask right after a Stop waits for the stopped reply to be saved, then goes through", async () => {
    const chat = await session();
    fake.nextReply({ text: "one two three four five", stallAfterChars: 4, stallMs: 3_000 });
    const stop = new AbortController();
    const stopped = runReply(await prepareReply({ userId }, chat.id, { text: "Count" }), { signal: stop.signal, onDelta: () => stop.abort() });
    // Asked before the stopped reply has been saved.
    const next = prepareReply({ userId }, chat.id, { text: "Go on" });
    const partial = await stopped;
    expect(partial).toMatchObject({ status: "stopped", message: { message: expect.stringMatching(/^one/) } });
    fake.nextReply({ text: "Six." });
    expect(await runReply(await next, {})).toMatchObject({ status: "complete", message: { message: "Six." } });
    expect((await texts(chat.id)).slice(1)).toEqual([
      "user: Count",
      `agent: ${(partial as { message: { message: string } }).message.message}`,
      "user: Go on",
      "agent: Six.",
    ]);
  });

  test("a reply whose instance stopped holds its chat for REPLY_LEASE_SECONDS at most, and an ask waits that out unrefused; any ending lets it go", async () => {
    const chat = await session();
    await prepareReply({ userId }, chat.id, { text: "Hello?" }); // never run, as if the server had stopped
    // Asked once, without waiting: the chat is held.
    await expect(prepareReply({ userId }, chat.id, { text: "Anyone?" }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ReplyBusyError);
    const held = await prisma().chatSession.findUniqueOrThrow({ where: { id: chat.id } });
    expect(held.replyUntil!.getTime() - Date.now()).toBeGreaterThan(0);
    expect(held.replyUntil!.getTime() - Date.now()).toBeLessThanOrEqual(REPLY_LEASE_SECONDS * 1000);
    // Nobody has renewed the lease for longer than its holder would let pass: an ask waits for it
    // to run out, and is not told a reply is being written.
    const lapsing = new Date(Date.now() + 4_000);
    await prisma().chatSession.update({ where: { id: chat.id }, data: { replyUntil: lapsing } });
    const waited = await prepareReply({ userId }, chat.id, { text: "Anyone?" });
    expect(waited.userMessage).toMatchObject({ message: "Anyone?" });
    expect(Date.now()).toBeGreaterThanOrEqual(lapsing.getTime());
    fake.nextReply({ text: "Yes." });
    expect(await runReply(waited, {})).toMatchObject({ status: "complete" });
    await prisma().chatSession.update({ where: { id: chat.id }, data: { replyUntil: new Date(Date.now() - 1000) } });
    // A failed reply, a stop with nothing received and an empty answer end it too.
    fake.nextReply({ failWith: { status: 500, message: "no" } });
    expect(await runReply(await prepareReply({ userId }, chat.id, { text: "Anyone?" }), {})).toMatchObject({ status: "failed" });
    fake.nextReply({ text: "" });
    expect(await runReply(await prepareReply({ userId }, chat.id, { text: "Anyone??" }), {})).toMatchObject({ status: "failed" });
    const stop = new AbortController();
    stop.abort();
    // Nothing is scripted for it: an ask already stopped never reaches the model.
    expect(await runReply(await prepareReply({ userId }, chat.id, { text: "Anyone???" }), { signal: stop.signal })).toMatchObject({ status: "stopped" });
    expect(await prisma().chatSession.findUniqueOrThrow({ where: { id: chat.id } })).toMatchObject({ replyUntil: null });
  });

  test("a reply written for longer than its lease keeps its chat: the lease and its reservation are renewed while it streams", async () => {
    const chat = await session();
    fake.nextReply({ text: "A slow and careful answer.", stallAfterChars: 3, stallMs: (REPLY_LEASE_SECONDS + 4) * 1000 });
    const prepared = await prepareReply({ userId }, chat.id, { text: "Take your time" });
    const writing = runReply(prepared, {});
    // Past the lease the opening statement took, the chat is still held, by a renewed lease.
    await expect.poll(() => Date.now(), { timeout: (REPLY_LEASE_SECONDS + 1) * 1000, interval: 250 }).toBeGreaterThan(prepared.replyUntil.getTime() + 500);
    // Asked once, without the short wait for a reply being saved (decision 014).
    await expect(prepareReply({ userId }, chat.id, { text: "Still there?" }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ReplyBusyError);
    const renewed = await prisma().chatSession.findUniqueOrThrow({ where: { id: chat.id } });
    expect(renewed.replyUntil!.getTime()).toBeGreaterThan(prepared.replyUntil.getTime());
    const reservation = await prisma().tokenReservation.findUniqueOrThrow({ where: { id: prepared.reservationId! } });
    expect(reservation.expiresAt.getTime()).toBe(renewed.replyUntil!.getTime() + REPLY_RESERVATION_GRACE_SECONDS * 1000);
    expect(await writing).toMatchObject({ status: "complete", message: { message: "A slow and careful answer." } });
    expect(await prisma().chatSession.findUniqueOrThrow({ where: { id: chat.id } })).toMatchObject({ replyUntil: null });
    expect(await prisma().tokenReservation.findUniqueOrThrow({ where: { id: prepared.reservationId! } })).toMatchObject({ status: "settled" });
  });

  test("a reply whose instance died: once its lease and reservation run out, the sweeps of every instance give its tokens back once", async () => {
    const chat = await session();
    const dead = await prepareReply({ userId }, chat.id, { text: "Hello?" }); // never run, as if the server had died
    expect(await getBalance(userId)).toMatchObject({ total: 100 - COST });
    const past = new Date(Date.now() - 1000);
    await prisma().chatSession.update({ where: { id: chat.id }, data: { replyUntil: past } });
    await prisma().tokenReservation.update({ where: { id: dead.reservationId! }, data: { expiresAt: past } });
    await Promise.all([releaseExpiredReservations(), releaseExpiredReservations(), releaseExpiredReservations()]);
    expect(await prisma().tokenReservation.findUniqueOrThrow({ where: { id: dead.reservationId! } })).toMatchObject({ status: "released" });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await ledgerSum(userId)).toBe(100);
    const rows = await prisma().tokenTransaction.findMany({ where: { referenceId: dead.reservationId! }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.transactionType, row.amount])).toEqual([
      ["deduct", COST],
      ["add", COST],
    ]);
    fake.nextReply({ text: "Here now." });
    expect(await runReply(await prepareReply({ userId }, chat.id, { text: "Anyone?" }), {})).toMatchObject({ status: "complete" });
  });

  test("regenerate replaces the last reply with a new one and costs tokens like a message", async () => {
    const chat = await session();
    fake.nextReply({ text: "First answer." });
    await runReply(await prepareReply({ userId: userId }, chat.id, { text: "Question" }), {});
    fake.nextReply({ text: "Better answer." });
    const outcome = await runReply(await prepareReply({ userId: userId }, chat.id, { regenerate: true }), {});
    expect(outcome).toMatchObject({ status: "complete", message: { message: "Better answer." } });
    expect((await texts(chat.id)).slice(-2)).toEqual(["user: Question", "agent: Better answer."]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - 2 * COST });
    const regenerated = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(regenerated.messages.filter((message) => message.content === "Question")).toHaveLength(1);
    expect(regenerated.messages.some((message) => message.content === "First answer.")).toBe(false);
  });
});
