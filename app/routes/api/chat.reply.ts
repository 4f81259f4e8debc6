import { chatTexts, MESSAGE_MAX_CHARS } from "~/lib/chat";
import { loginSessionIdOf } from "~/modules/auth/login-session.server";
import {
  ChatInputError,
  NoChatModelError,
  NotSignedInError,
  prepareReply,
  readMessage,
  ReplyBusyError,
  ReplyNotStartedError,
  runReply,
  TooManyRepliesError,
  type ReplyOutcome,
} from "~/modules/chat/reply.server";
import { logger } from "~/modules/logging/logger.server";
import { ChatNotFoundError } from "~/modules/chat/sessions.server";
import { readFormWithin } from "~/modules/http/form.server";
import { eventStream } from "~/modules/http/sse.server";
import { InsufficientTokensError } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/chat.reply";

/**
 * A message of MESSAGE_MAX_CHARS, urlencoded as the composer posts it, and a few attachment paths.
 * The limit counts UTF-16 units, as the textarea does; one takes up to 3 UTF-8 bytes, each of them
 * sent as `%XX`: 9 bytes (Chinese or Japanese text comes close to that).
 */
const REPLY_FORM_MAX_BYTES = MESSAGE_MAX_CHARS * 9 + 16 * 1024;

/**
 * POST a message (or `regenerate`), get the reply as Server-Sent Events: `user` (the saved
 * message; it may follow the first chunks), `message` (each chunk), then `complete` (the saved
 * reply) or `error` (the spec's text). Closing the request stops the model; what arrived so far
 * is kept.
 *
 * The first token waits for everything before the model call, so the sign-in is not looked up on
 * its own: prepareReply reads it with the session's context and reserves the tokens, in one
 * statement that holds nothing unless the session is the signed-in person's.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const loginSessionId = loginSessionIdOf(request);
  if (!loginSessionId) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
  const form = await readFormWithin(request, REPLY_FORM_MAX_BYTES);
  if (!form) return Response.json({ error: chatTexts.messageTooLong }, { status: 413 });
  let prepared;
  try {
    prepared = await prepareReply({ loginSessionId }, params.sessionId, form.get("intent") === "regenerate" ? { regenerate: true } : readMessage(form), {
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof NotSignedInError) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
    if (error instanceof ChatNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof ChatInputError) return Response.json({ error: error.message }, { status: 400 });
    if (error instanceof ReplyBusyError) return Response.json({ error: error.message }, { status: 409 });
    if (error instanceof TooManyRepliesError) {
      return Response.json({ error: error.message }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    if (error instanceof InsufficientTokensError) {
      return Response.json({ error: chatTexts.insufficientTokens(error.cost, error.balance.total), buyTokens: "/dashboard/tokens" }, { status: 402 });
    }
    if (error instanceof NoChatModelError) return Response.json({ error: chatTexts.replyAgentFailed }, { status: 503 });
    if (error instanceof ReplyNotStartedError) {
      // The message was saved: the stream says so, then that no reply came, as a failed model does.
      const { userMessage } = error;
      return eventStream(request.signal, async (send) => {
        if (userMessage) send("user", userMessage);
        send("error", { message: chatTexts.replyFailed });
      });
    }
    throw error;
  }
  return eventStream(request.signal, async (send, signal) => {
    const outcome = await runReply(prepared, { signal, onUserMessage: (message) => send("user", message), onDelta: (text) => send("message", { text }) }).catch(
      (error: unknown): ReplyOutcome => {
        logger.error({ err: error, sessionId: prepared.session.id }, "chat reply failed");
        return { status: "failed", error: chatTexts.replyFailed };
      },
    );
    if (outcome.status === "failed") send("error", { message: outcome.error });
    else if (outcome.message) send("complete", outcome.message);
  });
}
