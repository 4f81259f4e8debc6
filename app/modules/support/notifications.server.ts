import { ticketHref } from "~/lib/tickets";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { addressesByLanguage, languageOfAddress } from "~/modules/mail/recipients.server";
import { newTicketEmail, ticketReplyEmail } from "~/modules/mail/templates";

/**
 * Support mail. A ticket or a reply is saved before its mail is sent, and stays saved when the
 * mail fails: the person or the staff still find it on their pages, so a failure is only logged.
 */

/** SUPPORT_EMAIL's addresses, or, without it, every active admin's. */
export async function supportAddresses() {
  const configured = env().SUPPORT_EMAIL;
  if (configured.length > 0) return configured;
  const admins = await prisma().user.findMany({ where: { role: "admin", status: "active" }, select: { email: true }, orderBy: { email: "asc" } });
  return admins.map((admin) => admin.email);
}

export async function mailSupportAboutNewTicket(ticket: { id: string; topic: string; message: string; from: string }) {
  const to = await supportAddresses();
  if (to.length === 0) {
    logger.warn({ ticketId: ticket.id }, "a new ticket was not mailed: no SUPPORT_EMAIL and no admin");
    return;
  }
  const { APP_URL: appUrl } = env();
  // In each reader's language: one mail per language among the addresses.
  for (const [lang, addresses] of await addressesByLanguage(to)) {
    const content = newTicketEmail({ ...ticket, link: `${appUrl}/admin/tickets/${ticket.id}`, appUrl, lang });
    await deliver({ to: addresses.join(", "), ...content }, ticket.id);
  }
}

export async function mailPersonAboutStaffReply(ticket: { id: string; topic: string; email: string }, message: string) {
  const { APP_URL: appUrl } = env();
  const lang = await languageOfAddress(ticket.email);
  const content = ticketReplyEmail({ topic: ticket.topic, message, link: `${appUrl}${ticketHref(ticket.id)}`, appUrl, lang });
  await deliver({ to: ticket.email, ...content }, ticket.id);
}

async function deliver(mail: Parameters<typeof sendMail>[0], ticketId: string) {
  try {
    await sendMail(mail);
  } catch (error) {
    logger.error({ err: error, ticketId }, "a support mail could not be sent");
  }
}
