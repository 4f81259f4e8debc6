// Issue 36, items 2 and 3: editing messages, regenerating and branching from one, and several
// chats with one character (New chat, rename, delete), as the chat page's forms post them.
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test } from "vitest";
import { subscribeEvents, type AppEvent } from "~/modules/events/events.server";
import { listMessages } from "~/modules/chat/messages.server";
import { listSessions, startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { action as replyAction } from "~/routes/api/chat.reply";
import { action as deleteAction, loader as deleteLoader } from "~/routes/chat/delete";
import { action as sessionAction, loader as sessionLoader } from "~/routes/chat/session";
import { action as startAction } from "~/routes/chat/start";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";
import { routeArgs } from "../helpers/route-args";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let characterId: string;
let userId: string;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});
beforeEach(async () => {
  userId = await newUser();
  cookie = await signedInCookie(userId);
  await credit(userId, { type: "free", amount: 200, description: "test" });
});

/** What a loader or action answered: a redirect's location, or a status. */
async function outcome(run: () => Promise<unknown>) {
  try {
    const result = await run();
    if (result instanceof Response) return result.headers.get("location") ?? result.status;
    return (result as { init?: ResponseInit } | null)?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
    return (thrown as { init?: ResponseInit }).init?.status ?? thrown;
  }
}

function post(url: string, form: Record<string, string>, as = cookie) {
  return new Request(`http://localhost${url}`, { method: "POST", headers: { Cookie: as }, body: new URLSearchParams(form) });
}
const pageAction = (sessionId: string, form: Record<string, string>, as = cookie) =>
  outcome(() => sessionAction(routeArgs(post(`/chat/${sessionId}`, form, as), { params: { sessionId } })));
const texts = async (sessionId: string) => (await listMessages(sessionId)).messages.map((message) => `${message.senderType}: ${message.message}`);

/** A chat with the greeting, then "first?" answered, then "second?" answered. */
async function chatWithTwoAnswers() {
  const sessionId = await startChat(userId, characterId);
  for (const [ask, answer] of [
    ["first?", "first answer"],
    ["second?", "second answer"],
  ]) {
    fake.nextReply({ text: answer });
    expect(await pageAction(sessionId, { intent: "send", message: ask! })).toBe(`/chat/${sessionId}`);
  }
  const messages = (await listMessages(sessionId)).messages;
  return { sessionId, messages, first: messages.find((message) => message.message === "first?")! };
}

describe("editing a message", () => {
  test("the person's own message changes and says so, in every open tab; the replies after it stay until Regenerate from here", async () => {
    const { sessionId, first, messages } = await chatWithTwoAnswers();
    const heard: string[] = [];
    const unsubscribe = await subscribeEvents(`user:${userId}`, (event: AppEvent) => {
      if (event.kind === "message" || event.kind === "deleted") heard.push(`${event.kind} ${event.messageId}`);
    });
    onTestFinished(unsubscribe);
    expect(await pageAction(sessionId, { intent: "edit-message", messageId: first.id, message: "first, edited?" })).toBe(`/chat/${sessionId}`);
    await expect.poll(() => heard).toContain(`message ${first.id}`);
    const after = (await listMessages(sessionId)).messages;
    expect(after.find((message) => message.id === first.id)).toMatchObject({ message: "first, edited?", edited: expect.any(String) });
    expect(after.map((message) => message.message).slice(1)).toEqual(["first, edited?", "first answer", "second?", "second answer"]);

    const before = (await getBalance(userId)).total;
    fake.nextReply({ text: "a new answer" });
    expect(await pageAction(sessionId, { intent: "regenerate-from", messageId: first.id })).toBe(`/chat/${sessionId}`);
    expect((await texts(sessionId)).slice(1)).toEqual(["user: first, edited?", "agent: a new answer"]);
    // The other tabs hear of the replies that went.
    for (const gone of messages.slice(2)) await expect.poll(() => heard).toContain(`deleted ${gone.id}`);
    // Paid like any reply, and the model was asked the edited text, without what came after it.
    expect((await getBalance(userId)).total).toBeLessThan(before);
    const asked = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(asked).toContain("first, edited?");
    expect(asked).not.toContain("second answer");
  });

  test("Regenerate from here streams through the reply route too, and a refused one keeps every message", async () => {
    const { sessionId, first } = await chatWithTwoAnswers();
    fake.nextReply({ text: "streamed" });
    const stream = await replyAction(routeArgs(post(`/api/chat/${sessionId}/reply`, { intent: "regenerate", from: first.id }), { params: { sessionId } }));
    expect((stream as Response).status).toBe(200);
    await (stream as Response).text();
    expect((await texts(sessionId)).slice(1)).toEqual(["user: first?", "agent: streamed"]);

    const second = await chatWithTwoAnswers();
    const kept = await texts(second.sessionId);
    await prisma().tokenBalance.update({ where: { userId }, data: { balanceFree: 0, balancePurchased: 0 } });
    expect(await pageAction(second.sessionId, { intent: "regenerate-from", messageId: second.first.id })).toBe(402);
    expect(await texts(second.sessionId)).toEqual(kept);
  });

  test("the character's reply can be edited in the person's own chat: the shown version is rewritten", async () => {
    const { sessionId, messages } = await chatWithTwoAnswers();
    const reply = messages.at(-1)!;
    expect(await pageAction(sessionId, { intent: "edit-message", messageId: reply.id, message: "a better answer" })).toBe(`/chat/${sessionId}`);
    const row = await prisma().chatMessage.findUniqueOrThrow({ where: { id: reply.id } });
    expect(row.message).toBe("a better answer");
  });

  test("another person's message or chat answers 404 and stays as it was", async () => {
    const { sessionId, first } = await chatWithTwoAnswers();
    const stranger = await signedInCookie(await newUser());
    for (const intent of ["edit-message", "regenerate-from", "branch", "rename-chat"]) {
      expect(await pageAction(sessionId, { intent, messageId: first.id, message: "mine now", title: "mine" }, stranger), intent).toBe(404);
    }
    const strangersOwn = await startChat((await prisma().user.findFirstOrThrow({ where: { id: { not: userId } } })).id, characterId);
    expect(await pageAction(sessionId, { intent: "edit-message", messageId: crypto.randomUUID(), message: "x" })).toBe(404);
    expect(await pageAction(strangersOwn, { intent: "edit-message", messageId: first.id, message: "x" })).toBe(404);
    expect((await prisma().chatMessage.findUniqueOrThrow({ where: { id: first.id } })).message).toBe("first?");
    expect(await prisma().chatSession.count({ where: { userId, agent: { characterId } } })).toBe(1);
  });
});

describe("branching and several chats", () => {
  test("Branch from here opens a new chat holding the history up to that message", async () => {
    const { sessionId, first } = await chatWithTwoAnswers();
    const to = await pageAction(sessionId, { intent: "branch", messageId: first.id });
    expect(to).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
    const branch = String(to).split("/").pop()!;
    expect(branch).not.toBe(sessionId);
    expect(await texts(branch)).toEqual((await texts(sessionId)).slice(0, 2));
    // It is the latest: Chat Now reopens it.
    expect(await startChat(userId, characterId)).toBe(branch);
  });

  test("New chat starts another with the greeting; the chats are listed latest first, renamed, and deleted after asking", async () => {
    const firstChat = await startChat(userId, characterId);
    const started = await outcome(() => startAction(routeArgs(post(`/chat/start/${characterId}`, { intent: "new" }), { params: { characterId } })));
    const secondChat = String(started).split("/").pop()!;
    expect(secondChat).not.toBe(firstChat);
    expect((await texts(secondChat)).length).toBe(1);

    expect(await pageAction(secondChat, { intent: "rename-chat", title: "  Night   walk " })).toBe(`/chat/${secondChat}?toast=chat-renamed`);
    const page = (await sessionLoader(
      routeArgs(new Request(`http://localhost/chat/${secondChat}`, { headers: { Cookie: cookie } }), { params: { sessionId: secondChat } }),
    )) as { characterChats: { chats: { id: string; title: string | null }[] } };
    expect(page.characterChats.chats.map((chat) => [chat.id, chat.title])).toEqual([
      [secondChat, "Night walk"],
      [firstChat, null],
    ]);
    expect((await listSessions(userId)).sessions.find((chat) => chat.id === secondChat)?.title).toBe("Night walk");
    expect(await pageAction(secondChat, { intent: "rename-chat", title: "x".repeat(81) })).toBe(400);

    const stranger = await signedInCookie(await newUser());
    const ask = (as: string) =>
      outcome(() =>
        deleteLoader(routeArgs(new Request(`http://localhost/chat/${secondChat}/delete`, { headers: { Cookie: as } }), { params: { sessionId: secondChat } })),
      );
    const remove = (as: string) =>
      outcome(() => deleteAction(routeArgs(post(`/chat/${secondChat}/delete`, { intent: "delete" }, as), { params: { sessionId: secondChat } })));
    expect(await ask(cookie)).toBe(200);
    expect(await ask(stranger)).toBe(404);
    expect(await remove(stranger)).toBe(404);
    expect(await remove(cookie)).toBe(`/chat/${firstChat}?toast=chat-deleted`);
    expect(await prisma().chatMessage.count({ where: { sessionId: secondChat } })).toBe(0);
    expect(await prisma().chatSession.count({ where: { id: secondChat } })).toBe(0);
  });
});
