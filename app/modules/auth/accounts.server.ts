import { authTexts } from "~/lib/auth-forms";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { verificationEmail } from "~/modules/mail/templates";
import { hashPassword, spendPasswordCheck, verifyPassword } from "./password.server";
import { consumeToken, issueToken } from "./tokens.server";

export const DEFAULT_AVATAR_URL = "/default-avatar.svg";

/** Spec sign-up metadata: the name defaults to the part of the e-mail before @, or User. */
export function defaultNameFor(email: string) {
  return email.split("@")[0] || "User";
}

export function roleFor(email: string) {
  return env().ADMIN_EMAIL && env().ADMIN_EMAIL === email ? "admin" : "user";
}

/**
 * Creates an unverified account and mails its confirmation link. For an e-mail that already has
 * an account nothing changes and the caller says the same thing, so the form does not reveal who
 * has an account; an unverified owner gets a fresh link instead. Both paths spend the password
 * hash and leave the mail to the background, so the answer takes as long either way.
 * `delivery` settles when the mail is out; only tests wait for it.
 */
export async function signUp(email: string, password: string) {
  const passwordHash = await hashPassword(password);
  const existing = await prisma().user.findUnique({ where: { email } });
  if (existing) {
    return { delivery: existing.emailVerifiedAt ? Promise.resolve() : sendVerificationLink(existing.id, existing.email) };
  }
  const user = await prisma().user.create({
    data: { email, passwordHash, name: defaultNameFor(email), avatarUrl: DEFAULT_AVATAR_URL, role: roleFor(email), status: "pending" },
  });
  return { delivery: sendVerificationLink(user.id, user.email) };
}

/** Sends a new link to an unverified account; silent for unknown or verified e-mails. */
export async function resendVerification(email: string) {
  const user = await prisma().user.findUnique({ where: { email } });
  return { delivery: user && !user.emailVerifiedAt ? sendVerificationLink(user.id, user.email) : Promise.resolve() };
}

/** Never rejects: a mail that cannot be sent is logged, and the person can ask again. */
async function sendVerificationLink(userId: string, email: string) {
  try {
    const token = await issueToken(userId, "email_verification");
    const link = `${env().APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
    await sendMail({ to: email, ...verificationEmail({ link, appUrl: env().APP_URL }) });
  } catch (error) {
    logger.error({ err: error, to: email }, "could not send the verification e-mail");
  }
}

/** Follows a mailed link: the account becomes verified and active. Null when the link is not valid. */
export async function verifyEmail(token: string) {
  const userId = await consumeToken(token, "email_verification");
  if (!userId) return null;
  return prisma().user.update({
    where: { id: userId },
    data: { emailVerifiedAt: new Date(), status: "active" },
    select: { id: true, email: true },
  });
}

export class SignInError extends Error {}

/** Checks e-mail and password; throws SignInError with the spec's text when sign-in is refused. */
export async function checkPassword(email: string, password: string) {
  const user = await prisma().user.findUnique({ where: { email } });
  if (!user?.passwordHash) {
    await spendPasswordCheck(password);
    throw new SignInError(authTexts.invalidCredentials);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new SignInError(authTexts.invalidCredentials);
  if (!user.emailVerifiedAt) throw new SignInError(authTexts.unconfirmedEmailPage);
  if (user.status === "inactive") throw new SignInError(authTexts.invalidCredentials);
  return { id: user.id, email: user.email };
}
