import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { prisma } from "~/modules/db/db.server";
import { putObject, publicUrl, randomFileName } from "~/modules/storage/storage.server";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);

export async function updateDisplayName(userId: string, name: string) {
  await prisma().user.update({ where: { id: userId }, data: { name } });
}

export class AvatarRejected extends Error {}

/**
 * Stores a picture at avatars/{userId}/{random}.webp and answers its URL. The bytes must be an
 * image whatever the file is called; it is re-encoded, which also drops metadata such as GPS tags.
 */
export async function storeAvatarImage(userId: string, file: File) {
  if (file.size === 0 || file.size > AVATAR_MAX_BYTES) throw new AvatarRejected("Choose an image up to 5 MB");
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new AvatarRejected("Only images can be used as an avatar");
  let image: Buffer;
  try {
    image = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(512, 512, { fit: "cover" }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw new AvatarRejected("Only images can be used as an avatar");
  }
  const path = await putObject("avatars", `${userId}/${randomFileName("avatar.webp")}`, image, "image/webp");
  return publicUrl("avatars", path);
}

/** A new profile picture for the person (dashboard settings). */
export async function replaceAvatar(userId: string, file: File) {
  const avatarUrl = await storeAvatarImage(userId, file);
  await prisma().user.update({ where: { id: userId }, data: { avatarUrl } });
  return avatarUrl;
}
