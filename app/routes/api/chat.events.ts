import { getCurrentUser } from "~/modules/auth/login-session.server";
import { subscribeChatEvents } from "~/modules/chat/realtime.server";
import { getOwnMessage } from "~/modules/chat/sessions.server";
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
  return eventStream(request.signal, async (send, signal) => {
    const unsubscribe = await subscribeChatEvents(`user:${user.id}`, (event) => {
      if (event.kind === "deleted") {
        send("deleted", { sessionId: event.sessionId, id: event.messageId });
        return;
      }
      void getOwnMessage(user.id, event.messageId).then((message) => {
        if (message) send("message", { sessionId: event.sessionId, message });
      });
    });
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    unsubscribe();
  });
}
