// The live feed (/api/events) as a browser reads it: events in the order they were announced.
import { EventSourceParserStream } from "eventsource-parser/stream";
import { Prisma } from "~/generated/prisma/client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { endAllLoginSessions } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import { chatEventNotifySql, publishChatEvent } from "~/modules/chat/realtime.server";
import { resetEventListenerForTests } from "~/modules/events/events.server";
import { deleteOwnChat, renameOwnChat } from "~/modules/chat/character-chats.server";
import { chooseChatModelForChat, choosePersona } from "~/modules/chat/chat-choices.server";
import { createPersona } from "~/modules/chat/personas.server";
import { startChat } from "~/modules/chat/sessions.server";
import { loader as eventsLoader } from "~/routes/api/events";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let characterId: string;
beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
});
afterAll(() => db.dispose());

/** Opens the person's feed and returns its events one by one, once it is listening. */
async function openFeed(userId: string, sessionId: string) {
  const abort = new AbortController();
  const request = new Request("http://localhost/api/events", { headers: { Cookie: await signedInCookie(userId) }, signal: abort.signal });
  const feed = (await eventsLoader(routeArgs(request))) as Response;
  expect(feed.status).toBe(200);
  const reader = feed.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  /** The next event, or null once the feed has closed. */
  const next = async () => {
    const { value, done } = await reader.read();
    return done ? null : { event: value.event, data: JSON.parse(value.data) as Record<string, unknown> };
  };
  // The feed subscribes as its stream starts: announce a probe until one comes through.
  const probe = "00000000-0000-0000-0000-000000000000";
  const announcing = setInterval(() => void publishChatEvent({ kind: "deleted", userId, sessionId, messageId: probe }), 50);
  try {
    for (let item = await next(); item?.data.id !== probe; item = await next()) if (!item) throw new Error("the feed closed before it listened");
  } finally {
    clearInterval(announcing);
  }
  // Probes already on their way are skipped.
  const nextReal = async () => {
    for (;;) {
      const item = await next();
      if (item?.data.id !== probe) return item;
    }
  };
  return { next: nextReal, close: () => abort.abort() };
}

test("a message and a deletion announced after it, in one commit, reach the feed in that order", async () => {
  const userId = await newUser();
  const sessionId = await startChat(userId, characterId);
  const saved = await prisma().chatMessage.create({ data: { sessionId, senderType: "user", senderId: userId, userId, message: "the newer message" } });
  const replaced = "11111111-1111-1111-1111-111111111111";
  const feed = await openFeed(userId, sessionId);

  // As when a reply is regenerated: the new message is announced, then the old one's deletion.
  // The message is re-read before it is sent; the deletion must not overtake it.
  const text = (value: string) => Prisma.sql`${value}`;
  await prisma().$transaction(async (tx) => {
    await tx.$executeRaw(chatEventNotifySql(text("message"), text(userId), text(sessionId), text(saved.id)));
    await tx.$executeRaw(chatEventNotifySql(text("deleted"), text(userId), text(sessionId), text(replaced)));
  });

  const first = await feed.next();
  expect(first?.event).toBe("message");
  expect(first?.data).toMatchObject({ sessionId, message: { id: saved.id, message: "the newer message" } });
  expect(await feed.next()).toEqual({ event: "deleted", data: { sessionId, id: replaced } });
  feed.close();
});

// Before the test below listens anew (resetEventListenerForTests), after which this process may hear each event twice.
test("a chat's persona, model and name changed, and its deletion (gone), reach the person's other tabs as chat events", async () => {
  const userId = await newUser();
  const sessionId = await startChat(userId, characterId);
  const persona = await createPersona(userId, { name: "Captain Mira", description: "" });
  const feed = await openFeed(userId, sessionId);
  await choosePersona(userId, sessionId, persona.id);
  expect(await feed.next()).toEqual({ event: "chat", data: { sessionId } });
  await chooseChatModelForChat(userId, sessionId, "", { earlyAccess: false });
  expect(await feed.next()).toEqual({ event: "chat", data: { sessionId } });
  await renameOwnChat(userId, sessionId, "Night walk");
  expect(await feed.next()).toEqual({ event: "chat", data: { sessionId } });
  await deleteOwnChat(userId, sessionId);
  expect(await feed.next()).toEqual({ event: "chat", data: { sessionId, gone: true } });
  feed.close();
});

test("the feed is listening by the time it answers: an event announced at once arrives, even on an instance's first LISTEN", async () => {
  const userId = await newUser();
  const sessionId = await startChat(userId, characterId);
  // As after a restart: this process has not listened yet.
  resetEventListenerForTests();
  const abort = new AbortController();
  const request = new Request("http://localhost/api/events", { headers: { Cookie: await signedInCookie(userId) }, signal: abort.signal });
  const feed = (await eventsLoader(routeArgs(request))) as Response;
  const deleted = "22222222-2222-2222-2222-222222222222";
  await publishChatEvent({ kind: "deleted", userId, sessionId, messageId: deleted });

  const reader = feed.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const quiet = new Promise<"nothing">((resolve) => setTimeout(() => resolve("nothing"), 3_000));
  const first = await Promise.race([reader.read().then(({ value }) => ({ event: value!.event, data: JSON.parse(value!.data) as unknown })), quiet]);
  expect(first).toEqual({ event: "deleted", data: { sessionId, id: deleted } });
  abort.abort();
});

test("a feed whose sign-in has ended carries nothing more and closes", async () => {
  const userId = await newUser();
  const sessionId = await startChat(userId, characterId);
  const feed = await openFeed(userId, sessionId);
  await endAllLoginSessions(userId);
  const secret = await prisma().chatMessage.create({ data: { sessionId, senderType: "user", senderId: userId, userId, message: "said after signing out" } });
  await publishChatEvent({ kind: "message", userId, sessionId, messageId: secret.id });
  expect(await feed.next()).toBeNull();
});
