import type { AuditPageFilters } from "~/lib/admin-audit";
import { isDeletedEmail } from "~/lib/admin-users";
import { prisma } from "~/modules/db/db.server";
import { auditFilterChoices, listAuditEntries } from "./audit.server";
import { isUuid } from "~/modules/db/sql.server";

/**
 * The /admin/audit page: one page of entries with the filters' choices. Entries about people
 * name them by id (an e-mail kept there would outlive the account's deletion), so the page looks
 * up who each one is now.
 */
export async function auditLogPage(filters: AuditPageFilters) {
  const [list, choices] = await Promise.all([
    listAuditEntries({
      entityType: filters.entityType || undefined,
      action: filters.action || undefined,
      actor: filters.actor || undefined,
      page: filters.page,
    }),
    auditFilterChoices(),
  ]);
  const userIds = [
    ...new Set(list.entries.filter((entry) => entry.entityType === "user" && isUuid(entry.entityId ?? undefined)).map((entry) => entry.entityId!)),
  ];
  const people = userIds.length ? await prisma().user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [];
  const labels = new Map(people.map((person) => [person.id, isDeletedEmail(person.email) ? "Deleted user" : person.email]));
  const entries = list.entries.map((entry) => ({
    id: entry.id,
    createdAt: entry.createdAt,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    subject: entry.entityType === "user" && entry.entityId ? (labels.get(entry.entityId) ?? null) : null,
    summary: entry.summary,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  }));
  return { ...list, entries, choices };
}
