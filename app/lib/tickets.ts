import type { TextId } from "~/lib/i18n/ids";

/** Support tickets (spec sections 2, 4, 5 and 8): texts, limits and form schemas, shared by the server and the pages. */

export const TICKET_STATUSES = ["pending", "in_progress", "completed", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What staff can set from the inbox; pending is only ever a ticket nobody has answered. */
export const STAFF_STATUSES = ["in_progress", "completed", "closed"] as const satisfies TicketStatus[];

/** Spec: the contact page shows the person's 10 most recent tickets. */
export const RECENT_TICKETS = 10;
export const TOPIC_MAX = 150;
export const MESSAGE_MAX = 5000;
/** New tickets per person per hour: a person with a real question never needs more. */
export const TICKETS_PER_HOUR = 5;
/** Replies per person per hour, across their tickets. */
export const REPLIES_PER_HOUR = 30;
export const STAFF_INBOX_PAGE_SIZE = 20;

/** What a staff reply is signed with on the person's side. */
export const STAFF_NAME = "CharacterVerse Support";
export const STAFF_AVATAR = "/favicon.svg";

export const ticketTexts = {
  bothRequired: "Please provide both a topic and message",
  signInRequiredTitle: "Sign in required",
  signInRequired: "Please login or create an account to send us a message",
  sent: "Your message has been sent successfully",
  sendFailed: "Failed to send your message",
  loadListFailed: "Failed to load your tickets",
  loadOneFailed: "Failed to load ticket details",
  replyRequired: "Please enter a message",
  replied: "Your reply has been sent",
  replyFailed: "Failed to send your reply",
  closed: "Ticket has been closed",
  closeFailed: "Failed to close the ticket",
  noTickets: "You haven't submitted any tickets yet",
  topicTooLong: `Please keep the topic to ${TOPIC_MAX} characters`,
  messageTooLong: `Please keep your message to ${MESSAGE_MAX.toLocaleString("en-US")} characters`,
  closedTicket: "This ticket is closed, so it takes no more replies",
  alreadyClosed: "This ticket is already closed",
  // Whole sentences for one minute and for more, so each is found in the catalogue by its English text.
  tooManyTickets: (minutes: number) =>
    minutes === 1
      ? `You can send ${TICKETS_PER_HOUR} messages an hour. Please try again in 1 minute.`
      : `You can send ${TICKETS_PER_HOUR} messages an hour. Please try again in ${minutes} minutes.`,
  tooManyReplies: (minutes: number) =>
    minutes === 1
      ? `You can send ${REPLIES_PER_HOUR} replies an hour. Please try again in 1 minute.`
      : `You can send ${REPLIES_PER_HOUR} replies an hour. Please try again in ${minutes} minutes.`,
} as const;

const labels: Record<TicketStatus, string> = { pending: "Pending", in_progress: "In Progress", completed: "Completed", closed: "Closed" };

/** The labels as the pages show them, in the page's language (ticketStatusLabel's English). */
export const ticketStatusTexts: Record<TicketStatus, TextId> = {
  pending: "dashboard.tickets.status.pending",
  in_progress: "dashboard.tickets.status.inProgress",
  completed: "dashboard.tickets.status.completed",
  closed: "dashboard.tickets.status.closed",
};

/** Spec section 4's labels; a status it does not name is shown capitalised. */
export function ticketStatusLabel(status: string) {
  return Object.hasOwn(labels, status) ? labels[status as TicketStatus] : status.charAt(0).toUpperCase() + status.slice(1);
}

export const isOpenStatus = (status: string) => status === "pending" || status === "in_progress";

export const ticketHref = (id: string) => `/dashboard/tickets?id=${id}`;
