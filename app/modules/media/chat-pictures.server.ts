import { randomUUID } from "node:crypto";
import { chatModeTexts, requestKindOf } from "~/lib/chat-modes";
import { chatMessageDocumentSchema, type ChatMessageDocumentInput } from "~/lib/documents/chat-message";
import { mediaJobTexts } from "~/lib/media-jobs";
import { foreignAttachment, storeFormFiles } from "~/modules/chat/attachments.server";
import { getOwnSession } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { requireChatRequestInPlan } from "~/modules/payments/chat-requests.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { chatMessageNotifySql } from "./events.server";
import { startGeneration, type StartedGeneration } from "./generation.server";
import { NOW } from "./job-sql.server";
import { NoPictureModelError, onePictureSettings, pictureModelFor, redrawModelFor } from "./picture-models.server";
import { deleteRedrawSource, redrawSource } from "./redraw-sources.server";

/**
 * A picture (or video) request in chat: the character is pictured as its image_prompt describes
 * it, combined with what the person asked, so its pictures stay consistent. Design redraws a
 * picture instead (the attached one, else the chat's last) with an image-to-image model, as the
 * person's words say (decision 034). The person's message and the agent's placeholder reply are
 * saved with the job, in its transaction; the reply is filled in live when the job completes
 * (chat-replies.server.ts).
 */

export type ChatPictureMode = "image" | "video" | "design";

type AgentLook = { agentId: string; agentName: string; customModels: unknown; imagePrompt: string | null };

async function agentLook(sessionId: string): Promise<AgentLook> {
  const [row] = await prisma().$queryRaw<AgentLook[]>`
    SELECT a.id::text AS "agentId", a.name AS "agentName", a.custom_models AS "customModels",
           COALESCE(NULLIF(trim(a.image_prompt), ''), NULLIF(trim(c.image_prompt), '')) AS "imagePrompt"
    FROM chat_sessions s JOIN chat_agents a ON a.id = s.agent_id LEFT JOIN characters c ON c.id = a.character_id
    WHERE s.id = ${sessionId}::uuid`;
  return row!;
}

/** What the model is asked for: the character's appearance, then the person's words. */
export function picturePrompt(look: { agentName: string; imagePrompt: string | null }, request: string) {
  return `${look.imagePrompt ?? look.agentName}. ${request}`;
}

async function saveMessage(
  tx: Runner,
  message: { id: string; sessionId: string; userId: string; senderType: "user" | "agent"; senderId: string; text: string; mode: ChatPictureMode },
  document: ChatMessageDocumentInput,
  jobId: string | null,
) {
  await tx.$queryRaw`
    INSERT INTO chat_messages (id, session_id, sender_type, sender_id, user_id, message, message_type, document, media_job_id, created_at)
    VALUES (${message.id}::uuid, ${message.sessionId}::uuid, ${message.senderType}::"SenderType", ${message.senderId}::uuid, ${message.userId}::uuid,
            ${message.text}, ${message.mode}, ${JSON.stringify(chatMessageDocumentSchema.parse(document))}::jsonb, ${jobId}::uuid, ${NOW})
    RETURNING id`;
  await tx.$queryRaw`UPDATE chat_sessions SET last_message_at = ${NOW} WHERE id = ${message.sessionId}::uuid RETURNING id`;
  await tx.$queryRaw(chatMessageNotifySql(message.userId, message.sessionId, message.id));
}

/**
 * Asks the session's character for a picture (image mode) or a video (video mode) of itself, or
 * for a picture redrawn (design mode: the first picture among `attachments`, else the chat's
 * last): ChatNotFoundError (404) for someone else's session, NotInPlanError (403) when the
 * person's plan leaves the request out, InvalidInputError for blank text or nothing to redraw,
 * NoPictureModelError when no model for the mode can be called, InsufficientTokensError (402):
 * each before anything is saved, spent or sent. `attachments` are paths of the person's own chat
 * uploads (the composer's), `files` those a plain form posted; they show with the message.
 */
export async function requestPictureInChat(
  userId: string,
  sessionId: string,
  text: string,
  mode: ChatPictureMode,
  { attachments: named = [], files = [] }: { attachments?: string[]; files?: File[] } = {},
): Promise<StartedGeneration & { userMessageId: string; agentMessageId: string }> {
  const session = await getOwnSession(userId, sessionId);
  const perks = await requireChatRequestInPlan(userId, requestKindOf(mode)!);
  const request = text.trim();
  if (!request) throw new InvalidInputError(mediaJobTexts.emptyPrompt, { message: mediaJobTexts.emptyPrompt });
  const look = await agentLook(session.id);
  const model = mode === "design" ? await redrawModelFor(look.customModels, perks) : await pictureModelFor(look.customModels, mode, perks);
  if (!model) throw new NoPictureModelError(mode === "design" ? chatModeTexts.noRedrawModel : undefined);
  const foreign = foreignAttachment(userId, named);
  if (foreign) throw foreign;
  // Without JavaScript the files come with the form: stored once the request is known to be allowed.
  const attachments = [...named, ...(await storeFormFiles(userId, files))];
  // Design's picture joins the person's My Media, as a Generate page's source does: the job carries it from there.
  const source = mode === "design" ? await redrawSource(userId, session.id, attachments) : null;
  const userMessageId = randomUUID();
  const agentMessageId = randomUUID();
  const chosen = { mode, selectedModel: model.chatModel, ai_platform: model.aiPlatform, model_id: model.modelId };
  const shown = attachments.length ? { uploadedFiles: attachments.map((path) => ({ path, name: path.split("/").pop() })) } : {};
  try {
    const started = await startGeneration(
      {
        userId,
        modelId: model.chatModel,
        prompt: mode === "design" ? request : picturePrompt(look, request),
        settings: onePictureSettings(model),
        sourceUploadId: source?.id ?? null,
        chatSessionId: session.id,
        perks,
        characterId: session.characterId,
      },
      {
        chatMessageId: agentMessageId,
        withinStart: async (tx, job) => {
          const base = { sessionId: session.id, userId, mode };
          await saveMessage(
            tx,
            { ...base, id: userMessageId, senderType: "user", senderId: userId, text: request },
            { ...chosen, ...shown, message: request },
            null,
          );
          await saveMessage(
            tx,
            { ...base, id: agentMessageId, senderType: "agent", senderId: look.agentId, text: "" },
            { ...chosen, isGenerating: true, request_id: job.requestId },
            job.jobId,
          );
        },
      },
    );
    return { ...started, userMessageId, agentMessageId };
  } catch (error) {
    // Refused (tokens, the model's settings): the copy made for the job goes too, so nothing is kept.
    if (source) await deleteRedrawSource(userId, source.id);
    throw error;
  }
}
