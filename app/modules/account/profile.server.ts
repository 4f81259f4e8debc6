import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { storeAvatarImage } from "~/modules/storage/images.server";
import { removeObject } from "~/modules/storage/storage.server";

/** Avatar uploads per person: each one decodes and re-encodes a picture and stores a file. */
export const AVATAR_UPLOADS: RateLimitRule = { limit: 20, windowSeconds: 3600 };

export async function updateDisplayName(userId: string, name: string) {
  await prisma().user.update({ where: { id: userId }, data: { name } });
}

/**
 * A new profile picture for the person (dashboard settings), counted against AVATAR_UPLOADS
 * (RateLimitedError once used up); ImageRejectedError when the file is not a usable image. The
 * picture it replaces is deleted when it is one this app stored for the person.
 */
export async function replaceAvatar(userId: string, file: File) {
  const counted = await recordAttempt(`avatar-upload:user:${userId}`, AVATAR_UPLOADS);
  if (counted.limited) throw new RateLimitedError(tooManyAvatarUploads(counted.retryAfterSeconds), counted.retryAfterSeconds, "too-many-avatar-uploads");
  const avatarUrl = await storeAvatarImage(userId, file);
  // One statement swaps the URL and answers the one it replaced, so concurrent uploads each delete a different old file.
  const [replaced] = await prisma().$queryRaw<{ previous: string | null }[]>`
    UPDATE users SET avatar_url = ${avatarUrl}, updated_at = ${sqlNow}
    FROM (SELECT id, avatar_url AS previous FROM users WHERE id = ${userId}::uuid FOR UPDATE) AS old
    WHERE users.id = old.id
    RETURNING old.previous`;
  const stored = replaced?.previous ? ownStoredAvatar(userId, replaced.previous) : null;
  if (stored) await removeObject("avatars", stored);
  return avatarUrl;
}

/** When the person's account was created: the dashboard's "member since". */
export async function memberSince(userId: string) {
  const { createdAt } = await prisma().user.findUniqueOrThrow({ where: { id: userId }, select: { createdAt: true } });
  return createdAt;
}

function tooManyAvatarUploads(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // Two whole sentences, so each is found in the catalogue by its English text.
  return minutes === 1
    ? "You have changed your avatar too often. Please try again in 1 minute."
    : `You have changed your avatar too often. Please try again in ${minutes} minutes.`;
}

/**
 * The object path of an avatar URL when it is the app's own stored picture of this person
 * (`/storage/avatars/{userId}/{file}`); null for anything else (the default picture, a Google
 * picture, someone else's file), which is never deleted.
 */
function ownStoredAvatar(userId: string, url: string) {
  const prefix = `/storage/avatars/${userId}/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  // The app's own names are random hex with an extension (randomFileName): nothing to decode.
  return /^[0-9a-z]+\.[0-9a-z]+$/.test(name) ? `${userId}/${name}` : null;
}
