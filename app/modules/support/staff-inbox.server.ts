import { STAFF_INBOX_PAGE_SIZE, ticketStatusLabel, ticketTexts, type TicketStatus } from "~/lib/tickets";
import { type StaffInboxFilters } from "~/lib/ticket-schemas";
import type { Prisma } from "~/generated/prisma/client";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { ensureFound } from "~/modules/http/errors.server";
import { mailPersonAboutStaffReply } from "./notifications.server";
import { TicketStateError } from "./tickets.server";

/**
 * The staff side of support (admins): every ticket, the person behind it, replies signed as the
 * site's staff, and status changes. Callers have checked the admin role.
 */

function inboxWhere({ q, status }: StaffInboxFilters): Prisma.TicketWhereInput {
  const contains = { contains: q, mode: "insensitive" as const };
  return {
    ...(status === "open" ? { status: { in: ["pending", "in_progress"] } } : status ? { status } : {}),
    ...(q ? { OR: [{ topic: contains }, { message: contains }, { user: { email: contains } }, { user: { name: contains } }] } : {}),
  };
}

/** The inbox: tickets waiting for an answer first, then by their latest activity, newest first. */
export async function listInbox(filters: StaffInboxFilters) {
  const where = inboxWhere(filters);
  const [tickets, total, waiting] = await Promise.all([
    prisma().ticket.findMany({
      where,
      orderBy: [{ awaitingStaff: "desc" }, { lastActivityAt: "desc" }, { id: "asc" }],
      skip: (filters.page - 1) * STAFF_INBOX_PAGE_SIZE,
      take: STAFF_INBOX_PAGE_SIZE,
      select: {
        id: true,
        topic: true,
        status: true,
        awaitingStaff: true,
        createdAt: true,
        lastActivityAt: true,
        user: { select: { id: true, email: true, name: true } },
        _count: { select: { replies: true } },
      },
    }),
    prisma().ticket.count({ where }),
    prisma().ticket.count({ where: { awaitingStaff: true } }),
  ]);
  return {
    tickets: tickets.map(({ _count, ...ticket }) => ({ ...ticket, replies: _count.replies })),
    total,
    waiting,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / STAFF_INBOX_PAGE_SIZE)),
  };
}

/** One ticket as staff see it: the person, who closed it, and the whole conversation. */
export async function ticketForStaff(ticketId: string) {
  ensureFound(isUuid(ticketId), "Ticket not found");
  const ticket = await prisma().ticket.findUnique({
    where: { id: ticketId },
    select: {
      id: true,
      topic: true,
      message: true,
      status: true,
      awaitingStaff: true,
      createdAt: true,
      user: { select: { id: true, email: true, name: true, avatarUrl: true } },
      closedBy: { select: { id: true, email: true, name: true } },
      replies: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, message: true, createdAt: true, fromStaff: true, user: { select: { id: true, email: true, name: true, avatarUrl: true } } },
      },
    },
  });
  ensureFound(ticket, "Ticket not found");
  return ticket;
}

/**
 * A staff reply: refused on a closed ticket; a pending ticket becomes in progress, and the
 * person is mailed a link to the ticket.
 */
export async function replyAsStaff(staff: AuditActor, ticketId: string, message: string) {
  const ticket = await ticketForStaff(ticketId);
  const now = new Date();
  await prisma().$transaction(async (tx) => {
    const answered = { awaitingStaff: false, staffRepliedAt: now, lastActivityAt: now };
    const opened = await tx.ticket.updateMany({ where: { id: ticketId, status: "pending" }, data: { status: "in_progress", ...answered } });
    const continued = opened.count ? opened : await tx.ticket.updateMany({ where: { id: ticketId, status: { not: "closed" } }, data: answered });
    if (continued.count === 0) throw new TicketStateError(ticketTexts.closedTicket);
    await tx.ticketReply.create({ data: { ticketId, replyUserId: staff.id, message, fromStaff: true, createdAt: now } });
  });
  await mailPersonAboutStaffReply({ id: ticket.id, topic: ticket.topic, email: ticket.user.email }, message);
}

/**
 * Staff move a ticket to in progress, completed or closed (closing records who closed it;
 * reopening forgets it). Completed and closed tickets wait for nobody.
 */
export async function setStatusAsStaff(staff: AuditActor, ticketId: string, status: Exclude<TicketStatus, "pending">) {
  const ticket = await ticketForStaff(ticketId);
  if (ticket.status === status) return;
  await auditedWrite(staff, async (tx) => {
    await tx.ticket.update({
      where: { id: ticketId },
      data: {
        status,
        closedUserId: status === "closed" ? staff.id : null,
        ...(status === "in_progress" ? {} : { awaitingStaff: false }),
      },
    });
    return {
      result: undefined,
      audit: {
        action: "set-status",
        entityType: "ticket",
        entityId: ticketId,
        summary: `Ticket "${ticket.topic}" of ${ticket.user.email}: ${ticketStatusLabel(ticket.status)} → ${ticketStatusLabel(status)}`,
        before: { status: ticket.status },
        after: { status },
      },
    };
  });
}
