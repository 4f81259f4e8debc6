import { adminUserTexts, deletedEmailFor, insufficientTokensText, isDeletedEmail, type AdjustTokens, type UserRole } from "~/lib/admin-users";
import type { Prisma } from "~/generated/prisma/client";
import { InvalidInputError, ensureFound } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { removeObject } from "~/modules/storage/storage.server";
import { deductTokens } from "~/modules/tokens/adjustments.server";
import { credit, getBalance, InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { auditedWrite, type AuditActor } from "./audit.server";
import { isUuid } from "~/modules/db/sql.server";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/modules/payments/subscriptions.server";

/**
 * What an admin changes on a person's account. Each change and its audit row are one transaction.
 * Audit summaries name the account by id only: its e-mail would outlive a later deletion there.
 */

type Tx = Prisma.TransactionClient;

/** The account being changed, refused when it does not exist or was deleted. */
async function changeableAccount(tx: Tx, userId: string) {
  ensureFound(isUuid(userId), "User not found");
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, role: true, status: true, emailVerifiedAt: true, avatarUrl: true, subscription: { select: { status: true } } },
  });
  ensureFound(user, "User not found");
  if (isDeletedEmail(user.email)) throw new InvalidInputError(adminUserTexts.deletedAccount);
  return user;
}

/** Suspends the account: it is signed out on every device at once and cannot sign in until reactivated. */
export async function suspendUser(actor: AuditActor, userId: string) {
  if (userId === actor.id) throw new InvalidInputError(adminUserTexts.cannotSuspendSelf);
  return auditedWrite(actor, async (tx) => {
    const user = await changeableAccount(tx, userId);
    await tx.user.update({ where: { id: userId }, data: { status: "inactive" } });
    const { count } = await tx.loginSession.deleteMany({ where: { userId } });
    const summary = `Suspended the account and ended ${count} login ${count === 1 ? "session" : "sessions"}`;
    return {
      result: { endedSessions: count },
      audit: { action: "suspend", entityType: "user", entityId: userId, summary, before: { status: user.status }, after: { status: "inactive" } },
    };
  });
}

/** Lifts a suspension: active again, or pending when the address was never confirmed. */
export async function reactivateUser(actor: AuditActor, userId: string) {
  return auditedWrite(actor, async (tx) => {
    const user = await changeableAccount(tx, userId);
    if (user.status !== "inactive") throw new InvalidInputError(adminUserTexts.notSuspended);
    const status = user.emailVerifiedAt ? "active" : "pending";
    await tx.user.update({ where: { id: userId }, data: { status } });
    return {
      result: { status },
      audit: {
        action: "reactivate",
        entityType: "user",
        entityId: userId,
        summary: "Reactivated the account",
        before: { status: user.status },
        after: { status },
      },
    };
  });
}

/**
 * Makes someone an admin or a user. Nobody removes their own admin role, and the last admin who
 * can sign in keeps it: every such admin row is locked first, so two admins demoting each other at
 * the same moment queue, and the second finds only one admin left.
 */
export async function changeRole(actor: AuditActor, userId: string, role: UserRole) {
  if (userId === actor.id && role !== "admin") throw new InvalidInputError(adminUserTexts.cannotChangeOwnRole);
  return auditedWrite(actor, async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM users WHERE role = 'admin' AND status <> 'inactive' ORDER BY id FOR UPDATE`;
    const user = await changeableAccount(tx, userId);
    if (role === "user" && admins.every((admin) => admin.id === userId)) throw new InvalidInputError(adminUserTexts.lastAdmin);
    await tx.user.update({ where: { id: userId }, data: { role } });
    const summary = role === "admin" ? "Gave the account the admin role" : "Changed the account's role to user";
    return { result: { role }, audit: { action: "change-role", entityType: "user", entityId: userId, summary, before: { role: user.role }, after: { role } } };
  });
}

/**
 * Grants or deducts tokens through the ledger, with the admin's reason as the transaction rows'
 * description. A deduction never makes the balance negative: it is refused, and nothing is written.
 */
export async function adjustTokens(actor: AuditActor, userId: string, change: AdjustTokens) {
  const reference = { type: "admin_adjustment", id: actor.id };
  try {
    return await auditedWrite(actor, async (tx) => {
      await changeableAccount(tx, userId);
      const before = await getBalance(userId, tx);
      const after =
        change.direction === "grant"
          ? await credit(userId, { type: change.tokenType, amount: change.amount, description: change.reason, reference }, tx)
          : await deductTokens(userId, { takeFirst: change.tokenType, amount: change.amount, description: change.reason, reference }, tx);
      const tokens = `${change.amount.toLocaleString("en-US")} ${change.tokenType} tokens`;
      const summary = `${change.direction === "grant" ? `Granted ${tokens}` : `Deducted ${tokens} (${change.tokenType} first)`}: ${change.reason}`;
      const action = change.direction === "grant" ? "grant-tokens" : "deduct-tokens";
      return { result: after, audit: { action, entityType: "user", entityId: userId, summary, before: { balance: before }, after: { balance: after } } };
    });
  } catch (error) {
    if (!(error instanceof InsufficientTokensError)) throw error;
    const text = insufficientTokensText(error.balance);
    throw new InvalidInputError(text, { amount: text });
  }
}

/**
 * "Delete": the account is turned off and its personal data removed (e-mail replaced by a
 * placeholder nobody can receive, name, picture and password cleared, devices, Google links and
 * mailed links removed). The row stays, so its token ledger and payments keep their owner.
 */
export async function deleteUser(actor: AuditActor, userId: string) {
  if (userId === actor.id) throw new InvalidInputError(adminUserTexts.cannotDeleteSelf);
  const avatarUrl = await auditedWrite(actor, async (tx) => {
    const user = await changeableAccount(tx, userId);
    if (user.role === "admin") throw new InvalidInputError(adminUserTexts.cannotDeleteAdmin);
    if (user.subscription && LIVE_SUBSCRIPTION_STATUSES.includes(user.subscription.status)) throw new InvalidInputError(adminUserTexts.liveSubscription);
    await tx.loginSession.deleteMany({ where: { userId } });
    await tx.oAuthAccount.deleteMany({ where: { userId } });
    await tx.verificationToken.deleteMany({ where: { userId } });
    await tx.user.update({
      where: { id: userId },
      data: { email: deletedEmailFor(userId), name: null, avatarUrl: null, passwordHash: null, status: "inactive" },
    });
    const audit = {
      action: "delete",
      entityType: "user",
      entityId: userId,
      summary: "Deleted the account and removed its personal data",
      before: { status: user.status, role: user.role },
      after: { status: "inactive" },
    };
    return { result: user.avatarUrl, audit };
  });
  await removeOwnAvatar(userId, avatarUrl);
}

/** The picture the person uploaded (avatars/{userId}/…) goes too; a default or Google picture is not ours to remove. */
async function removeOwnAvatar(userId: string, avatarUrl: string | null) {
  const prefix = `/storage/avatars/${userId}/`;
  if (!avatarUrl?.startsWith(prefix)) return;
  try {
    await removeObject("avatars", decodeURIComponent(avatarUrl.slice("/storage/avatars/".length)));
  } catch (error) {
    logger.warn({ err: error, userId }, "could not remove a deleted account's avatar");
  }
}
