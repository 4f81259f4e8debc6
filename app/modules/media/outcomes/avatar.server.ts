import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import { removeOwnAvatar } from "~/modules/catalogue/character-editor.server";
import { logger } from "~/modules/logging/logger.server";
import { getObject, publicUrl, putObject, randomFileName } from "~/modules/storage/storage.server";
import type { Runner } from "~/modules/tokens/ledger.server";
import { NOW } from "../job-sql.server";
import type { StoredMedia } from "../results.server";
import { NOTHING_MORE, type JobOutcome } from "./outcome.server";

/**
 * A character's avatar drawn by a media job (avatar-jobs.server.ts starts it): its first picture,
 * cropped square, becomes the character's avatar in the completing transaction. The picture the
 * character no longer uses (the new one when it was not taken, else the one it replaced) goes
 * from storage after the transaction.
 */
export const avatarOutcome: JobOutcome = {
  async completing(job, stored) {
    const avatarUrl = await storeGeneratedAvatar(job, stored).catch((error: unknown) => {
      logger.warn({ err: error, jobId: job.id }, "could not make an avatar of a media result");
      return null;
    });
    const characterId = job.characterId;
    if (!avatarUrl || !characterId) return NOTHING_MORE;
    let avatar = { applied: false, replaced: null as string | null };
    return {
      completed: async (tx) => {
        avatar = await applyGeneratedAvatar(tx, { userId: job.userId, characterId }, avatarUrl);
      },
      after: (committed) => removeUnusedAvatar(characterId, committed && avatar.applied ? avatar.replaced : avatarUrl),
    };
  },
  ended: async () => {},
};

/** Before the job completes: its first picture, cropped to 512 px square, stored in the character's avatar folder. */
async function storeGeneratedAvatar(job: { characterId: string | null; setsAvatar: boolean }, stored: StoredMedia[]) {
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
async function applyGeneratedAvatar(tx: Runner, job: { userId: string; characterId: string }, avatarUrl: string) {
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
async function removeUnusedAvatar(characterId: string, avatarUrl: string | null) {
  await removeOwnAvatar(characterId, avatarUrl).catch((error: unknown) => logger.warn({ err: error, characterId }, "could not remove an avatar"));
}
