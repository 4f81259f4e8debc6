import { isLoginSessionLive } from "~/modules/auth/login-session.server";
import { subscribeEvents, type AppEvent } from "~/modules/events/events.server";
import type { SseSend } from "~/modules/http/sse.server";
import { logger } from "~/modules/logging/logger.server";
import { liveSignInsWithOwnMessage } from "./messages.server";

/** How often an open feed checks that its sign-in is still live when nothing is happening. */
export const FEED_SIGN_IN_CHECK_MS = 60_000;
/** How many feeds one person may hold open on one app instance; opening another closes their oldest. */
export const FEEDS_PER_PERSON = 8;
/** How long a browser whose feed was closed for a newer one waits before opening it again. */
export const FEED_REPLACED_RETRY_MS = 60_000;

type Feed = { loginSessionId: string; send?: SseSend; end: () => void; ended: Promise<void> };
/** A person's feeds on this instance: one subscription and one read per event, fanned out to all of them. */
type PersonFeeds = { feeds: Set<Feed>; previous: Promise<void>; listening: Promise<() => void> };

const state = globalThis as unknown as { __liveFeeds?: Map<string, PersonFeeds>; __liveFeedReads?: number };
const people = (state.__liveFeeds ??= new Map());

/**
 * A signed-in person's live feed (`/api/events`): every message saved or deleted in any of their
 * sessions, every change of a chat's persona, model or name (or its deletion), and every change of their media jobs, from any tab, device or app instance. Messages are re-read with the owner's query, so the feed
 * can only ever carry this person's own messages. The sign-in is checked again before each event
 * and every FEED_SIGN_IN_CHECK_MS: a feed whose login session has ended (signed out, everywhere
 * else too, or the account disabled) closes, and carries nothing more. It closes too when the
 * instance's LISTEN connection was lost and listens again, since events announced meanwhile were
 * not heard, and when the client goes away (the stream's signal), however its socket ended.
 *
 * A person's feeds on one instance share one subscription: an event costs one read (the message
 * and which of their feeds' sign-ins are live, in one statement), sent to each of them.
 *
 * At most FEEDS_PER_PERSON per person and instance (counting across instances would take the
 * database): a newer one closes the oldest, rather than being refused, because the newest is the
 * tab the person is looking at, and the oldest is the likeliest to be a forgotten tab or a socket
 * that died without saying so (a laptop asleep, a proxy's half-open connection), which would
 * otherwise keep the person out until it timed out. A 429 would also leave the new tab without
 * live updates, retrying. The closed feed is told (a `closed` event) to wait
 * FEED_REPLACED_RETRY_MS before the browser opens it again, which it does by itself.
 *
 * It listens before it resolves, so that whatever is saved once the stream answers is heard of:
 * the page reloads its data once the stream is open (after a restart, LISTEN takes a moment).
 * Resolves to the stream's producer (for `eventStream`), which runs until the feed closes.
 */
export async function openLiveFeed(userId: string, loginSessionId: string) {
  const person = feedsOf(userId);
  let resolveEnded = () => {};
  const feed: Feed = {
    loginSessionId,
    ended: new Promise<void>((resolve) => (resolveEnded = resolve)),
    end: () => {
      leave(userId, person, feed);
      resolveEnded();
    },
  };
  person.feeds.add(feed);
  try {
    await person.listening;
  } catch (error) {
    feed.end();
    throw error;
  }
  for (const oldest of person.feeds) {
    if (person.feeds.size <= FEEDS_PER_PERSON) break;
    oldest.send?.("closed", { reason: "replaced" }, { retryMs: FEED_REPLACED_RETRY_MS });
    oldest.end();
  }
  return async (send: SseSend, signal: AbortSignal) => {
    feed.send = send;
    const check = setInterval(
      () =>
        inOrder(person, async () => {
          if (person.feeds.has(feed) && !(await isLoginSessionLive(loginSessionId, userId))) feed.end();
        }),
      FEED_SIGN_IN_CHECK_MS,
    );
    signal.addEventListener("abort", feed.end, { once: true });
    if (signal.aborted) feed.end();
    await feed.ended;
    clearInterval(check);
    signal.removeEventListener("abort", feed.end);
  };
}

/** The person's feeds on this instance, subscribed to their events on first use. */
function feedsOf(userId: string) {
  const known = people.get(userId);
  if (known) return known;
  const person: PersonFeeds = { feeds: new Set(), previous: Promise.resolve(), listening: Promise.resolve(() => {}) };
  person.listening = subscribeEvents(`user:${userId}`, (event) => fanOut(userId, person, event), {
    // After a gap in the instance's LISTEN the feeds close: each browser opens its feed again and,
    // as after any failure, reloads what it shows and checks it (useFeedGapCheck).
    onGap: () => {
      for (const feed of [...person.feeds]) feed.end();
    },
  });
  people.set(userId, person);
  return person;
}

/** A feed leaves its person's set; the last one to leave ends the subscription. */
function leave(userId: string, person: PersonFeeds, feed: Feed) {
  if (!person.feeds.delete(feed) || person.feeds.size > 0) return;
  if (people.get(userId) === person) people.delete(userId);
  person.listening.then(
    (unsubscribe) => unsubscribe(),
    () => {},
  );
}

/**
 * Events go out in the order they were announced: a message is re-read first, and a deletion
 * announced after it (a regenerated reply replacing the old one) must not overtake it.
 */
function inOrder(person: PersonFeeds, work: () => Promise<void>) {
  person.previous = person.previous.then(work).catch((error: unknown) => logger.error({ err: error }, "could not deliver an event"));
}

function fanOut(userId: string, person: PersonFeeds, event: AppEvent) {
  inOrder(person, async () => {
    const feeds = [...person.feeds].filter((feed) => feed.send);
    if (feeds.length === 0) return;
    // The sign-ins of all the person's feeds and the message, in one read.
    state.__liveFeedReads = (state.__liveFeedReads ?? 0) + 1;
    const signIns = [...new Set(feeds.map((feed) => feed.loginSessionId))];
    const { live, message } = await liveSignInsWithOwnMessage(signIns, userId, event.kind === "message" ? event.messageId : null);
    for (const feed of feeds) {
      if (!person.feeds.has(feed)) continue;
      if (!live.has(feed.loginSessionId)) feed.end();
      else if (event.kind === "deleted") feed.send!("deleted", { sessionId: event.sessionId, id: event.messageId });
      else if (event.kind === "chat") feed.send!("chat", { sessionId: event.sessionId, ...(event.change === "deleted" ? { gone: true } : {}) });
      else if (event.kind === "media-job") feed.send!("media-job", { type: "media-job", jobId: event.jobId, status: event.status });
      else if (message) feed.send!("message", { sessionId: event.sessionId, message });
    }
  });
}

/** How many feeds are open on this instance (for tests: a closed client's feed must be gone). */
export function liveFeedCountForTests() {
  let count = 0;
  for (const person of people.values()) count += person.feeds.size;
  return count;
}

/** How many reads events have cost on this instance so far (for tests: one per event, whatever the number of feeds). */
export function liveFeedReadsForTests() {
  return state.__liveFeedReads ?? 0;
}
