import { getCurrentUser, loginSessionIdOf } from "~/modules/auth/login-session.server";
import { openLiveFeed } from "~/modules/chat/live-feed.server";
import { eventStream } from "~/modules/http/sse.server";
import type { Route } from "./+types/chat.events";

/** The signed-in person's live chat feed (openLiveFeed): messages saved and deleted in any of their chats, as Server-Sent Events. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const loginSessionId = loginSessionIdOf(request);
  if (!user || !loginSessionId) return new Response("Unauthorized", { status: 401 });
  return eventStream(request.signal, await openLiveFeed(user.id, loginSessionId));
}
