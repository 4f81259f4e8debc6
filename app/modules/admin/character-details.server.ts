import type { Prisma } from "~/generated/prisma/client";
import { detailFormSchema, detailTexts } from "~/lib/admin-models";
import { detailOptionsSchema, parseDetailOptions, type DetailOption } from "~/lib/documents/detail-options";
import { fieldErrors } from "~/lib/forms";
import { catalogueChanged } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";

/** The character-detail definitions (spec section 3) in their order. */
const ORDER: Prisma.CharacterDetailDefinitionOrderByWithRelationInput[] = [{ seq: "asc" }, { id: "asc" }];

export type DetailInput = { name: string; description: string; options: DetailOption[] };
/** The detail form's values as shown: options one per line, an object as JSON. */
export type DetailFormValues = { name: string; description: string; options: string };

export async function listDetailsForAdmin() {
  const rows = await prisma().characterDetailDefinition.findMany({ orderBy: ORDER });
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, seq: row.seq, optionCount: parseDetailOptions(row.details).length }));
}

async function findDetail(detailId: string) {
  const id = /^\d{1,9}$/.test(detailId) ? Number(detailId) : null;
  const row = id === null ? null : await prisma().characterDetailDefinition.findUnique({ where: { id } });
  if (!row) throw new NotFoundError();
  return row;
}

export async function getDetail(detailId: string) {
  const row = await findDetail(detailId);
  return { id: row.id, name: row.name, values: formValuesOf(row.name, row.description, parseDetailOptions(row.details)) };
}

const formValuesOf = (name: string, description: string, options: DetailOption[]): DetailFormValues => ({
  name,
  description,
  options: options.map((option) => (typeof option === "string" ? option : JSON.stringify(option))).join("\n"),
});

/**
 * The detail form: Name required ('Name is required'), and options one per line, each plain text
 * or a JSON object with the same keys as the first object (lib/documents/detail-options).
 */
export function readDetailForm(form: FormData): DetailInput {
  const values: DetailFormValues = {
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    options: String(form.get("options") ?? ""),
  };
  const parsed = detailFormSchema.safeParse(values);
  const fields: Partial<Record<string, string>> = parsed.success ? {} : fieldErrors(parsed.error);
  const lines = values.options
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const read = lines.map((line, index) => {
    if (!line.startsWith("{")) return line;
    try {
      return JSON.parse(line) as unknown;
    } catch {
      fields.options ??= detailTexts.badLine(index + 1);
      return line;
    }
  });
  const options = detailOptionsSchema.safeParse(read);
  if (!options.success) fields.options ??= options.error.issues[0]?.message ?? detailTexts.saveFailed;
  if (parsed.success && options.success && !fields.options) return { ...parsed.data, options: options.data };
  throw new AppError("invalid-input", 400, Object.values(fields)[0] ?? detailTexts.saveFailed, { details: { fields, values } });
}

const summaryOf = (detail: { name: string; description: string; details: unknown }) => ({
  name: detail.name,
  description: detail.description,
  options: parseDetailOptions(detail.details).length,
});

/** A new definition goes last: its seq is the current count (spec section 3). */
export async function createDetail(actor: AuditActor, input: DetailInput) {
  const created = await auditedWrite(actor, async (tx) => {
    const seq = await tx.characterDetailDefinition.count();
    const row = await tx.characterDetailDefinition.create({ data: { name: input.name, description: input.description, details: input.options, seq } });
    return {
      result: row,
      audit: {
        action: "create",
        entityType: "character-detail",
        entityId: String(row.id),
        summary: `Added character detail ${row.name}`,
        after: summaryOf(row),
      },
    };
  });
  await catalogueChanged();
  return created;
}

export async function updateDetail(actor: AuditActor, detailId: string, input: DetailInput) {
  const before = await findDetail(detailId);
  const updated = await auditedWrite(actor, async (tx) => {
    const row = await tx.characterDetailDefinition.update({
      where: { id: before.id },
      data: { name: input.name, description: input.description, details: input.options },
    });
    return {
      result: row,
      audit: {
        action: "update",
        entityType: "character-detail",
        entityId: String(row.id),
        summary: `Updated character detail ${row.name}`,
        before: summaryOf(before),
        after: summaryOf(row),
      },
    };
  });
  await catalogueChanged();
  return updated;
}

/** Gives every definition its place in `ids`' order (0, 1, 2…). */
async function renumber(tx: Prisma.TransactionClient, ids: number[]) {
  for (const [seq, id] of ids.entries()) await tx.characterDetailDefinition.update({ where: { id }, data: { seq } });
}

/** Move up or down: the definition swaps places with its neighbour; at either end nothing changes. */
export async function moveDetail(actor: AuditActor, detailId: string, direction: "up" | "down") {
  const detail = await findDetail(detailId);
  await auditedWrite(actor, async (tx) => {
    const ids = (await tx.characterDetailDefinition.findMany({ orderBy: ORDER, select: { id: true } })).map((row) => row.id);
    const from = ids.indexOf(detail.id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await renumber(tx, ids);
    return {
      result: null,
      audit: {
        action: direction === "up" ? "move-up" : "move-down",
        entityType: "character-detail",
        entityId: String(detail.id),
        summary: `Moved character detail ${detail.name} ${direction}`,
        before: { position: from + 1 },
        after: { position: ids.indexOf(detail.id) + 1 },
      },
    };
  });
  await catalogueChanged();
}

export async function deleteDetail(actor: AuditActor, detailId: string) {
  const before = await findDetail(detailId);
  await auditedWrite(actor, async (tx) => {
    const { count } = await tx.characterDetailDefinition.deleteMany({ where: { id: before.id } });
    if (count === 0) throw new NotFoundError();
    const rest = await tx.characterDetailDefinition.findMany({ orderBy: ORDER, select: { id: true } });
    await renumber(
      tx,
      rest.map((row) => row.id),
    );
    return {
      result: null,
      audit: {
        action: "delete",
        entityType: "character-detail",
        entityId: String(before.id),
        summary: `Deleted character detail ${before.name}`,
        before: summaryOf(before),
      },
    };
  });
  await catalogueChanged();
}
