import { z } from "zod";
import { MESSAGE_MAX, TICKET_STATUSES, TOPIC_MAX, ticketTexts } from "./tickets";

// The support forms' schemas, apart from their texts (tickets.ts), which the toasts load on every page.

/** Both fields trimmed and required, then each within its length. */
export const contactSchema = z
  .object({
    topic: z.string().trim().catch(""),
    message: z.string().trim().catch(""),
  })
  .superRefine((value, ctx) => {
    if (!value.topic || !value.message) ctx.addIssue({ code: "custom", path: [value.topic ? "message" : "topic"], message: ticketTexts.bothRequired });
    else if (value.topic.length > TOPIC_MAX) ctx.addIssue({ code: "custom", path: ["topic"], message: ticketTexts.topicTooLong });
    else if (value.message.length > MESSAGE_MAX) ctx.addIssue({ code: "custom", path: ["message"], message: ticketTexts.messageTooLong });
  });

export const replySchema = z.object({
  message: z.string().trim().catch("").pipe(z.string().min(1, ticketTexts.replyRequired).max(MESSAGE_MAX, ticketTexts.messageTooLong)),
});

/** The staff inbox's filters, from its URL. */
export const staffInboxFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((query) => query.slice(0, 100))
    .catch(""),
  status: z
    .enum([...TICKET_STATUSES, "open"])
    .nullable()
    .catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type StaffInboxFilters = z.infer<typeof staffInboxFiltersSchema>;

export function parseStaffInboxFilters(params: URLSearchParams): StaffInboxFilters {
  return staffInboxFiltersSchema.parse({ q: params.get("q") ?? "", status: params.get("status") || null, page: params.get("page") ?? 1 });
}
