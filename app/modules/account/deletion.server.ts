import { Prisma } from "~/generated/prisma/client";
import { accountTexts } from "~/lib/account";
import { adminUserTexts, deletedEmailFor, isDeletedEmail } from "~/lib/admin-users";
import { signUpLimitKey } from "~/modules/auth/accounts.server";
import { confirmOwnPassword, forgetPasswordChecks } from "~/modules/auth/password-change.server";
import { resetLimitKey } from "~/modules/auth/password-reset.server";
import { clearSignInFailures } from "~/modules/auth/sign-in.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, ensureFound, InvalidInputError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { cancelGeneration } from "~/modules/media/jobs.server";
import { endSubscriptionNow } from "~/modules/payments/subscriptions.server";
import { clearLimit } from "~/modules/security/rate-limit.server";
import { removeScheduledFiles, scheduleFileRemovals, type FileRemovalEntry } from "~/modules/storage/removals.server";
import { ReservationClosedError, releaseReservation } from "~/modules/tokens/reservations.server";

/**
 * Deleting an account (docs/accounts.md, decision 035), by its owner from Settings or by an admin.
 * What the person made goes: chats and messages, agents, uploads, generated media and its jobs,
 * favorites, unpublished characters, tickets, login sessions and sign-in links, and every stored
 * file of theirs. The user row stays as a tombstone (an address nobody can receive, no name,
 * picture or password), so the token ledger, reservations and payments keep their owner and add up
 * as before; published characters stay, credited to the tombstone ("Deleted account").
 *
 * The rows go in one transaction that also records which files to remove; the files go after it
 * commits (storage/removals.server.ts), so a crash at any point leaves no row naming a missing file,
 * and the sweep finishes a removal a crash interrupted.
 */

type Tx = Prisma.TransactionClient;

/** The subscription could not be cancelled at Stripe: nothing was deleted (503, try again). */
export class SubscriptionNotEndedError extends AppError {
  constructor(cause: unknown) {
    super("subscription-not-ended", 503, accountTexts.subscriptionNotEnded, { headers: { "Retry-After": "30" }, cause });
  }
}

export type ErasureOptions = {
  /** The refusal for an admin account (the console and Settings word it for their reader). */
  adminRefusal: string;
  /** More work in the same transaction (the admin console's audit row). */
  alsoInTransaction?: (tx: Tx) => Promise<void>;
};

/** The account as deletion needs it; NotFoundError when there is none, InvalidInputError when it cannot be deleted. */
async function erasableAccount(db: Pick<Tx, "user">, userId: string, adminRefusal: string) {
  ensureFound(isUuid(userId), "User not found");
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, role: true } });
  ensureFound(user, "User not found");
  if (isDeletedEmail(user.email)) throw new InvalidInputError(adminUserTexts.deletedAccount);
  if (user.role === "admin") throw new InvalidInputError(adminRefusal);
  return user;
}

/**
 * Deletes the account's data as described above. Before the transaction, what lives outside the
 * database stops: a live subscription is cancelled at Stripe (SubscriptionNotEndedError if Stripe
 * cannot be reached, and nothing is deleted), and running media jobs are cancelled, their tokens
 * given back.
 */
export async function eraseAccount(userId: string, { adminRefusal, alsoInTransaction }: ErasureOptions) {
  await erasableAccount(prisma(), userId, adminRefusal);
  try {
    await endSubscriptionNow(userId);
  } catch (error) {
    throw new SubscriptionNotEndedError(error);
  }
  const running = await prisma().mediaJob.findMany({ where: { userId, status: { in: ["queued", "submitted"] } }, select: { id: true } });
  for (const job of running) await cancelGeneration(userId, job.id);

  const { email, removals } = await prisma().$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
      const account = await erasableAccount(tx, userId, adminRefusal);
      await releaseJobsStartedMeanwhile(tx, userId);
      const files = await removeRows(tx, userId);
      await tx.user.update({
        where: { id: userId },
        data: { email: deletedEmailFor(userId), name: null, avatarUrl: null, passwordHash: null, status: "inactive", lastActiveAt: null },
      });
      await alsoInTransaction?.(tx);
      return { email: account.email, removals: await scheduleFileRemovals(tx, files) };
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
  await removeScheduledFiles(removals);
  await forgetLimitsOf(userId, email);
  logger.info({ userId }, "account deleted");
}

/**
 * Settings' Delete account: the person confirms with their password, or, for an account without one
 * (Google sign-in only), by typing its e-mail address (decision 035).
 */
export async function deleteOwnAccount(userId: string, confirmation: string) {
  const account = await prisma().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
  // A second request of the same deletion, which found the account already gone: said as it is.
  if (isDeletedEmail(account.email)) throw new InvalidInputError(adminUserTexts.deletedAccount);
  if (account.passwordHash) {
    if (!confirmation) throw new InvalidInputError(accountTexts.passwordRequired, { confirmation: accountTexts.passwordRequired });
    await confirmOwnPassword(userId, confirmation, "confirmation");
  } else {
    const typed = confirmation.trim().toLowerCase();
    const text = typed ? accountTexts.emailMismatch : accountTexts.emailRequired;
    if (typed !== account.email) throw new InvalidInputError(text, { confirmation: text });
  }
  await eraseAccount(userId, { adminRefusal: accountTexts.adminAccount });
}

/** A job started between the cancel above and the lock (a request already under way): its tokens come back here. */
async function releaseJobsStartedMeanwhile(tx: Tx, userId: string) {
  const jobs = await tx.mediaJob.findMany({ where: { userId, status: { in: ["queued", "submitted"] }, reservationId: { not: null } } });
  for (const job of jobs) {
    await releaseReservation(job.reservationId!, tx).catch((error: unknown) => {
      if (!(error instanceof ReservationClosedError)) throw error;
    });
  }
}

const AVATARS = "/storage/avatars/";

/** An app link to a picture in the avatars bucket, as its path there; null for any other picture. */
function avatarPath(url: unknown) {
  if (typeof url !== "string" || !url.startsWith(AVATARS)) return null;
  try {
    return url.slice(AVATARS.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
}

/** Deletes the person's rows; answers the files they leave behind. */
async function removeRows(tx: Tx, userId: string): Promise<FileRemovalEntry[]> {
  const files: FileRemovalEntry[] = [
    { bucket: "chats", path: userId, folder: true },
    { bucket: "uploads", path: userId, folder: true },
    { bucket: "gallery", path: userId, folder: true },
  ];
  // Rows from before the folders were per person name their own paths.
  const inOwnFolder = (path: string | null) => !path || path.startsWith(`${userId}/`);
  for (const upload of await tx.upload.findMany({ where: { userId }, select: { privatePath: true } })) {
    if (!inOwnFolder(upload.privatePath)) files.push({ bucket: "uploads", path: upload.privatePath });
  }
  for (const item of await tx.galleryImage.findMany({ where: { userId }, select: { storagePath: true, thumbnailPath: true } })) {
    for (const path of [item.storagePath, item.thumbnailPath]) if (path && !inOwnFolder(path)) files.push({ bucket: "gallery", path });
  }

  const own = await tx.character.findMany({ where: { createdById: userId }, select: { id: true, isPublished: true, avatarUrl: true, pendingChanges: true } });
  const unpublished = own.filter((character) => !character.isPublished).map((character) => character.id);
  for (const id of unpublished) files.push({ bucket: "avatars", path: id, folder: true });
  // A published character's held edits go unreviewed, and a new picture held with them goes too.
  for (const character of own.filter((candidate) => candidate.isPublished && candidate.pendingChanges !== null)) {
    const held = avatarPath((character.pendingChanges as Prisma.JsonObject).avatarUrl);
    if (held && held !== avatarPath(character.avatarUrl) && held.startsWith(`${character.id}/`)) files.push({ bucket: "avatars", path: held });
  }
  const agentIds = (await tx.chatAgent.findMany({ where: { userId }, select: { id: true } })).map((agent) => agent.id);

  await tx.chatMessage.deleteMany({ where: { userId } });
  await tx.chatSession.deleteMany({ where: { userId } });
  await tx.chatAgent.deleteMany({ where: { userId } });
  await tx.galleryImage.deleteMany({ where: { userId } });
  await tx.mediaJob.deleteMany({ where: { userId } });
  await tx.upload.deleteMany({ where: { userId } });
  await tx.favorite.deleteMany({
    where: { OR: [{ userId }, { itemType: "character", itemId: { in: unpublished } }, { itemType: "agent", itemId: { in: agentIds } }] },
  });
  await tx.ticket.deleteMany({ where: { userId } });
  // Others' chats with a character that was never public (or was taken down) go with it, as when its owner deletes it.
  await tx.character.deleteMany({ where: { id: { in: unpublished } } });
  await tx.character.updateMany({
    where: { createdById: userId, isPublished: true },
    data: { pendingChanges: Prisma.DbNull, review: "none", reviewNote: null, submittedAt: null },
  });
  await tx.loginSession.deleteMany({ where: { userId } });
  await tx.oAuthAccount.deleteMany({ where: { userId } });
  await tx.verificationToken.deleteMany({ where: { userId } });

  // The person's picture folder goes, but for pictures still shown: a published character's
  // (a card imported with its picture keeps it there), and other people's agents copied from one.
  const prefix = `${AVATARS}${userId}/%`;
  const shown = await tx.$queryRaw<{ url: string }[]>`
    SELECT avatar_url AS url FROM characters WHERE avatar_url LIKE ${prefix}
    UNION SELECT avatar_url AS url FROM chat_agents WHERE avatar_url LIKE ${prefix}`;
  const keep = shown.map((row) => avatarPath(row.url)).filter((path): path is string => path !== null);
  files.push({ bucket: "avatars", path: userId, folder: true, keep });
  return files;
}

/** Rate-limit counters named by the address (sign-in, sign-up, reset requests) go with it. */
async function forgetLimitsOf(userId: string, email: string) {
  await Promise.all([clearSignInFailures(email), clearLimit(signUpLimitKey(email)), clearLimit(resetLimitKey(email)), forgetPasswordChecks(userId)]);
}
