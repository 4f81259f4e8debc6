import { z } from "zod";
import type { TextId } from "./i18n/ids";
import { listPage } from "./admin-lists";

/** The audit log's state from its URL (?type=&action=&actor=&page=); anything unreadable is ignored. */
const auditFiltersSchema = z.object({
  entityType: z.string().trim().max(40).catch(""),
  action: z.string().trim().max(40).catch(""),
  actor: z.string().trim().max(100).catch(""),
  page: listPage,
});

export type AuditPageFilters = z.infer<typeof auditFiltersSchema>;

export function parseAuditFilters(search: URLSearchParams): AuditPageFilters {
  return auditFiltersSchema.parse({
    entityType: search.get("type") ?? "",
    action: search.get("action") ?? "",
    actor: search.get("actor") ?? "",
    page: search.get("page") ?? 1,
  });
}

/** "grant-tokens" as "Grant tokens". */
export const auditLabel = (value: string) => (value.charAt(0).toUpperCase() + value.slice(1)).replace(/[-_]/g, " ");

/** The audit log's actions and record types in the page's language; one not listed shows as auditLabel gives it. */
const auditActions: Record<string, TextId> = {
  approve: "admin.audit.action.approve",
  activate: "admin.audit.action.activate",
  "change-role": "admin.audit.action.change-role",
  create: "admin.audit.action.create",
  deactivate: "admin.audit.action.deactivate",
  decline: "admin.audit.action.decline",
  "deduct-tokens": "admin.audit.action.deduct-tokens",
  delete: "admin.audit.action.delete",
  "grant-tokens": "admin.audit.action.grant-tokens",
  invite: "admin.audit.action.invite",
  "move-down": "admin.audit.action.move-down",
  "move-up": "admin.audit.action.move-up",
  publish: "admin.audit.action.publish",
  reactivate: "admin.audit.action.reactivate",
  "resend-invite": "admin.audit.action.resend-invite",
  "set-status": "admin.audit.action.set-status",
  suspend: "admin.audit.action.suspend",
  unpublish: "admin.audit.action.unpublish",
  update: "admin.audit.action.update",
};

const auditTypes: Record<string, TextId> = {
  banner: "admin.audit.type.banner",
  character: "admin.audit.type.character",
  "character-detail": "admin.audit.type.character-detail",
  "chat-model": "admin.audit.type.chat-model",
  plan: "admin.audit.type.plan",
  ticket: "admin.audit.type.ticket",
  "token-package": "admin.audit.type.token-package",
  user: "admin.audit.type.user",
};

/** An action's or a record type's words: `t` of its text when the log knows it, else auditLabel's. */
export function auditText(t: (id: TextId) => string, kind: "action" | "type", value: string) {
  const table = kind === "action" ? auditActions : auditTypes;
  return Object.hasOwn(table, value) ? t(table[value]!) : auditLabel(value);
}
