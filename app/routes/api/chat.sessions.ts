import { chatTexts } from "~/lib/chat";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listSessions, readSessionCursor } from "~/modules/chat/sessions.server";
import type { Route } from "./+types/chat.sessions";

const OLDER_ERROR = "older must be a cursor from the list's next";

/**
 * GET ?older=<cursor>&q=<name>: the next page of the person's chats after the cursor (the list's
 * "Show older chats"), as { sessions, next }. Only the person's own chats are ever listed.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
  const older = url.searchParams.get("older");
  if (!readSessionCursor(older)) return Response.json({ error: OLDER_ERROR }, { status: 400 });
  return Response.json(await listSessions(user.id, url.searchParams.get("q") ?? "", older), { headers: { "Cache-Control": "private, no-store" } });
}
