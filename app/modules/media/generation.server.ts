import { randomUUID } from "node:crypto";
import { parseModelSettings } from "~/lib/documents/model-settings";
import { MEDIA_TYPES, mediaJobTexts } from "~/lib/media-jobs";
import { mediaPrice, readMediaSettings } from "~/lib/media-pricing";
import { ProviderNotConfiguredError } from "~/modules/ai/providers/errors.server";
import { mediaProviderFor } from "~/modules/ai/providers/registry.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, InvalidInputError, NotFoundError } from "~/modules/http/errors.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { planPerksOf, type PlanPerks } from "~/modules/payments/plan-perks.server";
import { outOfTokensOffer } from "~/modules/tokens/free-tokens.server";
import { getBalance, InsufficientTokensError, type Runner } from "~/modules/tokens/ledger.server";
import { holdReservation, LONG_RESERVATION_TTL_SECONDS, releaseReservation } from "~/modules/tokens/reservations.server";
import { mediaJobNotifySql } from "./events.server";
import { NOW } from "./job-sql.server";
import { wakeMediaWorker } from "./worker-signal.server";

/**
 * Media generation as durable jobs (decision 018). Starting one checks the model, the settings
 * and the person's upload, holds the tokens (cost_tokens × units) before any provider is called,
 * and records a queued job; a worker on any instance claims it, submits it, and finishes it when
 * the provider has (webhook or poll). The held tokens are settled once for what was produced, or
 * released on failure, cancel or timeout. Every change is announced on the person's live feed.
 */

/** The model was found but cannot be called from here (its platform has no key): 503. */
export class MediaModelUnavailableError extends AppError {
  constructor() {
    super("model-unavailable", 503, mediaJobTexts.notConfigured);
  }
}

/**
 * How long a job may wait for its turn (claims.server.ts): under the lifetime of its held tokens, so a job that waited
 * too long is given up (timed out, tokens back) before the reservation sweep would release them.
 */
export const MEDIA_JOB_MAX_WAIT_SECONDS = LONG_RESERVATION_TTL_SECONDS / 2;

export type StartGenerationInput = {
  userId: string;
  /** the chat model's id or its name (chat_model) */
  modelId: string;
  prompt: string;
  /** the chosen settings as submitted (form text, one per setting), read against the model's settings */
  settings: Record<string, string | undefined>;
  sourceUploadId?: string | null;
  chatSessionId?: string | null;
  characterId?: string | null;
  /** the first picture becomes the avatar of `characterId` (avatar-jobs.server.ts) */
  setsAvatar?: boolean;
  /** the person's plan perks, when the caller has read them already (else read here) */
  perks?: PlanPerks;
};

export type StartedGeneration = { jobId: string; requestId: string; costTokens: number };

type MediaModel = NonNullable<Awaited<ReturnType<typeof findMediaModel>>>;

/**
 * A published image, video, audio or music model, by id or name, that `access` allows: an
 * early-access model is unknown to a person whose plan lacks early access (docs/plans.md).
 */
export async function findMediaModel(modelId: string, access: ModelAccess) {
  const where = isUuid(modelId) ? { id: modelId } : { chatModel: modelId };
  const model = await prisma().chatModel.findFirst({ where: { ...where, isPublished: true, ...(access.earlyAccess ? {} : { earlyAccess: false }) } });
  return model && (MEDIA_TYPES as readonly string[]).includes(model.modelType) ? model : null;
}

function connectionOf(model: MediaModel) {
  return { aiPlatform: model.aiPlatform, modelType: model.modelType, modelId: model.modelId, apiUrl: model.apiUrl, apiKey: model.apiKey, isStream: false };
}

/** Checks a request and prices it, before anything is held: the model, its provider, the settings, the person's upload. */
async function prepareGeneration(input: StartGenerationInput) {
  const prompt = input.prompt.trim();
  if (!prompt && !input.sourceUploadId) throw new InvalidInputError(mediaJobTexts.emptyPrompt, { prompt: mediaJobTexts.emptyPrompt });
  const perks = input.perks ?? (await planPerksOf(input.userId));
  const model = await findMediaModel(input.modelId, perks);
  if (!model) throw new InvalidInputError(mediaJobTexts.noModel, { model: mediaJobTexts.noModel });
  try {
    mediaProviderFor(connectionOf(model));
  } catch (error) {
    if (error instanceof ProviderNotConfiguredError) throw new MediaModelUnavailableError();
    throw error;
  }
  const reading = readMediaSettings(parseModelSettings(model.settings), input.settings);
  if (!reading.ok) throw new InvalidInputError(reading.error, { [reading.field]: reading.error });
  if (input.sourceUploadId) {
    const owned = isUuid(input.sourceUploadId) && (await prisma().upload.count({ where: { id: input.sourceUploadId, userId: input.userId } })) > 0;
    if (!owned) throw new NotFoundError("Upload not found");
  }
  const costTokens = mediaPrice(model.costTokens, model.costUnit, reading.settings);
  return { prompt, model, settings: reading.settings, costTokens, perks };
}

/**
 * What a generation would cost, checked as `startGeneration` checks it (400 for an empty prompt, an
 * unknown model or settings; 503 for a model that cannot be called), without holding anything.
 */
export async function quoteGeneration(input: Omit<StartGenerationInput, "sourceUploadId">) {
  const { model, costTokens } = await prepareGeneration(input);
  return { model: model.chatModel, costTokens };
}

/**
 * Checks before other writes that `startGeneration` would start: the same refusals as
 * `quoteGeneration`, and InsufficientTokensError (402) when the balance is short now. Nothing is
 * held: the start holds the tokens, and may still be refused if they were spent meanwhile.
 */
export async function checkGeneration(input: Omit<StartGenerationInput, "sourceUploadId">) {
  const quote = await quoteGeneration(input);
  const balance = await getBalance(input.userId);
  if (quote.costTokens > balance.total) throw await insufficientTokens(input.userId, new InsufficientTokensError(quote.costTokens, balance));
  return quote;
}

/** A refusal that says what the person can do: claim, buy, or when the next free tokens come. */
async function insufficientTokens(userId: string, error: InsufficientTokensError) {
  return new InsufficientTokensError(error.cost, error.balance, undefined, await outOfTokensOffer(userId));
}

/** Holds a job's tokens. */
async function holdJobTokens(userId: string, jobId: string, cost: number, model: MediaModel) {
  if (cost < 1) return null;
  try {
    const description = `${capitalised(model.modelType)} with ${model.chatModel}`;
    return (await holdReservation(userId, cost, { purpose: "media_job", description, referenceId: jobId })).id;
  } catch (error) {
    if (!(error instanceof InsufficientTokensError)) throw error;
    throw await insufficientTokens(userId, error);
  }
}

function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Starts a generation: InvalidInputError (400) for an empty prompt without a file, an unknown
 * model or a setting outside its options; NotFoundError for an upload that is not the person's;
 * InsufficientTokensError (402) when the balance does not cover the price, before any provider
 * is called. `withinStart` runs in the transaction that records the job (a chat request saves its
 * messages there), so the worker never sees a job without them.
 */
export async function startGeneration(
  input: StartGenerationInput,
  { chatMessageId = null, withinStart }: { chatMessageId?: string | null; withinStart?: (tx: Runner, job: StartedGeneration) => Promise<void> } = {},
): Promise<StartedGeneration> {
  const { prompt, model, settings, costTokens, perks } = await prepareGeneration(input);
  const jobId = randomUUID();
  const started = { jobId, requestId: jobId, costTokens };
  const reservationId = await holdJobTokens(input.userId, jobId, costTokens, model);
  try {
    await prisma().$transaction(async (tx) => {
      // Until a worker takes it, the deadline is how long it may wait; from then on, how long it may run (claims.server.ts).
      await tx.$executeRaw`
        INSERT INTO media_jobs (id, user_id, request_id, mode, chat_model, ai_platform, model_id, cost_unit, unit_cost, prompt, settings,
                                cost_tokens, reservation_id, status, next_check_at, deadline_at, source_upload_id, chat_session_id,
                                chat_message_id, character_id, sets_avatar, priority, created_at, updated_at)
        VALUES (${jobId}::uuid, ${input.userId}::uuid, ${jobId}, ${model.modelType}, ${model.chatModel}, ${model.aiPlatform}, ${model.modelId},
                ${model.costUnit}, ${model.costTokens}, ${prompt}, ${JSON.stringify(settings)}::jsonb, ${costTokens}, ${reservationId}::uuid, 'queued',
                ${NOW}, ${NOW} + ${MEDIA_JOB_MAX_WAIT_SECONDS} * interval '1 second', ${input.sourceUploadId ?? null}::uuid,
                ${input.chatSessionId ?? null}::uuid, ${chatMessageId}::uuid, ${input.characterId ?? null}::uuid, ${input.setsAvatar ?? false},
                ${perks.priority}, ${NOW}, ${NOW})`;
      if (withinStart) await withinStart(tx, started);
      await tx.$queryRaw(mediaJobNotifySql(input.userId, jobId, "queued", input.chatSessionId ?? null));
    });
  } catch (error) {
    if (reservationId) await releaseReservation(reservationId).catch(() => {});
    throw error;
  }
  wakeMediaWorker();
  return started;
}
