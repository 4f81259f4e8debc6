import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { storeChatAttachment } from "~/modules/chat/attachments.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { toggleFavorite } from "~/modules/favorites/favorites.server";
import { listObjects, publicUrl, putObject } from "~/modules/storage/storage.server";
import { createTicket } from "~/modules/support/tickets.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { settleReservation } from "~/modules/tokens/reservations.server";
import { addUpload } from "~/modules/uploads/uploads.server";
import { confirmedAccount } from "./accounts";
import { mediaJobReservation } from "./tokens";
import { person } from "./person";

/** A small PNG of one colour. */
export async function png(background = "#ec4899", size = 32) {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A person with something of every kind the app keeps: tokens claimed and spent, a chat with an
 * attachment, an upload, a generated picture (public, with its thumbnail and job), a favorite, a
 * private character and a published one (its picture in the person's own folder, as a card import
 * stores it, and edits held for review with a new picture), a ticket with a staff reply, a profile
 * picture, two signed-in devices and a Google link.
 */
export async function personWithEverything(email: string, password: string, characterId: string) {
  const user = await confirmedAccount(email, password);
  const userId = user.id;
  await claimMonthlyFreeTokens(userId);

  const sessionId = await startChat(userId, characterId);
  const attachment = await storeChatAttachment(userId, new File([new Uint8Array(await png("#111111"))], "holiday.png", { type: "image/png" }));
  await prisma().chatMessage.create({
    data: { sessionId, senderType: "user", senderId: userId, userId, message: "Look at my holiday", document: { uploadedFiles: [{ path: attachment.path }] } },
  });
  const agent = await prisma().chatAgent.findFirstOrThrow({ where: { userId } });
  await prisma().chatMessage.create({ data: { sessionId, senderType: "agent", senderId: agent.id, userId, message: "What a lovely beach!" } });

  const upload = await addUpload(userId, new File([new Uint8Array(await png("#222222"))], "cat.png", { type: "image/png" }));

  const reservation = await mediaJobReservation(userId, "image", 40);
  await settleReservation(reservation.id, 40);
  const job = await prisma().mediaJob.findFirstOrThrow({ where: { userId } });
  await prisma().mediaJob.update({ where: { id: job.id }, data: { status: "completed", finishedAt: new Date() } });
  const picture = await putObject("gallery", `${userId}/${job.requestId}-0.png`, await png("#333333", 64), "image/png");
  const thumbnail = await putObject("gallery", `${userId}/${job.requestId}-0-300.webp`, await png("#333333"), "image/webp");
  const image = await prisma().galleryImage.create({
    data: {
      userId,
      jobId: job.id,
      requestId: `${job.requestId}-0`,
      prompt: "a red fox in the snow",
      url: picture,
      storagePath: picture,
      thumbnailPath: thumbnail,
      isPublic: true,
    },
  });

  await toggleFavorite(userId, "character", characterId);

  const privateId = randomUUID();
  const privateAvatar = publicUrl("avatars", await putObject("avatars", `${privateId}/portrait.webp`, await png("#444444"), "image/webp"));
  await prisma().character.create({
    data: { id: privateId, name: "My Secret Friend", description: "Only mine", createdById: userId, avatarUrl: privateAvatar },
  });
  const publishedId = randomUUID();
  const importedAvatar = publicUrl("avatars", await putObject("avatars", `${userId}/card.webp`, await png("#555555"), "image/webp"));
  const heldAvatar = publicUrl("avatars", await putObject("avatars", `${publishedId}/held.webp`, await png("#666666"), "image/webp"));
  await prisma().character.create({
    data: {
      id: publishedId,
      name: "Public Pal",
      description: "Everyone's friend",
      createdById: userId,
      isPublished: true,
      avatarUrl: importedAvatar,
      pendingChanges: { name: "Public Pal 2", avatarUrl: heldAvatar },
      review: "submitted",
      submittedAt: new Date(),
    },
  });

  const ticket = await createTicket({ id: userId, email, name: user.name }, { topic: "Billing question", message: "Where is my receipt?" });
  const staff = await person({ email: `staff.${randomUUID()}@example.com`, role: "admin", confirmed: false });
  await prisma().ticketReply.create({
    data: { ticketId: ticket.id, replyUserId: staff.id, message: "It is on its way.", fromStaff: true, createdAt: new Date(Date.now() - 1000) },
  });
  await prisma().ticketReply.create({ data: { ticketId: ticket.id, replyUserId: userId, message: "Thank you!" } });

  const avatar = publicUrl("avatars", await putObject("avatars", `${userId}/me.webp`, await png("#777777"), "image/webp"));
  await prisma().user.update({ where: { id: userId }, data: { avatarUrl: avatar, name: "Ada Lovelace" } });
  await prisma().oAuthAccount.create({ data: { userId, provider: "google", providerAccountId: `g-${userId}` } });
  const cookies = [];
  for (let device = 0; device < 2; device += 1) cookies.push((await startLoginSession(userId, new Request("http://localhost/"), null)).split(";")[0]!);

  return { userId, cookies, sessionId, attachment, upload, image, picture, thumbnail, ticket, privateId, publishedId, importedAvatar, heldAvatar };
}

/** Every stored object of the person's own folders, bucket by bucket. */
export async function storedFilesOf(userId: string, characterIds: string[] = []) {
  const folders: [Parameters<typeof listObjects>[0], string][] = [
    ["chats", userId],
    ["uploads", userId],
    ["gallery", userId],
    ["avatars", userId],
    ...characterIds.map((id): [Parameters<typeof listObjects>[0], string] => ["avatars", id]),
  ];
  const listed = await Promise.all(folders.map(async ([bucket, folder]) => (await listObjects(bucket, folder)).map((entry) => `${bucket}/${entry.path}`)));
  return listed.flat().sort();
}

/** Adds minus deducts over every account's transactions, against its balance: the accounts whose figures differ. */
export async function ledgerMismatches() {
  return prisma().$queryRaw<{ userId: string }[]>`
    SELECT b.user_id::text AS "userId"
    FROM token_balances b
    LEFT JOIN (SELECT user_id,
                      SUM(CASE WHEN token_type = 'free' THEN (CASE transaction_type WHEN 'add' THEN amount ELSE -amount END) ELSE 0 END) AS free,
                      SUM(CASE WHEN token_type = 'purchased' THEN (CASE transaction_type WHEN 'add' THEN amount ELSE -amount END) ELSE 0 END) AS purchased
               FROM token_transactions GROUP BY user_id) t ON t.user_id = b.user_id
    WHERE COALESCE(t.free, 0) <> b.balance_free OR COALESCE(t.purchased, 0) <> b.balance_purchased`;
}

/** The rows of the person's in every table that holds what they made. */
export async function rowsOf(userId: string) {
  const db = prisma();
  const where = { userId };
  return {
    chats: await db.chatSession.count({ where }),
    messages: await db.chatMessage.count({ where }),
    agents: await db.chatAgent.count({ where }),
    uploads: await db.upload.count({ where }),
    media: await db.galleryImage.count({ where }),
    jobs: await db.mediaJob.count({ where }),
    favorites: await db.favorite.count({ where }),
    privateCharacters: await db.character.count({ where: { createdById: userId, isPublished: false } }),
    tickets: await db.ticket.count({ where }),
    ticketReplies: await db.ticketReply.count({ where: { ticket: { userId } } }),
    loginSessions: await db.loginSession.count({ where }),
    googleLinks: await db.oAuthAccount.count({ where }),
  };
}
