// The live feed's limits, through /api/events: a closed client's feed ends at once, a person
// holds at most FEEDS_PER_PERSON open, and an event costs one read however many feeds carry it.
import { EventSourceParserStream } from "eventsource-parser/stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { FEED_REPLACED_RETRY_MS, FEEDS_PER_PERSON, liveFeedCountForTests, liveFeedReadsForTests } from "~/modules/chat/live-feed.server";
import { publishChatEvent } from "~/modules/chat/realtime.server";
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

/** Opens a feed as a browser does; it is listening once the loader has answered. */
async function openFeed(cookie: string) {
  const abort = new AbortController();
  const request = new Request("http://localhost/api/events", { headers: { Cookie: cookie }, signal: abort.signal });
  const response = (await eventsLoader(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return { body: response.body!, abort: () => abort.abort() };
}

/** Resolves once `condition` holds, checking every 20 ms, or fails after `withinMs`. */
async function until(condition: () => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything a stream carries until it ends, as text, or "still open" after `withinMs`. */
async function textUntilEnd(body: NonNullable<Response["body"]>, withinMs: number) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const reading = (async () => {
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value;
    return text;
  })();
  return Promise.race([reading, new Promise<string>((resolve) => setTimeout(() => resolve("still open"), withinMs))]);
}

test("a feed whose client cancels the response ends its subscription within a second", async () => {
  const userId = await newUser();
  const before = liveFeedCountForTests();
  const feed = await openFeed(await signedInCookie(userId));
  expect(liveFeedCountForTests()).toBe(before + 1);

  // The socket ended without the request's signal aborting: only the body is cancelled.
  const reader = feed.body.getReader();
  await reader.read();
  await reader.cancel();
  await until(() => liveFeedCountForTests() === before, 5_000);
});

test("a feed whose request is aborted ends its subscription within a second", async () => {
  const userId = await newUser();
  const before = liveFeedCountForTests();
  const feed = await openFeed(await signedInCookie(userId));
  expect(liveFeedCountForTests()).toBe(before + 1);
  feed.abort();
  await until(() => liveFeedCountForTests() === before, 5_000);
});

test(`opening feed ${FEEDS_PER_PERSON + 1} closes the person's oldest, telling its browser to wait before reopening`, async () => {
  const userId = await newUser();
  const cookie = await signedInCookie(userId);
  const before = liveFeedCountForTests();
  const feeds = [];
  for (let i = 0; i < FEEDS_PER_PERSON; i++) feeds.push(await openFeed(cookie));
  expect(liveFeedCountForTests()).toBe(before + FEEDS_PER_PERSON);

  const newest = await openFeed(cookie);
  expect(liveFeedCountForTests()).toBe(before + FEEDS_PER_PERSON);
  const oldest = await textUntilEnd(feeds[0]!.body, 1_000);
  expect(oldest).toContain(`retry: ${FEED_REPLACED_RETRY_MS}\nevent: closed\ndata: {"reason":"replaced"}\n\n`);
  // The others, the newest among them, stay open.
  expect(await textUntilEnd(feeds[1]!.body, 300)).toBe("still open");
  expect(await textUntilEnd(newest.body, 300)).toBe("still open");

  // Another person's feeds are not counted against this one.
  const other = await openFeed(await signedInCookie(await newUser()));
  expect(liveFeedCountForTests()).toBe(before + FEEDS_PER_PERSON + 1);

  for (const feed of [...feeds, newest, other]) feed.abort();
  await until(() => liveFeedCountForTests() === before, 5_000);
});

test("one event to a person's several feeds costs one read, and each feed carries it", async () => {
  const userId = await newUser();
  // Two sign-ins (two devices), several tabs each.
  const cookies = [await signedInCookie(userId), await signedInCookie(userId)];
  const reader = (feed: Awaited<ReturnType<typeof openFeed>>) =>
    feed.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const opened = [await openFeed(cookies[0]!)];
  const feeds = [reader(opened[0]!)];
  // Starting the chat posts the character's greeting live; the first tab sees it before the others open.
  const sessionId = await startChat(userId, characterId);
  expect((await feeds[0]!.read()).value?.event).toBe("message");
  for (let i = 1; i < 6; i++) {
    opened.push(await openFeed(cookies[i % 2]!));
    feeds.push(reader(opened[i]!));
  }

  const saved = await prisma().chatMessage.create({ data: { sessionId, senderType: "user", senderId: userId, userId, message: "seen in every tab" } });
  const reads = liveFeedReadsForTests();
  await publishChatEvent({ kind: "message", userId, sessionId, messageId: saved.id });

  for (const feed of feeds) {
    const { value } = await feed.read();
    expect(value?.event).toBe("message");
    expect(JSON.parse(value!.data)).toMatchObject({ sessionId, message: { id: saved.id, message: "seen in every tab" } });
  }
  expect(liveFeedReadsForTests() - reads).toBe(1);
  for (const feed of opened) feed.abort();
});
