import { getCurrentUser, loginSessionIdOf } from "~/modules/auth/login-session.server";
import { openLiveFeed } from "~/modules/chat/live-feed.server";
import { eventStream } from "~/modules/http/sse.server";
import type { Route } from "./+types/events";

/** The signed-in person's live feed (openLiveFeed): their chats' messages saved and deleted, and their media jobs' changes, as Server-Sent Events. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const loginSessionId = loginSessionIdOf(request);
  if (!user || !loginSessionId) return new Response("Unauthorized", { status: 401 });
  return eventStream(request.signal, await openLiveFeed(user.id, loginSessionId));
}
