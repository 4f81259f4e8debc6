import { prisma } from "~/modules/db/db.server";
import { storeAvatarImage } from "~/modules/storage/images.server";

export async function updateDisplayName(userId: string, name: string) {
  await prisma().user.update({ where: { id: userId }, data: { name } });
}

/** A new profile picture for the person (dashboard settings); ImageRejectedError when the file is not a usable image. */
export async function replaceAvatar(userId: string, file: File) {
  const avatarUrl = await storeAvatarImage(userId, file);
  await prisma().user.update({ where: { id: userId }, data: { avatarUrl } });
  return avatarUrl;
}

/** When the person's account was created: the dashboard's "member since". */
export async function memberSince(userId: string) {
  const { createdAt } = await prisma().user.findUniqueOrThrow({ where: { id: userId }, select: { createdAt: true } });
  return createdAt;
}
