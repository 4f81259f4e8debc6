import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";

/** Who made an admin write. */
export type AuditActor = { id: string; email: string };

/** One admin write, as the audit log shows it. `before`/`after` are short summaries, never secrets. */
export type AuditRecord = {
  /** e.g. "create", "update", "delete", "publish", "grant-tokens" */
  action: string;
  /** e.g. "plan", "user", "character", "chat-model", "banner" */
  entityType: string;
  entityId?: string | null;
  summary: string;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
};

type Writer = Pick<Prisma.TransactionClient, "auditEntry">;

/**
 * Records an admin write. Pass the transaction client of the write itself, so the write and its
 * audit row are committed together or not at all.
 */
export async function recordAudit(actor: AuditActor, record: AuditRecord, db: Writer = prisma()) {
  await db.auditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      action: record.action,
      entityType: record.entityType,
      entityId: record.entityId ?? null,
      summary: record.summary.slice(0, 500),
      before: record.before ?? undefined,
      after: record.after ?? undefined,
    },
  });
}

/**
 * Runs an admin write and records it in one transaction. `work` gets the transaction client and
 * returns its result with the audit record to keep.
 */
export async function auditedWrite<T>(actor: AuditActor, work: (tx: Prisma.TransactionClient) => Promise<{ result: T; audit: AuditRecord }>): Promise<T> {
  return prisma().$transaction(async (tx) => {
    const { result, audit } = await work(tx);
    await recordAudit(actor, audit, tx);
    return result;
  });
}

export const AUDIT_PAGE_SIZE = 25;

export type AuditFilters = { entityType?: string; action?: string; actor?: string; page?: number };

/** The audit log, newest first, filtered by entity type, action and actor e-mail (contains, case-insensitive). */
export async function listAuditEntries({ entityType, action, actor, page = 1 }: AuditFilters) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(entityType ? { entityType } : {}),
    ...(action ? { action } : {}),
    ...(actor ? { actorEmail: { contains: actor, mode: "insensitive" } } : {}),
  };
  const [entries, total] = await Promise.all([
    prisma().auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    prisma().auditEntry.count({ where }),
  ]);
  return { entries, total, page, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** The entity types and actions that occur, for the filters. */
export async function auditFilterChoices() {
  const [types, actions] = await Promise.all([
    prisma().auditEntry.findMany({ distinct: ["entityType"], select: { entityType: true }, orderBy: { entityType: "asc" } }),
    prisma().auditEntry.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  return { entityTypes: types.map((row) => row.entityType), actions: actions.map((row) => row.action) };
}
