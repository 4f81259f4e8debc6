import { authTexts, safeRedirectPath, tooManyAttempts } from "~/lib/auth-forms";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { AppError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { recipientLanguage, verificationEmail, type VerificationKind } from "~/modules/mail/templates";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { RateLimitedError, recordAttempts, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { roleFor } from "./admin.server";
import { hashPassword, spendPasswordCheck, verifyPassword } from "./password.server";
import { consumeLink, consumeLinkAndSiblings, issueLink, liveLinkUser } from "./links.server";

export const DEFAULT_AVATAR_URL = "/default-avatar.svg";

/** Spec sign-up metadata: the name defaults to the part of the e-mail before @, or User. */
export function defaultNameFor(email: string) {
  return email.split("@")[0] || "User";
}

/** Confirmation mails one inbox may be sent (sign-ups and resends together): enough to retry, too few to flood it. */
export const SIGN_UPS_PER_EMAIL: RateLimitRule = { limit: 5, windowSeconds: 3600 };
/** Per address it is looser, because offices, schools and mobile carriers share one. */
export const SIGN_UPS_PER_IP: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/** `delivery` settles when the mail is out (only tests wait for it). */
export type LinkRequest = { delivery: Promise<void> };

const accepted = (delivery: Promise<void>): LinkRequest => ({ delivery });

/** The rate-limit counter of sign-ups and resends for one e-mail address. */
export const signUpLimitKey = (email: string) => `sign-up:account:${email}`;

/**
 * Counts a sign-up or a resend, each of which costs a password hash or a mail, per e-mail and per
 * client address; over a limit, RateLimitedError. The answer is the same whether or not the e-mail
 * has an account.
 */
async function countSignUp(email: string, clientIp: string | undefined) {
  const { limited, retryAfterSeconds } = await recordAttempts([
    [signUpLimitKey(email), SIGN_UPS_PER_EMAIL],
    [`sign-up:ip:${clientIp ?? "unknown"}`, SIGN_UPS_PER_IP],
  ]);
  if (!limited) return;
  logger.warn({ clientIp }, "sign-up or confirmation mail refused by the rate limit");
  throw new RateLimitedError(tooManyAttempts("sign-up", retryAfterSeconds), retryAfterSeconds);
}

/**
 * Creates an unverified account and mails its confirmation link. For a verified e-mail nothing
 * changes and the caller says the same thing, so the form does not reveal who has an account.
 * Both paths spend the password hash and leave the mail to the background, so the answer takes
 * as long either way.
 *
 * An unconfirmed account's password was never proven to be its owner's: anyone can sign up first
 * with someone else's e-mail. So a new sign-up for it replaces the password and kills the links
 * mailed before: only the newest link, with the newest sign-up's password, confirms it.
 *
 * `language` is the signing-up person's (the page's): the account keeps it, and its mails use it.
 */
export async function signUp(email: string, password: string, clientIp?: string, returnTo = "/", language: Language = DEFAULT_LANGUAGE): Promise<LinkRequest> {
  await countSignUp(email, clientIp);
  const passwordHash = await hashPassword(password);
  const existing = await prisma().user.findUnique({ where: { email } });
  // A confirmed account keeps its password; one an admin turned off gets no link that could not work.
  if (existing?.emailVerifiedAt || existing?.status === "inactive") return accepted(Promise.resolve());
  if (existing) {
    const issue = () => replacePendingPassword(existing.id, passwordHash, language);
    return accepted(mailVerificationLink(existing.email, issue, "again", returnTo, language));
  }
  const user = await prisma().user.create({
    data: { email, passwordHash, name: defaultNameFor(email), avatarUrl: DEFAULT_AVATAR_URL, role: roleFor(email), status: "pending", language },
  });
  return accepted(mailVerificationLink(user.email, () => issueLink(user.id, "email_verification"), "first", returnTo, language));
}

/**
 * Sets an unconfirmed account's password (and the new sign-up's language) and issues the one live
 * link for it, in one transaction. Null when the account was confirmed meanwhile: its confirmed
 * password stays.
 */
function replacePendingPassword(userId: string, passwordHash: string, language: Language) {
  return prisma().$transaction(async (tx) => {
    // Links before the user row, the order confirmAccount locks them in, so the two wait rather than deadlock.
    await tx.verificationToken.updateMany({ where: { userId, purpose: "email_verification", usedAt: null }, data: { usedAt: new Date() } });
    const { count } = await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { passwordHash, language } });
    return count === 0 ? null : issueLink(userId, "email_verification", tx);
  });
}

/**
 * Sends a new link to an unverified account; silent for unknown or verified e-mails. Like the
 * latest sign-up's own link, it confirms the account with that sign-up's password.
 */
export async function resendVerification(email: string, clientIp?: string, returnTo = "/"): Promise<LinkRequest> {
  await countSignUp(email, clientIp);
  const user = await prisma().user.findUnique({ where: { email } });
  // A cancelled sign-up has no password a link could confirm: its owner signs up again instead.
  if (!user || user.emailVerifiedAt || user.status === "inactive" || !user.passwordHash) return accepted(Promise.resolve());
  const language = recipientLanguage(user.language);
  return accepted(mailVerificationLink(user.email, () => issueLink(user.id, "email_verification"), "resend", returnTo, language));
}

/** A longer destination is dropped from the mailed link (the person lands on home instead). */
const RETURN_PATH_MAX = 512;

/**
 * Never rejects: a mail that cannot be sent is logged, and the person can ask again. `returnTo`,
 * where the person was headed when they signed up, rides in the link (a path on this site only),
 * so the confirmation lands them there. The mail is in `lang`, the account's language.
 */
async function mailVerificationLink(email: string, issue: () => Promise<string | null>, kind: VerificationKind, returnTo: string, lang: Language) {
  try {
    const token = await issue();
    if (!token) return;
    const destination = safeRedirectPath(returnTo);
    const back = destination === "/" || destination.length > RETURN_PATH_MAX ? "" : `&redirectTo=${encodeURIComponent(destination)}`;
    const link = `${env().APP_URL}/verify-email?token=${encodeURIComponent(token)}${back}`;
    await sendMail({ to: email, ...verificationEmail({ link, appUrl: env().APP_URL, kind, lang }) });
  } catch (error) {
    logger.error({ err: error, to: email }, "could not send the verification e-mail");
  }
}

/**
 * A live confirmation link of an unconfirmed account: the e-mail it is for, so its page can say
 * which account it confirms, and how to confirm it. Opening it spends nothing: mail scanners fetch
 * links. Null when the link is not valid (any more).
 */
export async function confirmationLink(token: string) {
  const userId = await liveLinkUser(token, "email_verification");
  const account = userId
    ? await prisma().user.findFirst({ where: { id: userId, status: "pending", emailVerifiedAt: null }, select: { id: true, email: true, passwordHash: true } })
    : null;
  return account && { email: account.email, confirm: (password: string) => confirmAccount(token, account, password) };
}

/**
 * "I did not sign up": the inbox's owner turns down a sign-up someone made with their address.
 * Spends this link, voids the account's other links and forgets the sign-up's password, in one
 * transaction, so no link of that sign-up can confirm it any more. The owner can still sign up with
 * a password of their own, reset one, or use Google. False when the link is not valid (any more).
 */
export async function cancelSignUp(token: string) {
  return prisma().$transaction(async (tx) => {
    // The links first, then the user row: the order confirmAccount and replacePendingPassword lock them in.
    const userId = await consumeLinkAndSiblings(token, "email_verification", tx);
    if (!userId) return false;
    const { count } = await tx.user.updateMany({ where: { id: userId, status: "pending", emailVerifiedAt: null }, data: { passwordHash: null } });
    return count === 1;
  });
}

/**
 * Confirms the account a mailed link is for, given the password chosen at its sign-up: the link
 * proves the inbox, the password proves the sign-up. So a link alone activates nobody's password,
 * neither when a mail scanner fetches it nor when the inbox's owner follows the link of a sign-up
 * someone else made with their address. Null when the link died since it was opened, unless this
 * same confirmation spent it a moment before (a double submit); SignInError with the sign-in
 * form's text when the password is wrong, and then the link stays live.
 *
 * One transaction, the link first, and only while the password is still the one checked: a
 * sign-up replacing it at the same moment either kills this link or waits and finds the account
 * confirmed. The same transaction makes the month's free claim for the person (decision 028).
 */
async function confirmAccount(token: string, account: { id: string; email: string; passwordHash: string | null }, password: string) {
  if (!account.passwordHash) {
    await spendPasswordCheck(password);
    throw new SignInError(authTexts.invalidCredentials);
  }
  if (!(await verifyPassword(password, account.passwordHash))) throw new SignInError(authTexts.invalidCredentials);
  const confirmed = await prisma().$transaction(async (tx) => {
    if ((await consumeLink(token, "email_verification", tx)) !== account.id) return false;
    const { count } = await tx.user.updateMany({
      where: { id: account.id, status: "pending", emailVerifiedAt: null, passwordHash: account.passwordHash },
      data: { emailVerifiedAt: new Date(), status: "active" },
    });
    if (count !== 1) return false;
    // The sign-up's promise: the month's free tokens come with the confirmation, in its commit.
    await claimMonthlyFreeTokens(account.id, new Date(), tx);
    return true;
  });
  if (confirmed) return { id: account.id, email: account.email };
  // A second submit of the same form (a double click) finds the link spent by the first: the
  // account it confirmed, with the password just checked, signs in all the same.
  return prisma().user.findFirst({
    where: { id: account.id, status: "active", emailVerifiedAt: { not: null }, passwordHash: account.passwordHash },
    select: { id: true, email: true },
  });
}

/** A refused sign-in, with the spec's text for why: 400. */
export class SignInError extends AppError {
  constructor(message: string) {
    super("sign-in-refused", 400, message);
  }
}

/** Checks e-mail and password; throws SignInError with the spec's text when sign-in is refused. */
export async function checkPassword(email: string, password: string) {
  const user = await prisma().user.findUnique({ where: { email } });
  if (!user?.passwordHash) {
    await spendPasswordCheck(password);
    throw new SignInError(authTexts.invalidCredentials);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new SignInError(authTexts.invalidCredentials);
  if (!user.emailVerifiedAt) throw new SignInError(authTexts.unconfirmedEmailPage);
  // Checked after the password, so only the account's owner learns it is suspended.
  if (user.status === "inactive") throw new SignInError(authTexts.accountSuspended);
  return { id: user.id, email: user.email };
}
