import { chatTexts, MESSAGE_MAX_CHARS, type ChatMessageView } from "~/lib/chat";
import { ProviderAbortedError, ProviderError, ProviderTimeoutError, resolveModelEndpoint, streamChatCompletion, type ModelEndpoint } from "~/modules/ai/provider.server";
import { buildChatPrompt, HISTORY_LIMIT, type ChatPrompt } from "~/modules/ai/prompt.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { release, reserve, settle } from "~/modules/tokens/ledger.server";
import { AttachmentRejected, ownAttachmentPaths, promptContentWithAttachments } from "./attachments.server";
import { chooseChatModel } from "./model-choice.server";
import { publishChatEvent } from "./realtime.server";
import { recentHistory, saveMessage, type OwnSession } from "./sessions.server";

export class ChatInputError extends Error {}
export class NoChatModelError extends Error {}

export type PreparedReply = {
  session: OwnSession;
  userId: string;
  userMessage: ChatMessageView | null;
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

/**
 * Reads a send: non-blank text or at least one attachment (spec section 5), the attachments
 * being this person's own uploads. The same rule for the streaming route and the plain form.
 */
export function readMessage(userId: string, form: FormData) {
  const value = form.get("message");
  const text = typeof value === "string" ? value.trim() : "";
  let attachments: string[];
  try {
    attachments = ownAttachmentPaths(userId, form.getAll("attachment"));
  } catch (error) {
    if (error instanceof AttachmentRejected) throw new ChatInputError(error.message);
    throw error;
  }
  if (!text && attachments.length === 0) throw new ChatInputError(chatTexts.emptyMessage);
  if (text.length > MESSAGE_MAX_CHARS) throw new ChatInputError(chatTexts.messageTooLong);
  return { text, attachments };
}

/**
 * Everything before the model is called: the model, the prompt, the tokens reserved (a balance
 * too small throws InsufficientTokensError and nothing is saved or sent), then the person's
 * message saved. With `regenerate`, the last exchange is answered again instead.
 */
export async function prepareReply(
  userId: string,
  session: OwnSession,
  input: { text: string; attachments?: string[] } | { regenerate: true },
): Promise<PreparedReply> {
  // The agent and the history do not depend on each other: read them together.
  const [agent, recent] = await Promise.all([
    prisma().chatAgent.findUniqueOrThrow({ where: { id: session.agentId }, include: { character: { select: { chatModel: true } } } }),
    recentHistory(session.id, HISTORY_LIMIT + 1),
  ]);
  const model = await chooseChatModel({ customModels: agent.customModels, document: agent.document, characterChatModel: agent.character.chatModel });
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
      : await saveMessage(session, userId, { senderType: "user", message: text, document: uploadedFiles.length ? { uploadedFiles, message: text } : {} });
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
  { signal, onDelta, timeoutMs }: { signal?: AbortSignal; onDelta?: (text: string) => void; timeoutMs?: number },
): Promise<ReplyOutcome> {
  let received = "";
  try {
    for await (const event of streamChatCompletion(prepared.endpoint, { ...prepared.prompt, signal, timeoutMs })) {
      if (event.type === "delta") {
        received += event.text;
        onDelta?.(event.text);
      } else {
        received = event.text;
      }
    }
  } catch (error) {
    if (error instanceof ProviderAbortedError || signal?.aborted) return finishStopped(prepared, received || (error instanceof ProviderError ? error.partialText : ""));
    await closeReservation(prepared, "release");
    if (!(error instanceof ProviderError)) logger.error({ err: error, sessionId: prepared.session.id }, "chat reply failed");
    else logger.warn({ err: error.message, model: prepared.model.name, sessionId: prepared.session.id }, "the model did not answer");
    return { status: "failed", error: error instanceof ProviderTimeoutError ? chatTexts.replyTimeout : chatTexts.replyFailed };
  }
  if (!received.trim()) {
    await closeReservation(prepared, "release");
    return { status: "failed", error: chatTexts.replyAgentFailed };
  }
  const message = await saveReply(prepared, received);
  return { status: "complete", message };
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
