import { z } from "zod";
import { chatTexts, SESSION_LIST_LIMIT, SESSION_LIST_READ_MAX } from "~/lib/chat";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listSessions, readSessionCursor } from "~/modules/chat/sessions.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import type { Route } from "./+types/chat.sessions";

const OLDER_ERROR = "older must be a cursor from the list's next";
const LIMIT_ERROR = `limit must be a whole number from 1 to ${SESSION_LIST_READ_MAX}`;
const LIMIT = z.coerce
  .number({ error: LIMIT_ERROR })
  .int({ error: LIMIT_ERROR })
  .min(1, { error: LIMIT_ERROR })
  .max(SESSION_LIST_READ_MAX, { error: LIMIT_ERROR });

/**
 * GET ?older=<cursor>&q=<name>&limit=<n>: the person's chats after the cursor (the list's "Show
 * older chats", SESSION_LIST_LIMIT of them unless `limit` says), as { sessions, next }. Only the
 * person's own chats are ever listed.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: translateMessage(chatTexts.sessionsNotSignedIn) }, { status: 401 });
  const older = url.searchParams.get("older");
  if (!readSessionCursor(older)) return Response.json({ error: OLDER_ERROR }, { status: 400 });
  const limit = LIMIT.safeParse(url.searchParams.get("limit") ?? SESSION_LIST_LIMIT);
  if (!limit.success) return Response.json({ error: LIMIT_ERROR }, { status: 400 });
  const { sessions, next } = await listSessions(user.id, { search: url.searchParams.get("q") ?? "", older, limit: limit.data });
  return Response.json({ sessions, next }, { headers: { "Cache-Control": "private, no-store" } });
}
