import { randomUUID } from "node:crypto";
import { chatMessageDocumentSchema, type ChatMessageDocumentInput } from "~/lib/documents/chat-message";
import { parseModelSettings } from "~/lib/documents/model-settings";
import { mediaJobTexts } from "~/lib/media-jobs";
import { isPlatformConfigured } from "~/modules/config/env.server";
import { customModelMap, listPublishedModels, type ModelAccess } from "~/modules/chat/model-choice.server";
import { getOwnSession } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { AppError, InvalidInputError } from "~/modules/http/errors.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { chatMessageNotifySql } from "./events.server";
import { startGeneration, type StartedGeneration } from "./generation.server";
import { NOW } from "./job-sql.server";

/**
 * A picture (or video) request in chat: the character is pictured as its image_prompt describes
 * it, combined with what the person asked, so its pictures stay consistent. The person's message
 * and the agent's placeholder reply are saved with the job, in its transaction; the reply is
 * filled in live when the job completes (chat-replies.server.ts).
 */

export type ChatPictureMode = "image" | "video";

/** No model of the mode's type can be called right now: 503. */
export class NoPictureModelError extends AppError {
  constructor() {
    super("no-picture-model", 503, mediaJobTexts.noPictureModel);
  }
}

type AgentLook = { agentId: string; agentName: string; customModels: unknown; imagePrompt: string | null };

async function agentLook(sessionId: string): Promise<AgentLook> {
  const [row] = await prisma().$queryRaw<AgentLook[]>`
    SELECT a.id::text AS "agentId", a.name AS "agentName", a.custom_models AS "customModels",
           COALESCE(NULLIF(trim(a.image_prompt), ''), NULLIF(trim(c.image_prompt), '')) AS "imagePrompt"
    FROM chat_sessions s JOIN chat_agents a ON a.id = s.agent_id LEFT JOIN characters c ON c.id = a.character_id
    WHERE s.id = ${sessionId}::uuid`;
  return row!;
}

/** The agent's chosen model for the type (custom_models), else the heaviest published one of that type that can be called, of those `access` allows. */
export async function pictureModelFor(customModels: unknown, type: ChatPictureMode, access: ModelAccess) {
  const usable = (await listPublishedModels(access)).filter(
    (model) => model.modelType === type && (isPlatformConfigured(model.aiPlatform) || Boolean(model.apiKey)),
  );
  const chosen = customModelMap(customModels)[type];
  return usable.find((model) => model.chatModel === chosen) ?? usable[0] ?? null;
}

/** The settings for a single picture: one image where the model lets the number be chosen. */
export function onePictureSettings(model: { settings: unknown }): Record<string, string> {
  return parseModelSettings(model.settings).num_images?.some((option) => String(option) === "1") ? { num_images: "1" } : {};
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
 * Asks the session's character for a picture (image mode) or a video (video mode) of itself:
 * ChatNotFoundError (404) for someone else's session, InvalidInputError for blank text,
 * NoPictureModelError when no model of the type can be called, InsufficientTokensError (402)
 * before anything is saved or sent.
 */
export async function requestPictureInChat(
  userId: string,
  sessionId: string,
  text: string,
  mode: ChatPictureMode,
): Promise<StartedGeneration & { userMessageId: string; agentMessageId: string }> {
  const session = await getOwnSession(userId, sessionId);
  const request = text.trim();
  if (!request) throw new InvalidInputError(mediaJobTexts.emptyPrompt, { message: mediaJobTexts.emptyPrompt });
  const look = await agentLook(session.id);
  const model = await pictureModelFor(look.customModels, mode, await planPerksOf(userId));
  if (!model) throw new NoPictureModelError();
  const userMessageId = randomUUID();
  const agentMessageId = randomUUID();
  const chosen = { mode, selectedModel: model.chatModel, ai_platform: model.aiPlatform, model_id: model.modelId };
  const started = await startGeneration(
    {
      userId,
      modelId: model.chatModel,
      prompt: picturePrompt(look, request),
      settings: onePictureSettings(model),
      chatSessionId: session.id,
      characterId: session.characterId,
    },
    {
      chatMessageId: agentMessageId,
      withinStart: async (tx, job) => {
        const base = { sessionId: session.id, userId, mode };
        await saveMessage(tx, { ...base, id: userMessageId, senderType: "user", senderId: userId, text: request }, { ...chosen, message: request }, null);
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
}
