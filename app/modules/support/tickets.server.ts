import { RECENT_TICKETS, REPLIES_PER_HOUR, STAFF_AVATAR, STAFF_NAME, TICKETS_PER_HOUR, ticketTexts } from "~/lib/tickets";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, ensureFound } from "~/modules/http/errors.server";
import { RateLimitedError, recordAttempt } from "~/modules/security/rate-limit.server";
import { mailSupportAboutNewTicket } from "./notifications.server";

/**
 * A person's side of support: the tickets they send from the contact form, their replies and
 * closing. Another person's ticket does not exist for them (404). Staff's side is staff-inbox.server.ts.
 */

export type TicketAuthor = { id: string; email: string; name: string | null };

/** A refusal because of the ticket's state (closed): 409 with the person's text. */
export class TicketStateError extends AppError {
  constructor(message: string) {
    super("ticket-closed", 409, message);
  }
}

const hourly = (limit: number) => ({ limit, windowSeconds: 3600 });
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

async function countAgainstLimit(key: string, limit: number, text: (minutes: number) => string) {
  const state = await recordAttempt(key, hourly(limit));
  if (state.limited) throw new RateLimitedError(text(minutesOf(state.retryAfterSeconds)), state.retryAfterSeconds);
}

/** A new ticket (status pending) from the contact form, and a mail to the support address. */
export async function createTicket(person: TicketAuthor, { topic, message }: { topic: string; message: string }) {
  await countAgainstLimit(`tickets:user:${person.id}`, TICKETS_PER_HOUR, ticketTexts.tooManyTickets);
  const now = new Date();
  const ticket = await prisma().ticket.create({
    data: { userId: person.id, topic, message, status: "pending", lastActivityAt: now, personReadAt: now },
    select: { id: true },
  });
  await mailSupportAboutNewTicket({ id: ticket.id, topic, message, from: person.name ? `${person.name} <${person.email}>` : person.email });
  return ticket;
}

const listed = { id: true, topic: true, status: true, createdAt: true, staffRepliedAt: true, personReadAt: true } satisfies Prisma.TicketSelect;

function withUnread<T extends { staffRepliedAt: Date | null; personReadAt: Date }>({ staffRepliedAt, personReadAt, ...ticket }: T) {
  return { ...ticket, unread: staffRepliedAt !== null && staffRepliedAt > personReadAt };
}

/** The contact page's list: the person's most recent tickets, newest first. */
export async function recentTickets(userId: string, take = RECENT_TICKETS) {
  const tickets = await prisma().ticket.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, select: listed });
  return tickets.map(withUnread);
}

/** The dashboard's list: a page of the person's tickets, newest first. */
export async function ticketPage(userId: string, page: number, pageSize = RECENT_TICKETS) {
  const [tickets, total] = await Promise.all([
    prisma().ticket.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: listed,
    }),
    prisma().ticket.count({ where: { userId } }),
  ]);
  return { tickets: tickets.map(withUnread), total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Tickets with a staff reply the person has not opened since (but `opening`): the dashboard sidebar's count. */
export function unreadTicketCount(userId: string, opening: string | null = null) {
  return prisma().ticket.count({
    where: { userId, staffRepliedAt: { gt: prisma().ticket.fields.personReadAt }, ...(isUuid(opening) ? { id: { not: opening } } : {}) },
  });
}

/**
 * One of the person's tickets with its conversation, oldest reply first; opening it marks its
 * staff replies read. Staff replies are signed as the site's staff, never with the admin's account.
 */
export async function openOwnTicket(userId: string, ticketId: string) {
  const ticket = await ownTicket(userId, ticketId, {
    id: true,
    topic: true,
    message: true,
    status: true,
    createdAt: true,
    replies: {
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, message: true, createdAt: true, fromStaff: true, user: { select: { name: true, email: true, avatarUrl: true } } },
    },
  });
  await prisma().ticket.update({ where: { id: ticket.id }, data: { personReadAt: new Date() } });
  const { replies, ...rest } = ticket;
  return {
    ...rest,
    replies: replies.map(({ user, fromStaff, ...reply }) => ({
      ...reply,
      fromStaff,
      userName: fromStaff ? STAFF_NAME : user.name || user.email.split("@")[0]!,
      userAvatar: fromStaff ? STAFF_AVATAR : user.avatarUrl,
    })),
  };
}

async function ownTicket<S extends Prisma.TicketSelect>(userId: string, ticketId: string, select: S) {
  ensureFound(isUuid(ticketId), "Ticket not found");
  const ticket = await prisma().ticket.findFirst({ where: { id: ticketId, userId }, select });
  ensureFound(ticket, "Ticket not found");
  return ticket;
}

/** The person's reply: refused on a closed ticket; a pending ticket becomes in progress. */
export async function replyToOwnTicket(person: TicketAuthor, ticketId: string, message: string) {
  await ownTicket(person.id, ticketId, { id: true });
  await countAgainstLimit(`ticket-replies:user:${person.id}`, REPLIES_PER_HOUR, ticketTexts.tooManyReplies);
  const now = new Date();
  await prisma().$transaction(async (tx) => {
    // Conditional updates, so a close that lands first wins and no reply joins a closed ticket.
    const opened = await tx.ticket.updateMany({
      where: { id: ticketId, status: "pending" },
      data: { status: "in_progress", awaitingStaff: true, lastActivityAt: now },
    });
    const continued = opened.count
      ? opened
      : await tx.ticket.updateMany({ where: { id: ticketId, status: { not: "closed" } }, data: { awaitingStaff: true, lastActivityAt: now } });
    if (continued.count === 0) throw new TicketStateError(ticketTexts.closedTicket);
    await tx.ticketReply.create({ data: { ticketId, replyUserId: person.id, message, createdAt: now } });
  });
}

/** The person closes their ticket, recording that they did; a closed ticket cannot be closed again. */
export async function closeOwnTicket(userId: string, ticketId: string) {
  await ownTicket(userId, ticketId, { id: true });
  const closed = await prisma().ticket.updateMany({
    where: { id: ticketId, status: { not: "closed" } },
    data: { status: "closed", closedUserId: userId, awaitingStaff: false, lastActivityAt: new Date() },
  });
  if (closed.count === 0) throw new TicketStateError(ticketTexts.alreadyClosed);
}
