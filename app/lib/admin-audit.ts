import { z } from "zod";
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
