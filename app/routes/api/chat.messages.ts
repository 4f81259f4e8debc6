import { chatTexts } from "~/lib/chat";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { presentMessageIds, requireOwnSession } from "~/modules/chat/sessions.server";
import type { Route } from "./+types/chat.messages";

/**
 * Which of the chat's messages still exist from `?since=` (an ISO time) on. A page asks after its
 * live feed was down, since a message deleted meanwhile would otherwise stay on screen.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
  // Someone else's chat answers 404 before anything else is looked at.
  const session = await requireOwnSession(user.id, params.sessionId);
  const since = new Date(url.searchParams.get("since") ?? "");
  if (Number.isNaN(since.getTime())) return Response.json({ error: "since must be a time" }, { status: 400 });
  return Response.json(await presentMessageIds(session.id, since), { headers: { "Cache-Control": "private, no-store" } });
}
