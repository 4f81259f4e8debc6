import { chatModeTexts } from "~/lib/chat-modes";
import { chooseChatModel } from "~/modules/chat/model-choice.server";
import { prepareReply, ReplyFailedError, runReply } from "~/modules/chat/reply.server";
import { storeFormFiles } from "~/modules/chat/attachments.server";
import { getOwnSession } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { requireChatRequestInPlan } from "~/modules/payments/chat-requests.server";
import { outOfTokensOffer } from "~/modules/tokens/free-tokens.server";
import { getBalance, InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { NoPictureModelError, pictureModelFor } from "./picture-models.server";
import { chatMessageNotifySql } from "./events.server";
import { quoteGeneration, startGeneration, type StartedGeneration } from "./generation.server";

/**
 * A voice note in chat ("Send me a voice note", decision 034): the character answers as in a chat
 * reply, and its audio model (the agent's choice, else the heaviest callable one) speaks the
 * answer into a sound that fills the reply in live. Two paid calls, each through the one paid-call
 * path: the reply (its reservation, settled when saved) and the sound (a media job's hold).
 */

/** What the sound is made from at most: a reply longer than this is spoken up to here. */
const SPOKEN_MAX_CHARS = 2000;

type VoiceAgent = { customModels: unknown; document: unknown; characterChatModel: string | null };

async function voiceAgent(sessionId: string): Promise<VoiceAgent> {
  const [row] = await prisma().$queryRaw<VoiceAgent[]>`
    SELECT a.custom_models AS "customModels", a.document, c.chat_model AS "characterChatModel"
    FROM chat_sessions s JOIN chat_agents a ON a.id = s.agent_id JOIN characters c ON c.id = a.character_id
    WHERE s.id = ${sessionId}::uuid`;
  return row!;
}

/**
 * Asks the session's character for a voice note: ChatNotFoundError (404) for someone else's
 * session, NotInPlanError (403) when the person's plan leaves voice notes out, NoPictureModelError
 * (503) without an audio model, InsufficientTokensError (402) when the balance does not cover the
 * reply and the sound together: each before anything is saved, spent or sent. Then the reply is
 * written (ReplyFailedError, 502, when none comes: the person's message stays, the tokens go back)
 * and its sound started; the reply shows Generating... until the sound fills it in.
 */
export async function requestVoiceNote(
  userId: string,
  sessionId: string,
  { text, attachments = [], files = [] }: { text: string; attachments?: string[]; files?: File[] },
): Promise<StartedGeneration & { replyMessageId: string }> {
  const session = await getOwnSession(userId, sessionId);
  const perks = await requireChatRequestInPlan(userId, "voice");
  const agent = await voiceAgent(session.id);
  const voice = await pictureModelFor(agent.customModels, "audio", perks);
  if (!voice) throw new NoPictureModelError(chatModeTexts.noVoiceModel);
  const [writer, sound, balance] = await Promise.all([
    chooseChatModel(agent, perks),
    quoteGeneration({ userId, modelId: voice.chatModel, prompt: "A voice note", settings: {}, perks }),
    getBalance(userId),
  ]);
  const cost = (writer?.costTokens ?? 0) + sound.costTokens;
  if (cost > balance.total) throw new InsufficientTokensError(cost, balance, undefined, await outOfTokensOffer(userId));

  const stored = [...attachments, ...(await storeFormFiles(userId, files))];
  const prepared = await prepareReply({ userId }, session.id, { text, attachments: stored, mode: "voice" });
  const outcome = await runReply(prepared, {});
  if (outcome.status === "failed") throw new ReplyFailedError(outcome.error);
  if (!outcome.message) throw new ReplyFailedError(chatModeTexts.noVoiceModel);
  const reply = outcome.message;
  const started = await startGeneration(
    {
      userId,
      modelId: voice.chatModel,
      prompt: reply.message.slice(0, SPOKEN_MAX_CHARS),
      settings: {},
      chatSessionId: session.id,
      perks,
      characterId: session.characterId,
    },
    {
      chatMessageId: reply.id,
      withinStart: async (tx, job) => {
        await tx.$queryRaw`
          UPDATE chat_messages
          SET media_job_id = ${job.jobId}::uuid,
              document = document || jsonb_build_object('isGenerating', true, 'request_id', ${job.requestId}::text)
          WHERE id = ${reply.id}::uuid AND user_id = ${userId}::uuid
          RETURNING id`;
        await tx.$queryRaw(chatMessageNotifySql(userId, session.id, reply.id));
      },
    },
  );
  return { ...started, replyMessageId: reply.id };
}
