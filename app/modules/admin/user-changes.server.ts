import { adminUserTexts, insufficientTokensText, isDeletedEmail, type AdjustTokens, type UserRole } from "~/lib/admin-users";
import type { Prisma } from "~/generated/prisma/client";
import { InvalidInputError, ensureFound } from "~/modules/http/errors.server";
import { eraseAccount } from "~/modules/account/deletion.server";
import { deductTokens } from "~/modules/tokens/adjustments.server";
import { credit, getBalance, InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { auditedWrite, recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/db/sql.server";

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
    select: { id: true, email: true, role: true, status: true, emailVerifiedAt: true },
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
 * "Delete": the person's data goes as when they delete their account themselves
 * (account/deletion.server.ts): a live subscription is cancelled, and the row stays as a tombstone
 * for the ledger and payments. The audit row is written in the same transaction.
 */
export async function deleteUser(actor: AuditActor, userId: string) {
  if (userId === actor.id) throw new InvalidInputError(adminUserTexts.cannotDeleteSelf);
  await eraseAccount(userId, {
    adminRefusal: adminUserTexts.cannotDeleteAdmin,
    alsoInTransaction: (tx) =>
      recordAudit(
        actor,
        {
          action: "delete",
          entityType: "user",
          entityId: userId,
          summary: "Deleted the account and removed its personal data",
          after: { status: "inactive" },
        },
        tx,
      ),
  });
}
