import { accountTexts, tooManyPasswordChecks } from "~/lib/account";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { clearLimit, RateLimitedError, recordAttempt, refundAttempt, SIGN_IN_FAILURES } from "~/modules/security/rate-limit.server";
import { endOtherLoginSessions, type CurrentUser } from "./login-session.server";
import { hashPassword, verifyPassword } from "./password.server";

/**
 * A signed-in person proving it is them (changing the password, deleting the account). A session
 * someone else borrowed must not guess the password faster here than at sign-in: wrong passwords
 * count under the sign-in form's limit, per account, before the check; a right one gives its count
 * back, so only failures stay counted.
 */
export async function confirmOwnPassword(userId: string, password: string, field: string, wrongText: string = accountTexts.passwordWrong) {
  const key = passwordCheckKey(userId);
  const counted = await recordAttempt(key, SIGN_IN_FAILURES);
  if (counted.limited) throw new RateLimitedError(tooManyPasswordChecks(counted.retryAfterSeconds), counted.retryAfterSeconds);
  const account = await prisma().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  const right = account?.passwordHash ? await verifyPassword(password, account.passwordHash) : false;
  if (!right) throw new InvalidInputError(wrongText, { [field]: wrongText });
  await refundAttempt(key);
}

const passwordCheckKey = (userId: string) => `password-check:user:${userId}`;

/** The account's count of wrong passwords is forgotten (it is being deleted). */
export function forgetPasswordChecks(userId: string) {
  return clearLimit(passwordCheckKey(userId));
}

/** Whether the account signs in with a password (a Google-only one has none). */
export async function hasPassword(userId: string) {
  const account = await prisma().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return Boolean(account?.passwordHash);
}

/**
 * Settings' Change password: the current password, then the new one. Every other device is signed
 * out (whoever knew the old password there is no longer signed in) and reset links mailed before
 * stop working; this device stays signed in.
 */
export async function changeOwnPassword(user: CurrentUser, { currentPassword, newPassword }: { currentPassword: string; newPassword: string }) {
  if (!(await hasPassword(user.id))) throw new InvalidInputError(accountTexts.noPassword);
  await confirmOwnPassword(user.id, currentPassword, "currentPassword", accountTexts.currentPasswordWrong);
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const ended = await prisma().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.verificationToken.updateMany({ where: { userId: user.id, purpose: "password_reset", usedAt: null }, data: { usedAt: now } });
    return endOtherLoginSessions(user, tx);
  });
  logger.info({ userId: user.id, endedSessions: ended }, "password changed; other login sessions ended");
}
