import { ownCharacterTexts } from "~/lib/own-characters";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { NoPictureModelError, onePictureSettings, pictureModelFor } from "./picture-models.server";
import { checkGeneration, quoteGeneration, startGeneration, type StartedGeneration } from "./generation.server";

/**
 * A character's avatar drawn from its appearance (its image prompt) by an image model: a media
 * job like any other (paid through the same hold, settle and release), marked `sets_avatar`. When
 * it completes, its first picture, cropped square, becomes the character's avatar in the same
 * transaction (outcomes/avatar.server.ts); a published character holds it for review like its
 * owner's other edits.
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
