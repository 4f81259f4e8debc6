import { z } from "zod";
import { sendsMediaRequest } from "~/lib/chat-modes";
import { chatTexts } from "~/lib/chat";
import { readPromptGuide } from "~/lib/prompt-guide";
import type { ToastCode } from "~/lib/toasts";
import { agentFields, agentForChatPage, modelChoices, updateOwnAgent } from "~/modules/chat/agents.server";
import { attachmentPathsOf, messageFiles, storeFormFiles } from "~/modules/chat/attachments.server";
import { chatChoiceFields, chatChoicesFor, chatModelOf, chooseChatModelForChat, choosePersona } from "~/modules/chat/chat-choices.server";
import { chatModeOptions } from "~/modules/chat/modes.server";
import { chooseChatModel, customModelMap, FALLBACK_CHAT_MODEL } from "~/modules/chat/model-choice.server";
import { readReplyMode } from "~/modules/chat/reply-modes.server";
import { messageFields, prepareReply, readMessage, ReplyFailedError, runReply, type ReplyInput } from "~/modules/chat/reply.server";
import { deleteOwnMessage, listMessages, selectMessageVersion } from "~/modules/chat/messages.server";
import { getOwnSession, listSessions } from "~/modules/chat/sessions.server";
import { isFavorite } from "~/modules/favorites/favorites.server";
import { InvalidInputError, isDatabaseUnreachable } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { pictureModelFor, redrawModelFor, requestPictureInChat, requestVoiceNote } from "~/modules/media/jobs.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { handleThreadAction, isThreadIntent } from "./chat-threads.server";

// The chat page's controller (route-only code, beside its route): what /chat/:sessionId shows,
// and its form's actions, each handed to the chat and media modules' rules.

/**
 * What /chat/:sessionId shows: the newest page of messages, or with ?before= the page before that
 * message (the "Load more" link without JavaScript, and the page's own fetcher with it).
 */
export async function chatPageData(userId: string, sessionId: string, searchParams: URLSearchParams) {
  const session = await getOwnSession(userId, sessionId);
  const [list, page, agent, perks, chatModel] = await Promise.all([
    // The open chat is listed even when it is older than the page (opened from an older page).
    listSessions(userId, { search: searchParams.get("q") ?? "", older: searchParams.get("older"), including: session.id }),
    listMessages(session.id, searchParams.get("before")),
    agentForChatPage(session.agentId),
    planPerksOf(userId),
    chatModelOf(userId, session.id),
  ]);
  const wants = { customModels: agent.customModels, document: agent.document, characterChatModel: agent.character.chatModel, chatModel };
  // The conversation shows without the models: the composer and the agent editor say they could not be read.
  const [models, choices, favorite, chatChoices] = await Promise.all([
    Promise.all([
      chooseChatModel(wants, perks),
      chooseChatModel(wants, perks, { needsImages: true }),
      pictureModelFor(agent.customModels, "image", perks),
      redrawModelFor(agent.customModels, perks),
      pictureModelFor(agent.customModels, "video", perks),
      pictureModelFor(agent.customModels, "audio", perks),
    ]).catch(modelsUnreadable),
    modelChoices(perks).catch(modelsUnreadable),
    isFavorite(userId, "agent", agent.id),
    chatChoicesFor(userId, session.id, perks).catch(modelsUnreadable),
  ]);
  const [model, pictureModel, imageModel, redrawModel, videoModel, voiceModel] = models ?? [null, null, null, null, null, null];
  return {
    // Which chat these messages are from: a page of older ones is only ever added to that chat.
    sessionId: session.id,
    sessions: list.sessions,
    sessionsNext: list.next,
    sessionsOlder: list.afterCursor,
    messages: page.messages,
    hasMore: page.hasMore,
    agent: {
      id: agent.id,
      isFavorite: favorite,
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
      // This chat's persona and model, as its details panel lets the person choose them.
      chat: chatChoices,
    },
    // The composer's modes (spec section 4, decision 034): the model each would use, or that the plan leaves it out;
    // null when the models could not be read ("Failed to load model settings").
    modes:
      models &&
      chatModeOptions(perks, {
        chat: model,
        image: imageModel,
        design: redrawModel,
        video: videoModel,
        // Vision needs a model that reads pictures: the one a message with pictures would get, when it does.
        vision: pictureModel?.acceptsImages ? pictureModel : null,
        voice: voiceModel,
      }),
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

/** A fault reading the models is the page's to show; a database out of reach is the request's 503. */
function modelsUnreadable(error: unknown): null {
  if (isDatabaseUnreachable(error)) throw error;
  logger.error({ err: error }, "could not read the chat models for a chat page");
  return null;
}

/**
 * The chat page's form, every intent's fields: a send (its text, uploaded files' paths, the
 * picker's files without JavaScript, and its mode), a regenerate, a message to delete or a version
 * to show, and the edit agent form. Each intent's rules are its module's, so nothing is refused here.
 */
export const chatPageForm = z.object({
  intent: z.string().optional(),
  mode: z.string().optional(),
  file: messageFiles,
  messageId: z.string().default(""),
  version: z.string().optional(),
  title: z.string().optional(),
  ...messageFields.shape,
  ...agentFields.shape,
  ...chatChoiceFields.shape,
});

export type ChatPageForm = z.output<typeof chatPageForm>;

/**
 * The page's own form actions: sending without JavaScript (the reply is produced before the
 * page comes back), regenerating, deleting one's own message and editing the agent. Each refusal
 * is thrown as an app error with its status and text, for the route to show.
 */
export async function handleChatAction(userId: string, sessionId: string, form: ChatPageForm): Promise<{ ok: true; toast?: ToastCode; to?: string }> {
  const { intent, mode } = form;
  if (isThreadIntent(intent)) return handleThreadAction(userId, sessionId, intent, form);
  // A picture, video or voice-note request: the reply fills in when its job completes.
  if (intent === "send" && mode !== undefined && sendsMediaRequest(mode)) {
    // Someone else's session answers 404 before the form is looked at.
    await getOwnSession(userId, sessionId);
    const files = form.file;
    const sent = { text: form.message ?? "", attachments: attachmentPathsOf(form.attachment, files.length), files };
    if (mode === "voice") await requestVoiceNote(userId, sessionId, sent);
    else await requestPictureInChat(userId, sessionId, sent.text, mode, sent);
    return { ok: true };
  }
  if (intent === "send" || intent === "regenerate") {
    await sendFromForm(userId, sessionId, intent, form);
    return { ok: true };
  }
  const session = await getOwnSession(userId, sessionId);
  if (intent === "delete") {
    // Already deleted (another tab, a second click) and someone else's message answer alike: MessageNotFoundError.
    await deleteOwnMessage(userId, session.id, form.messageId);
    return { ok: true, toast: "message-deleted" };
  }
  if (intent === "select-version") {
    await selectMessageVersion(userId, session.id, form.messageId, Number(form.version ?? NaN));
    return { ok: true };
  }
  if (intent === "edit-agent") {
    const result = await updateOwnAgent(userId, session.agentId, form);
    if (!result.ok) throw new InvalidInputError(result.error, result.fields as Record<string, string> | undefined);
    return { ok: true, toast: "agent-updated" };
  }
  if (intent === "choose-persona") {
    await choosePersona(userId, session.id, form.personaId ?? "");
    return { ok: true, toast: "persona-chosen" };
  }
  if (intent === "choose-model") {
    await chooseChatModelForChat(userId, session.id, form.chatModel ?? "", await planPerksOf(userId));
    return { ok: true, toast: "chat-model-chosen" };
  }
  throw new InvalidInputError(chatTexts.replyFailed);
}

/** A send or regenerate without JavaScript: the reply is produced before the page comes back. */
async function sendFromForm(userId: string, sessionId: string, intent: "send" | "regenerate", form: ChatPageForm) {
  // Someone else's session answers 404 before the form is looked at, and stores nothing.
  await getOwnSession(userId, sessionId);
  let input: ReplyInput = { regenerate: true };
  if (intent === "send") {
    // Without JavaScript the picker's files come with the form; they are stored here, checked as uploads are.
    const files = form.file;
    const message = readMessage(form, files.length);
    input = { text: message.text, attachments: [...message.attachments, ...(await storeFormFiles(userId, files))], mode: readReplyMode(form.mode) };
  }
  const outcome = await runReply(await prepareReply({ userId }, sessionId, input), {});
  // The message was saved and the tokens given back: the page shows it, and that no reply came.
  if (outcome.status === "failed") throw new ReplyFailedError(outcome.error);
}
