import { Prisma } from "~/generated/prisma/client";
import { adminUserTexts, isDeletedEmail, type UserRole } from "~/lib/admin-users";
import { DEFAULT_AVATAR_URL, defaultNameFor } from "~/modules/auth/accounts.server";
import { issueLink } from "~/modules/auth/links.server";
import { env } from "~/modules/config/env.server";
import { InvalidInputError, ensureFound } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { invitationEmail, recipientLanguage } from "~/modules/mail/templates";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/db/sql.server";

/**
 * Add User: an admin invites someone by e-mail. The account is created pending, without a
 * password, and the person gets a password-reset link: choosing a password through it confirms
 * the address and activates the account (auth/password-reset.server.ts). When the link has
 * expired, "Forgot password" sends a new one, or the admin resends the invitation.
 */

export type Invitation = { userId: string; mailed: boolean };

export async function inviteUser(actor: AuditActor, invitee: { email: string; name: string | null; role: UserRole }): Promise<Invitation> {
  if (isDeletedEmail(invitee.email)) throw new InvalidInputError(adminUserTexts.emailTaken, { email: adminUserTexts.emailTaken });
  let created: { userId: string; token: string };
  try {
    created = await auditedWrite(actor, async (tx) => {
      const user = await tx.user.create({
        data: {
          email: invitee.email,
          name: invitee.name ?? defaultNameFor(invitee.email),
          avatarUrl: DEFAULT_AVATAR_URL,
          role: invitee.role,
          status: "pending",
        },
      });
      const token = await issueLink(user.id, "password_reset", tx);
      const audit = {
        action: "invite",
        entityType: "user",
        entityId: user.id,
        summary: `Invited a new account (role ${invitee.role})`,
        after: { role: invitee.role, status: "pending" },
      };
      return { result: { userId: user.id, token }, audit };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new InvalidInputError(adminUserTexts.emailTaken, { email: adminUserTexts.emailTaken });
    }
    throw error;
  }
  // A new account has no language yet: the invitation goes in English.
  return { userId: created.userId, mailed: await mailInvitation(invitee.email, created.token, null) };
}

/** A new invitation link for someone who has not chosen a password yet. */
export async function resendInvitation(actor: AuditActor, userId: string): Promise<Invitation> {
  ensureFound(isUuid(userId), "User not found");
  const { email, token, language } = await auditedWrite(actor, async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, status: true, passwordHash: true, language: true } });
    ensureFound(user, "User not found");
    if (isDeletedEmail(user.email)) throw new InvalidInputError(adminUserTexts.deletedAccount);
    if (user.status !== "pending" || user.passwordHash) throw new InvalidInputError(adminUserTexts.alreadyActivated);
    const token = await issueLink(userId, "password_reset", tx);
    return {
      result: { email: user.email, token, language: user.language },
      audit: { action: "resend-invite", entityType: "user", entityId: userId, summary: "Sent the invitation again" },
    };
  });
  return { userId, mailed: await mailInvitation(email, token, language) };
}

/**
 * False when the mail could not be sent (logged): the account exists, and the admin can send it
 * again. In the invitee's language (`language`, the account's), else English.
 */
async function mailInvitation(email: string, token: string, language: string | null) {
  const link = `${env().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await sendMail({ to: email, ...invitationEmail({ link, appUrl: env().APP_URL, lang: recipientLanguage(language) }) });
    return true;
  } catch (error) {
    logger.error({ err: error, to: email }, "could not send the invitation e-mail");
    return false;
  }
}
