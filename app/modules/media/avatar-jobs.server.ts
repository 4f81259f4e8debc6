import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import { ownCharacterTexts } from "~/lib/own-characters";
import { removeOwnAvatar } from "~/modules/catalogue/character-editor.server";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { getObject, publicUrl, putObject, randomFileName } from "~/modules/storage/storage.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { NoPictureModelError, onePictureSettings, pictureModelFor } from "./chat-pictures.server";
import { checkGeneration, quoteGeneration, startGeneration, type StartedGeneration } from "./generation.server";
import { NOW } from "./job-sql.server";
import type { StoredMedia } from "./results.server";

/**
 * A character's avatar drawn from its appearance (its image prompt) by an image model: a media
 * job like any other (paid through the same hold, settle and release), marked `sets_avatar`. When
 * it completes, its first picture, cropped square, becomes the character's avatar in the same
 * transaction; a published character holds it for review like its owner's other edits.
 */

/** The image model that draws a character: its own image custom model if it has one, else the heaviest published one the person's plan offers; one picture. */
async function avatarModel(userId: string, customModels: unknown) {
  const model = await pictureModelFor(customModels ?? [], "image", await planPerksOf(userId));
  return model && { modelId: model.chatModel, settings: onePictureSettings(model) };
}

async function avatarRequest(userId: string, look: { imagePrompt: string; customModels?: unknown }) {
  const prompt = look.imagePrompt.trim();
  if (!prompt) throw new InvalidInputError(ownCharacterTexts.avatarNeedsAppearance, { imagePrompt: ownCharacterTexts.avatarNeedsAppearance });
  const model = await avatarModel(userId, look.customModels);
  if (!model) throw new NoPictureModelError();
  return { userId, prompt, ...model };
}

/** The model and price shown beside "Generate the avatar" (see avatarModel); null when none can be called. */
export async function avatarGenerationOffer(userId: string, customModels: unknown = []): Promise<{ model: string; costTokens: number } | null> {
  const model = await avatarModel(userId, customModels);
  return model && quoteGeneration({ userId, prompt: "avatar", ...model }).catch(() => null);
}

/**
 * Checks, before the character is saved, that its avatar can be generated: an appearance
 * (InvalidInputError on the image prompt), a model (NoPictureModelError, 503) and enough tokens
 * (InsufficientTokensError, 402). The job itself holds the tokens when it starts.
 */
export async function checkAvatarGeneration(userId: string, look: { imagePrompt: string; customModels?: unknown }) {
  await checkGeneration(await avatarRequest(userId, look));
}

/** Starts the job that draws the character's avatar (the caller has checked the character is the person's own). */
export async function generateCharacterAvatar(
  userId: string,
  character: { id: string; imagePrompt: string; customModels?: unknown },
): Promise<StartedGeneration> {
  const request = await avatarRequest(userId, character);
  return startGeneration({ ...request, characterId: character.id, setsAvatar: true });
}

/** The characters of the person whose avatar is being drawn, and the last drawing that failed, by character id. */
export async function avatarJobsOf(userId: string) {
  const rows = await prisma().$queryRaw<{ characterId: string; status: string; error: string | null }[]>`
    SELECT DISTINCT ON (character_id) character_id::text AS "characterId", status::text AS status, error
    FROM media_jobs WHERE user_id = ${userId}::uuid AND sets_avatar AND character_id IS NOT NULL
    ORDER BY character_id, created_at DESC`;
  return new Map(
    rows.map((row) => [
      row.characterId,
      { generating: row.status === "queued" || row.status === "submitted", failed: row.status === "failed" || row.status === "cancelled" ? row.error : null },
    ]),
  );
}

/** In the worker, before the job completes: its first picture, cropped to 512 px square, stored in the character's avatar folder. */
export async function storeGeneratedAvatar(job: { characterId: string | null; setsAvatar: boolean }, stored: StoredMedia[]) {
  const picture = stored.find((item) => item.mediaType === "image");
  if (!job.setsAvatar || !job.characterId || !picture) return null;
  const object = await getObject("gallery", picture.path);
  if (!object) return null;
  const image = await sharp(object.body, { limitInputPixels: IMAGE_MAX_PIXELS }).resize(512, 512, { fit: "cover" }).webp({ quality: 85 }).toBuffer();
  const path = await putObject("avatars", `${job.characterId}/${randomFileName("avatar.webp")}`, image, "image/webp");
  return publicUrl("avatars", path);
}

/**
 * In the completing transaction: the person's character takes the avatar. A private one shows it
 * at once; a published one holds it with the owner's other edits and waits for review. Answers
 * whether it was taken (the character may have been deleted meanwhile) and the avatar it replaces.
 */
export async function applyGeneratedAvatar(tx: Runner, job: { userId: string; characterId: string }, avatarUrl: string) {
  const [row] = await tx.$queryRaw<{ replaced: string | null }[]>`
    WITH before AS (
      SELECT id, is_published, avatar_url, pending_changes->>'avatarUrl' AS held
      FROM characters WHERE id = ${job.characterId}::uuid AND created_by_id = ${job.userId}::uuid FOR UPDATE
    )
    UPDATE characters c SET
      avatar_url = CASE WHEN before.is_published THEN c.avatar_url ELSE ${avatarUrl} END,
      pending_changes = CASE WHEN before.is_published
        THEN COALESCE(c.pending_changes, '{}'::jsonb) || jsonb_build_object('avatarUrl', ${avatarUrl}::text) ELSE c.pending_changes END,
      review = CASE WHEN before.is_published THEN 'submitted'::"CharacterReview" ELSE c.review END,
      submitted_at = CASE WHEN before.is_published THEN ${NOW} ELSE c.submitted_at END,
      review_note = CASE WHEN before.is_published THEN NULL ELSE c.review_note END,
      updated_at = ${NOW}
    FROM before WHERE c.id = before.id
    RETURNING CASE WHEN before.is_published THEN NULLIF(before.held, before.avatar_url) ELSE before.avatar_url END AS replaced`;
  return { applied: row !== undefined, replaced: row?.replaced ?? null };
}

/** After the transaction: the picture no longer used goes from storage (only ever one in the character's own folder). */
export async function removeUnusedAvatar(characterId: string, avatarUrl: string | null) {
  await removeOwnAvatar(characterId, avatarUrl).catch((error: unknown) => logger.warn({ err: error, characterId }, "could not remove an avatar"));
}
