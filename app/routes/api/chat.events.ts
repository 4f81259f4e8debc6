import { getCurrentUser } from "~/modules/auth/login-session.server";
import { subscribeChatEvents, type ChatEvent } from "~/modules/chat/realtime.server";
import { getOwnMessage } from "~/modules/chat/sessions.server";
import { logger } from "~/modules/logging/logger.server";
import { eventStream } from "~/modules/http/sse.server";
import type { Route } from "./+types/chat.events";

/**
 * The signed-in person's live chat feed: every message saved or deleted in any of their sessions,
 * from any tab, device or app instance. Messages are re-read with the owner's query, so the feed
 * can only ever carry this person's own messages.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return new Response("Unauthorized", { status: 401 });
  // Listening before the stream answers: the page reloads its data once the stream is open, so
  // whatever is saved after that reload is heard of (after a restart, LISTEN takes a moment).
  let deliver: (event: ChatEvent) => void = () => {};
  const unsubscribe = await subscribeChatEvents(`user:${user.id}`, (event) => deliver(event));
  return eventStream(request.signal, async (send, signal) => {
    // Events go out in the order they were announced: a message is re-read first, and a deletion
    // announced after it (a regenerated reply replacing the old one) must not overtake it.
    let previous = Promise.resolve();
    const inOrder = (work: () => Promise<void> | void) => {
      previous = previous.then(work).catch((error: unknown) => logger.error({ err: error }, "could not deliver a chat event"));
    };
    deliver = (event) => {
      if (event.kind === "deleted") {
        inOrder(() => send("deleted", { sessionId: event.sessionId, id: event.messageId }));
        return;
      }
      inOrder(async () => {
        const message = await getOwnMessage(user.id, event.messageId);
        if (message) send("message", { sessionId: event.sessionId, message });
      });
    };
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    unsubscribe();
  });
}
