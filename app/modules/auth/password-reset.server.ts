import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { passwordResetEmail, recipientLanguage } from "~/modules/mail/templates";
import { recordAttempts, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { endAllLoginSessions } from "./login-session.server";
import { clearSignInFailures } from "./sign-in.server";
import { hashPassword } from "./password.server";
import { consumeLink, issueLink, liveLinkUser } from "./links.server";

/** Reset mails one inbox may receive: enough to retry, too few to flood it. */
export const RESET_REQUESTS_PER_EMAIL: RateLimitRule = { limit: 5, windowSeconds: 3600 };
/** Per address it is looser, because offices, schools and mobile carriers share one. */
export const RESET_REQUESTS_PER_IP: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/** The rate-limit counter of reset requests for one e-mail address. */
export const resetLimitKey = (email: string) => `password-reset:account:${email}`;

/**
 * Counts the request, then looks the account up and mails it a reset link in the background, so
 * the answer takes the same time whether or not the account exists (an SMTP round trip would tell).
 * `delivery` settles when that background work is done; only tests wait for it. A limited request
 * sends nothing, and the caller answers exactly as it does otherwise.
 */
export async function requestPasswordReset(email: string, clientIp: string | undefined) {
  const { limited } = await recordAttempts([
    [resetLimitKey(email), RESET_REQUESTS_PER_EMAIL],
    [`password-reset:ip:${clientIp ?? "unknown"}`, RESET_REQUESTS_PER_IP],
  ]);
  if (limited) {
    logger.warn({ clientIp }, "password reset request refused by the rate limit");
    return { delivery: Promise.resolve() };
  }
  const delivery = mailResetLink(email).catch((error) => {
    logger.error({ err: error, to: email }, "could not send the password reset e-mail");
  });
  return { delivery };
}

async function mailResetLink(email: string) {
  const user = await prisma().user.findUnique({ where: { email }, select: { id: true, email: true, status: true, language: true } });
  // An account an admin turned off cannot sign in, so a new password would not help it.
  if (!user || user.status === "inactive") return;
  const token = await issueLink(user.id, "password_reset");
  const link = `${env().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail({ to: user.email, ...passwordResetEmail({ link, appUrl: env().APP_URL, lang: recipientLanguage(user.language) }) });
}

/**
 * Whether a mailed reset link still works, so its page can say so before asking for a password.
 * Opening a link spends nothing: mail scanners fetch links.
 */
export async function isResetLinkLive(token: string) {
  return (await liveLinkUser(token, "password_reset")) !== null;
}

export type PasswordResetResult = { ok: true; userId: string } | { ok: false; reason: "invalid-link" };

/**
 * Follows a mailed link: uses it up, sets the new password and ends every login session
 * of the account, so whoever knew the old password is signed out everywhere.
 */
export async function resetPassword(token: string, newPassword: string): Promise<PasswordResetResult> {
  // The link goes first: scrypt costs 128 MiB a run, which an invalid link must not buy.
  const userId = await consumeLink(token, "password_reset");
  if (!userId) return { ok: false, reason: "invalid-link" };
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  await prisma().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    // Following the link proves the inbox is theirs, as the confirmation link does (and the new password is the reader's own).
    const confirmed = await tx.user.updateMany({ where: { id: userId, status: "pending" }, data: { status: "active", emailVerifiedAt: now } });
    // A confirmation gives the month's free tokens, whichever link made it (decision 028).
    if (confirmed.count === 1) await claimMonthlyFreeTokens(userId, now, tx);
    // Other links mailed before this one would set a password again; they die with this change.
    await tx.verificationToken.updateMany({ where: { userId, purpose: "password_reset", usedAt: null }, data: { usedAt: now } });
  });
  await endAllLoginSessions(userId);
  const { email } = await prisma().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  await clearSignInFailures(email);
  logger.info({ userId }, "password reset; every login session ended");
  return { ok: true, userId };
}
