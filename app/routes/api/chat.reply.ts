import { chatTexts } from "~/lib/chat";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { ChatInputError, NoChatModelError, prepareReply, readMessage, runReply } from "~/modules/chat/reply.server";
import { requireOwnSession } from "~/modules/chat/sessions.server";
import { eventStream } from "~/modules/http/sse.server";
import { InsufficientTokensError } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/chat.reply";

/**
 * POST a message (or `regenerate`), get the reply as Server-Sent Events: `user` (the saved
 * message), `message` (each chunk), then `complete` (the saved reply) or `error` (the spec's
 * text). Closing the request stops the model; what arrived so far is kept.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
  const session = await requireOwnSession(user.id, params.sessionId);
  const form = await request.formData();
  let prepared;
  try {
    prepared = await prepareReply(user.id, session, form.get("intent") === "regenerate" ? { regenerate: true } : readMessage(user.id, form));
  } catch (error) {
    if (error instanceof ChatInputError) return Response.json({ error: error.message }, { status: 400 });
    if (error instanceof InsufficientTokensError) {
      return Response.json({ error: chatTexts.insufficientTokens(error.cost, error.balance.total), buyTokens: "/dashboard/tokens" }, { status: 402 });
    }
    if (error instanceof NoChatModelError) return Response.json({ error: chatTexts.replyAgentFailed }, { status: 503 });
    throw error;
  }
  return eventStream(request.signal, async (send, signal) => {
    if (prepared.userMessage) send("user", prepared.userMessage);
    const outcome = await runReply(prepared, { signal, onDelta: (text) => send("message", { text }) });
    if (outcome.status === "failed") send("error", { message: outcome.error });
    else if (outcome.message) send("complete", outcome.message);
  });
}
