import { chatTexts, MESSAGE_MAX_CHARS, type ChatMessageView } from "~/lib/chat";
import { ProviderAbortedError, ProviderError, ProviderTimeoutError, resolveModelEndpoint, streamChatCompletion, type ModelEndpoint } from "~/modules/ai/provider.server";
import { buildChatPrompt, HISTORY_LIMIT, type ChatPrompt } from "~/modules/ai/prompt.server";
import { isUuid } from "~/modules/catalogue/characters.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { release, reserve, settle } from "~/modules/tokens/ledger.server";
import { AttachmentRejected, ownAttachmentPaths, promptContentWithAttachments } from "./attachments.server";
import { chooseChatModel } from "./model-choice.server";
import { publishChatEvent } from "./realtime.server";
import { ChatNotFoundError, saveMessage, type OwnSession } from "./sessions.server";

export class ChatInputError extends Error {}
export class NoChatModelError extends Error {}

export type PreparedReply = {
  session: OwnSession;
  userId: string;
  /**
   * The person's message, being saved while the model is already called (a regenerate has
   * none). It is settled (saved or failed) before the reply is saved, which orders the two.
   */
  userMessage: Promise<ChatMessageView> | null;
  endpoint: ModelEndpoint;
  prompt: ChatPrompt;
  reservationId: string | null;
  /** The agent reply this one replaces (regenerate), deleted once the new one is saved. */
  replaces: string | null;
  model: { name: string; platform: string; modelId: string };
};

export type ReplyOutcome =
  | { status: "complete"; message: ChatMessageView }
  | { status: "stopped"; message: ChatMessageView | null }
  | { status: "failed"; error: string };

/** The agent's fields a reply uses, with its character's chat model. */
type ReplyAgent = {
  name: string;
  description: string;
  bio: string;
  systemInstruction: string | null;
  messageInstruction: string | null;
  customModels: unknown;
  document: unknown;
  characterChatModel: string | null;
};
type HistoryEntry = { senderType: "user" | "agent"; message: string; messageType: string };

/** What a reply needs from the database: the session with its owner, the agent, recent history (oldest first). */
export type ReplyContext = { ownerId: string; session: OwnSession; agent: ReplyAgent; history: HistoryEntry[] };

type ContextRow = OwnSession & ReplyAgent & { ownerId: string; history: HistoryEntry[] };

/**
 * Reads a reply's context by session id alone, in one statement (the first token waits for
 * it), so that the route can run it alongside the sign-in lookup; the caller compares `ownerId`
 * with the signed-in person before anything is used. Null for a malformed or unknown id.
 */
export async function loadReplyContext(sessionId: string): Promise<ReplyContext | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await prisma().$queryRaw<ContextRow[]>`
    SELECT s.id::text AS id, s.user_id::text AS "ownerId", a.id::text AS "agentId", a.character_id::text AS "characterId",
           a.name AS "agentName", a.avatar_url AS "agentAvatar", a.name, a.description, a.bio, a.document, a.custom_models AS "customModels",
           a.system_instruction AS "systemInstruction", a.message_instruction AS "messageInstruction", c.chat_model AS "characterChatModel",
           COALESCE((
             SELECT json_agg(json_build_object('senderType', recent.sender_type, 'message', recent.message, 'messageType', recent.message_type)
                             ORDER BY recent.created_at, recent.id)
             FROM (SELECT m.sender_type, m.message, m.message_type, m.created_at, m.id FROM chat_messages m
                   WHERE m.session_id = s.id AND m.message_type = 'chat'
                   ORDER BY m.created_at DESC, m.id DESC LIMIT ${HISTORY_LIMIT + 1}) recent
           ), '[]'::json) AS history
    FROM chat_sessions s JOIN chat_agents a ON a.id = s.agent_id JOIN characters c ON c.id = a.character_id
    WHERE s.id = ${sessionId}::uuid`;
  if (!row) return null;
  const { ownerId, history, id, agentId, characterId, agentName, agentAvatar, ...agent } = row;
  return { ownerId, session: { id, agentId, characterId, agentName, agentAvatar }, agent, history };
}

/** This person's reply context, or ChatNotFoundError (someone else's session does not exist for them). */
export async function ownReplyContext(userId: string, sessionId: string) {
  const context = await loadReplyContext(sessionId);
  if (!context || context.ownerId !== userId) throw new ChatNotFoundError(sessionId);
  return context;
}

/**
 * Reads a send: non-blank text or at least one attachment (spec section 5), the attachments
 * being this person's own uploads (plus `filesInForm` files posted with the plain form, stored
 * by the caller). The same rule for the streaming route and the plain form.
 */
export function readMessage(userId: string, form: FormData, filesInForm = 0) {
  const value = form.get("message");
  const text = typeof value === "string" ? value.trim() : "";
  let attachments: string[];
  try {
    attachments = ownAttachmentPaths(userId, form.getAll("attachment"), filesInForm);
  } catch (error) {
    if (error instanceof AttachmentRejected) throw new ChatInputError(error.message);
    throw error;
  }
  if (!text && attachments.length + filesInForm === 0) throw new ChatInputError(chatTexts.emptyMessage);
  if (text.length > MESSAGE_MAX_CHARS) throw new ChatInputError(chatTexts.messageTooLong);
  return { text, attachments };
}

/**
 * Everything before the model is called: the model, the prompt and the tokens reserved (a
 * balance too small throws InsufficientTokensError and nothing is saved or sent). The person's
 * message starts saving here and is not waited for: the model can be called at once. With
 * `regenerate`, the last exchange is answered again instead.
 */
export async function prepareReply(
  userId: string,
  { session, agent, history: recent }: ReplyContext,
  input: { text: string; attachments?: string[] } | { regenerate: true },
): Promise<PreparedReply> {
  const model = await chooseChatModel({ customModels: agent.customModels, document: agent.document, characterChatModel: agent.characterChatModel });
  if (!model) throw new NoChatModelError("no published chat model can be called");
  const endpoint = resolveModelEndpoint(model);

  let text: string;
  let attachments: string[] = [];
  let replaces: string | null = null;
  let history = recent;
  if ("regenerate" in input) {
    const last = history.at(-1);
    const lastUser = [...history].reverse().find((message) => message.senderType === "user");
    if (!lastUser) throw new ChatInputError("There is no message to answer yet.");
    text = lastUser.message;
    const lastAgent = await prisma().chatMessage.findFirst({ where: { sessionId: session.id, senderType: "agent" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    if (last?.senderType === "agent" && lastAgent) replaces = lastAgent.id;
    history = history.slice(0, history.lastIndexOf(lastUser));
  } else {
    text = input.text;
    attachments = input.attachments ?? [];
  }

  const prompt = buildChatPrompt({
    agent: { name: agent.name, description: agent.description, bio: agent.bio, systemInstruction: agent.systemInstruction, messageInstruction: agent.messageInstruction },
    model: { systemInstruction: model.systemInstruction, messageInstruction: model.messageInstruction },
    history: history.slice(-HISTORY_LIMIT),
    userMessage: await promptContentWithAttachments(text, attachments),
  });
  const reservation =
    model.costTokens > 0
      ? await reserve(userId, model.costTokens, { purpose: "chat_message", description: `Chat with ${agent.name}`, referenceId: session.id })
      : null;
  const uploadedFiles = attachments.map((path) => ({ path, name: path.split("/").pop() }));
  const userMessage =
    "regenerate" in input
      ? null
      : saveMessage(session, userId, { senderType: "user", message: text, document: uploadedFiles.length ? { uploadedFiles, message: text } : {} });
  // Observed by runReply; this keeps a failure from being reported as unhandled before that.
  userMessage?.catch(() => undefined);
  return {
    session,
    userId,
    userMessage,
    endpoint,
    prompt,
    reservationId: reservation?.id ?? null,
    replaces,
    model: { name: model.chatModel, platform: model.aiPlatform, modelId: model.modelId },
  };
}

/**
 * Calls the model and streams its words to `onDelta`. The reply is saved once, when it is
 * complete (or, if the person stopped it, with what had arrived); then the tokens are settled.
 * A failure saves nothing and gives the tokens back.
 */
export async function runReply(
  prepared: PreparedReply,
  { signal, onDelta, onUserMessage, timeoutMs }: { signal?: AbortSignal; onDelta?: (text: string) => void; onUserMessage?: (message: ChatMessageView) => void; timeoutMs?: number },
): Promise<ReplyOutcome> {
  // The person's message is saved while the model works; if that fails, the model is stopped.
  const upstream = new AbortController();
  const stopUpstream = () => upstream.abort();
  signal?.addEventListener("abort", stopUpstream, { once: true });
  if (signal?.aborted) upstream.abort();
  let saveError: unknown = null;
  const userSaved = prepared.userMessage?.then(
    (message) => {
      onUserMessage?.(message);
      return message;
    },
    (error: unknown) => {
      saveError = error;
      upstream.abort();
    },
  );
  let received = "";
  try {
    for await (const event of streamChatCompletion(prepared.endpoint, { ...prepared.prompt, signal: upstream.signal, timeoutMs })) {
      if (event.type === "delta") {
        received += event.text;
        onDelta?.(event.text);
      } else {
        received = event.text;
      }
    }
  } catch (error) {
    await userSaved;
    if (saveError) return failBeforeSaving(prepared, saveError);
    if (error instanceof ProviderAbortedError || signal?.aborted) return finishStopped(prepared, received || (error instanceof ProviderError ? error.partialText : ""));
    await closeReservation(prepared, "release");
    if (!(error instanceof ProviderError)) logger.error({ err: error, sessionId: prepared.session.id }, "chat reply failed");
    else logger.warn({ err: error.message, model: prepared.model.name, sessionId: prepared.session.id }, "the model did not answer");
    return { status: "failed", error: error instanceof ProviderTimeoutError ? chatTexts.replyTimeout : chatTexts.replyFailed };
  } finally {
    signal?.removeEventListener("abort", stopUpstream);
  }
  await userSaved;
  if (saveError) return failBeforeSaving(prepared, saveError);
  if (!received.trim()) {
    await closeReservation(prepared, "release");
    return { status: "failed", error: chatTexts.replyAgentFailed };
  }
  const message = await saveReply(prepared, received);
  return { status: "complete", message };
}

/** The person's message could not be saved: nothing is kept, the tokens go back. */
async function failBeforeSaving(prepared: PreparedReply, error: unknown): Promise<ReplyOutcome> {
  logger.error({ err: error, sessionId: prepared.session.id }, "could not save the chat message");
  await closeReservation(prepared, "release");
  return { status: "failed", error: chatTexts.replyFailed };
}

async function finishStopped(prepared: PreparedReply, partial: string): Promise<ReplyOutcome> {
  if (!partial.trim()) {
    await closeReservation(prepared, "release");
    return { status: "stopped", message: null };
  }
  return { status: "stopped", message: await saveReply(prepared, partial) };
}

async function saveReply(prepared: PreparedReply, text: string) {
  const message = await saveMessage(prepared.session, prepared.userId, {
    senderType: "agent",
    message: text,
    document: { ai_platform: prepared.model.platform, model_id: prepared.model.modelId, selectedModel: prepared.model.name },
  });
  await closeReservation(prepared, "settle");
  if (prepared.replaces) {
    await prisma().chatMessage.deleteMany({ where: { id: prepared.replaces, sessionId: prepared.session.id } });
    await publishChatEvent({ kind: "deleted", userId: prepared.userId, sessionId: prepared.session.id, messageId: prepared.replaces });
  }
  return message;
}

async function closeReservation(prepared: PreparedReply, how: "settle" | "release") {
  if (!prepared.reservationId) return;
  await (how === "settle" ? settle(prepared.reservationId) : release(prepared.reservationId));
}
