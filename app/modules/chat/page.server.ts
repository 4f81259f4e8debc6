import type { FieldErrors } from "~/lib/auth-forms";
import { chatTexts } from "~/lib/chat";
import { readPromptGuide } from "~/lib/prompt-guide";
import { prisma } from "~/modules/db/db.server";
import { InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { modelChoices, updateOwnAgent } from "./agents.server";
import { AttachmentRejected, filesInForm, storeFormFiles } from "./attachments.server";
import { chooseChatModel, customModelMap, FALLBACK_CHAT_MODEL } from "./model-choice.server";
import {
  ChatInputError,
  NoChatModelError,
  prepareReply,
  readMessage,
  ReplyBusyError,
  ReplyNotStartedError,
  runReply,
  TooManyRepliesError,
  type ReplyInput,
} from "./reply.server";
import { ChatNotFoundError, deleteOwnMessage, listMessages, listSessions, requireOwnSession } from "./sessions.server";

/**
 * What /chat/:sessionId shows: the newest page of messages, or with ?before= the page before that
 * message (the "Load more" link without JavaScript, and the page's own fetcher with it).
 */
export async function chatPageData(userId: string, sessionId: string, searchParams: URLSearchParams) {
  const session = await requireOwnSession(userId, sessionId);
  const [list, page, agent] = await Promise.all([
    // The open chat is listed even when it is older than the page (opened from an older page).
    listSessions(userId, { search: searchParams.get("q") ?? "", older: searchParams.get("older"), including: session.id }),
    listMessages(session.id, searchParams.get("before")),
    prisma().chatAgent.findUniqueOrThrow({ where: { id: session.agentId }, include: { character: { select: { chatModel: true } } } }),
  ]);
  const wants = { customModels: agent.customModels, document: agent.document, characterChatModel: agent.character.chatModel };
  const [model, pictureModel, choices] = await Promise.all([chooseChatModel(wants), chooseChatModel(wants, { needsImages: true }), modelChoices()]);
  return {
    // Which chat these messages are from: a page of older ones is only ever added to that chat.
    sessionId: session.id,
    sessions: list.sessions,
    sessionsNext: list.next,
    sessionsOlder: list.afterCursor,
    messages: page.messages,
    hasMore: page.hasMore,
    agent: {
      name: agent.name,
      avatarUrl: agent.avatarUrl,
      bio: agent.bio,
      modelName: model?.chatModel ?? FALLBACK_CHAT_MODEL,
      cost: model?.costTokens ?? 0,
      costUnit: model?.costUnit ?? null,
      // A message with a picture goes to a model that reads images (decision 013): named when it is another, with its cost.
      pictures:
        pictureModel && pictureModel.chatModel !== model?.chatModel
          ? { modelName: pictureModel.chatModel, cost: pictureModel.costTokens, costUnit: pictureModel.costUnit }
          : null,
      promptGuide: readPromptGuide(agent.promptGuide),
    },
    // The person's own copy, as the edit agent form shows it.
    editable: {
      name: agent.name,
      description: agent.description,
      bio: agent.bio,
      systemInstruction: agent.systemInstruction ?? "",
      messageInstruction: agent.messageInstruction ?? "",
      models: customModelMap(agent.customModels),
      choices,
    },
  };
}

export type ChatActionResult =
  | { ok: true; toast?: "agent-updated" | "message-deleted" }
  | { ok: false; status: number; error: string; buyTokens?: string; intent?: "edit-agent" | "delete"; fields?: FieldErrors };

/**
 * The page's own form actions: sending without JavaScript (the reply is produced before the
 * page comes back), regenerating, and deleting one's own message.
 */
export async function handleChatAction(userId: string, sessionId: string, form: FormData): Promise<ChatActionResult> {
  const intent = form.get("intent");
  if (intent === "send" || intent === "regenerate") return sendFromForm(userId, sessionId, intent, form);
  const session = await requireOwnSession(userId, sessionId);
  if (intent === "delete") {
    try {
      await deleteOwnMessage(userId, session.id, String(form.get("messageId") ?? ""));
    } catch (error) {
      // Already deleted (another tab, a second click) and someone else's message answer alike.
      if (error instanceof ChatNotFoundError) return { ok: false, status: 404, error: chatTexts.deleteFailed, intent };
      throw error;
    }
    return { ok: true, toast: "message-deleted" };
  }
  if (intent === "edit-agent") {
    const result = await updateOwnAgent(userId, session.agentId, form);
    return result.ok ? { ok: true, toast: "agent-updated" } : { ok: false, status: 400, error: result.error, intent, fields: result.fields };
  }
  return { ok: false, status: 400, error: chatTexts.replyFailed };
}

/** A send or regenerate without JavaScript: the reply is produced before the page comes back. */
async function sendFromForm(userId: string, sessionId: string, intent: "send" | "regenerate", form: FormData): Promise<ChatActionResult> {
  // Someone else's session answers 404 before the form is looked at, and stores nothing.
  await requireOwnSession(userId, sessionId);
  try {
    let input: ReplyInput = { regenerate: true };
    if (intent === "send") {
      // Without JavaScript the picker's files come with the form; they are stored here, checked as uploads are.
      const files = filesInForm(form);
      const message = readMessage(form, files.length);
      input = { text: message.text, attachments: [...message.attachments, ...(await storeFormFiles(userId, files))] };
    }
    const prepared = await prepareReply({ userId }, sessionId, input);
    const outcome = await runReply(prepared, {});
    return outcome.status === "failed" ? { ok: false, status: 502, error: outcome.error } : { ok: true };
  } catch (error) {
    if (error instanceof ChatNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof ChatInputError || error instanceof AttachmentRejected) return { ok: false, status: 400, error: error.message };
    if (error instanceof InsufficientTokensError) {
      return { ok: false, status: 402, error: chatTexts.insufficientTokens(error.cost, error.balance.total), buyTokens: "/dashboard/tokens" };
    }
    if (error instanceof NoChatModelError) return { ok: false, status: 503, error: chatTexts.replyAgentFailed };
    if (error instanceof TooManyRepliesError) return { ok: false, status: 429, error: error.message };
    if (error instanceof ReplyBusyError) return { ok: false, status: 409, error: error.message };
    // The message was saved and the tokens given back: the page shows it, and that no reply came.
    if (error instanceof ReplyNotStartedError) return { ok: false, status: 502, error: chatTexts.replyFailed };
    throw error;
  }
}
