import { chatTexts } from "~/lib/chat";
import { addressTime } from "~/lib/query-params";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { presentMessageIds } from "~/modules/chat/messages.server";
import { getOwnSession } from "~/modules/chat/sessions.server";
import { errorResponse } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import type { Route } from "./+types/chat.messages";

const SINCE_ERROR = "since must be a time such as 2026-01-01T00:00:00.000Z";
/** A time as the page has it (`toISOString`), on a day that exists. */
const SINCE = addressTime({ error: SINCE_ERROR });

/**
 * Which of the chat's messages still exist from `?since=` (an ISO time) on. A page asks after its
 * live feed was down, since a message deleted meanwhile would otherwise stay on screen.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: translateMessage(chatTexts.replyNotSignedIn) }, { status: 401 });
  try {
    // Someone else's chat answers 404 before anything else is looked at.
    const session = await getOwnSession(user.id, params.sessionId);
    const since = SINCE.safeParse(url.searchParams.get("since"));
    if (!since.success) return Response.json({ error: SINCE_ERROR }, { status: 400 });
    return Response.json(await presentMessageIds(session.id, new Date(since.data)), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
