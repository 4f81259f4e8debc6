import { z } from "zod";
import { chatTexts, MESSAGE_MAX_CHARS } from "~/lib/chat";
import { loginSessionIdOf } from "~/modules/auth/login-session.server";
import { readReplyMode } from "~/modules/chat/reply-modes.server";
import { messageFields, NotSignedInError, prepareReply, readMessage, runReply, type ReplyOutcome } from "~/modules/chat/reply.server";
import { errorResponse } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { parseForm } from "~/modules/http/form.server";
import { eventStream } from "~/modules/http/sse.server";
import { logger } from "~/modules/logging/logger.server";
import type { Route } from "./+types/chat.reply";

/**
 * A message of MESSAGE_MAX_CHARS, urlencoded as the composer posts it, and a few attachment paths.
 * The limit counts UTF-16 units, as the textarea does; one takes up to 3 UTF-8 bytes, each of them
 * sent as `%XX`: 9 bytes (Chinese or Japanese text comes close to that).
 */
const REPLY_FORM = { maxBytes: MESSAGE_MAX_CHARS * 9 + 16 * 1024, tooLarge: chatTexts.messageTooLong };

/** A send (its text, its uploaded files' paths and its mode) or `intent=regenerate` (with `from`: "Regenerate from here"). */
const replyForm = messageFields.extend({ intent: z.string().optional(), mode: z.string().optional(), from: z.string().optional() });

/**
 * POST a message (in chat or vision `mode`; decision 034) or `regenerate`, get the reply as Server-Sent Events: `user` (the saved
 * message; it may follow the first chunks), `message` (each chunk), then `complete` (the saved
 * reply) or `error` (the spec's text). Closing the request stops the model; what arrived so far
 * is kept. A refusal before anything is saved answers with its status and `{ error, code }` (402
 * adds `buyTokens`, 429 a Retry-After header).
 *
 * The first token waits for everything before the model call, so the sign-in is not looked up on
 * its own: prepareReply reads it with the session's context and reserves the tokens, in one
 * statement that holds nothing unless the session is the signed-in person's.
 */
export async function action({ request, params }: Route.ActionArgs) {
  let prepared;
  try {
    const loginSessionId = loginSessionIdOf(request);
    if (!loginSessionId) throw new NotSignedInError();
    const form = await parseForm(request, replyForm, REPLY_FORM);
    const input = form.intent === "regenerate" ? { regenerate: true as const, from: form.from } : { ...readMessage(form), mode: readReplyMode(form.mode) };
    prepared = await prepareReply({ loginSessionId }, params.sessionId, input, { signal: request.signal });
  } catch (error) {
    return errorResponse(error);
  }
  return eventStream(request.signal, async (send, signal) => {
    const outcome = await runReply(prepared, { signal, onUserMessage: (message) => send("user", message), onDelta: (text) => send("message", { text }) }).catch(
      (error: unknown): ReplyOutcome => {
        logger.error({ err: error, sessionId: prepared.session.id }, "chat reply failed");
        return { status: "failed", error: chatTexts.replyFailed };
      },
    );
    if (outcome.status === "failed") send("error", { message: translateMessage(outcome.error) });
    else if (outcome.message) send("complete", outcome.message);
  });
}
