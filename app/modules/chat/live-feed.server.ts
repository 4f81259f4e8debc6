import { isLoginSessionLive } from "~/modules/auth/login-session.server";
import type { SseSend } from "~/modules/http/sse.server";
import { logger } from "~/modules/logging/logger.server";
import { subscribeChatEvents, type ChatEvent } from "./realtime.server";
import { getOwnMessageWhileSignedIn } from "./sessions.server";

/** How often an open feed checks that its sign-in is still live when nothing is happening. */
export const FEED_SIGN_IN_CHECK_MS = 60_000;

/**
 * A signed-in person's live chat feed: every message saved or deleted in any of their sessions,
 * from any tab, device or app instance. Messages are re-read with the owner's query, so the feed
 * can only ever carry this person's own messages. The sign-in is checked again before each event
 * and every FEED_SIGN_IN_CHECK_MS: a feed whose login session has ended (signed out, everywhere
 * else too, or the account disabled) closes, and carries nothing more. It closes too when the
 * instance's LISTEN connection was lost and listens again, since events announced meanwhile were
 * not heard.
 *
 * It listens before it resolves, so that whatever is saved once the stream answers is heard of:
 * the page reloads its data once the stream is open (after a restart, LISTEN takes a moment).
 * Resolves to the stream's producer (for `eventStream`), which runs until the feed closes.
 */
export async function openLiveFeed(userId: string, loginSessionId: string) {
  let deliver: (event: ChatEvent) => void = () => {};
  let missed = () => {};
  // After a gap in the instance's LISTEN the feed closes: the browser opens it again and, as after
  // any failure, reloads what it shows and checks it (useFeedGapCheck).
  const unsubscribe = await subscribeChatEvents(`user:${userId}`, (event) => deliver(event), { onGap: () => missed() });
  return async (send: SseSend, signal: AbortSignal) => {
    // Events go out in the order they were announced: a message is re-read first, and a deletion
    // announced after it (a regenerated reply replacing the old one) must not overtake it.
    let previous = Promise.resolve();
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const stillSignedIn = async () => {
      if (await isLoginSessionLive(loginSessionId, userId)) return true;
      end();
      return false;
    };
    const inOrder = (work: () => Promise<void> | void) => {
      previous = previous.then(work).catch((error: unknown) => logger.error({ err: error }, "could not deliver a chat event"));
    };
    deliver = (event) => {
      inOrder(async () => {
        if (event.kind === "deleted") {
          if (await stillSignedIn()) send("deleted", { sessionId: event.sessionId, id: event.messageId });
          return;
        }
        // The sign-in and the message in one read.
        const { signedIn, message } = await getOwnMessageWhileSignedIn(loginSessionId, userId, event.messageId);
        if (!signedIn) end();
        else if (message) send("message", { sessionId: event.sessionId, message });
      });
    };
    missed = end;
    const check = setInterval(() => inOrder(() => stillSignedIn().then(() => {})), FEED_SIGN_IN_CHECK_MS);
    signal.addEventListener("abort", end, { once: true });
    if (!signal.aborted) await ended;
    clearInterval(check);
    deliver = () => {};
    unsubscribe();
  };
}
