import { randomUUID } from "node:crypto";
import { packageFormSchema, type PackageInput } from "~/lib/admin-catalogue";
import { catalogueChanged } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { parseEditorForm } from "./console.server";

/**
 * Token packages as the admin console manages them. The Tokens pages and Checkout offer only the
 * active ones (payments/checkout.server.ts), so deactivating a package stops its sale at once.
 */

/** Every package, active or not, in the order the Tokens page shows them. */
export async function listPackagesForAdmin() {
  return prisma().tokenPackage.findMany({ orderBy: [{ seq: "asc" }, { name: "asc" }] });
}

async function findPackage(packageId: string) {
  const found = packageId.length <= 64 ? await prisma().tokenPackage.findUnique({ where: { id: packageId } }) : null;
  if (!found) throw new NotFoundError();
  return found;
}

/** The package as its edit form shows it. */
export async function getPackageForEdit(packageId: string) {
  const found = await findPackage(packageId);
  return { ...found, price: (found.priceCents / 100).toFixed(2) };
}

export const getPackageForDelete = findPackage;

/** The package form as sent. */
export function packageFormValues(form: FormData) {
  return {
    name: String(form.get("name") ?? ""),
    tokens: String(form.get("tokens") ?? ""),
    price: String(form.get("price") ?? ""),
    discount: String(form.get("discount") ?? "0"),
    isPopular: form.get("isPopular") === "on",
    isActive: form.get("isActive") === "on",
  };
}

/** The package form, validated; a refusal carries the field errors and what was sent, so the form shows it again. */
export function parsePackageForm(form: FormData): PackageInput {
  return parseEditorForm(packageFormSchema, packageFormValues(form), "Failed to save the package");
}

const summaryOf = (item: { name: string; tokens: number; priceCents: number; discount: number; isActive: boolean; isPopular: boolean }) => ({
  name: item.name,
  tokens: item.tokens,
  priceCents: item.priceCents,
  discount: item.discount,
  isActive: item.isActive,
  isPopular: item.isPopular,
});

export async function createPackage(actor: AuditActor, input: PackageInput) {
  const created = await auditedWrite(actor, async (tx) => {
    const last = await tx.tokenPackage.aggregate({ _max: { seq: true } });
    const row = await tx.tokenPackage.create({ data: { id: randomUUID(), ...input, seq: (last._max.seq ?? -1) + 1 } });
    return {
      result: row,
      audit: { action: "create", entityType: "token-package", entityId: row.id, summary: `Created token package ${row.name}`, after: summaryOf(row) },
    };
  });
  await catalogueChanged();
  return created;
}

/** Saves a package. Checkouts already started keep the price and tokens they were started with (their payment row holds them). */
export async function updatePackage(actor: AuditActor, packageId: string, input: PackageInput) {
  const before = await findPackage(packageId);
  const updated = await auditedWrite(actor, async (tx) => {
    const row = await tx.tokenPackage.update({ where: { id: packageId }, data: input });
    return {
      result: row,
      audit: {
        action: "update",
        entityType: "token-package",
        entityId: row.id,
        summary: `Updated token package ${row.name}`,
        before: summaryOf(before),
        after: summaryOf(row),
      },
    };
  });
  await catalogueChanged();
  return updated;
}

/** The Active switch: an inactive package is neither shown nor sold. */
export async function setPackageActive(actor: AuditActor, packageId: string, isActive: boolean) {
  const before = await findPackage(packageId);
  const updated = await auditedWrite(actor, async (tx) => {
    const row = await tx.tokenPackage.update({ where: { id: packageId }, data: { isActive } });
    const action = isActive ? "activate" : "deactivate";
    return {
      result: row,
      audit: {
        action,
        entityType: "token-package",
        entityId: row.id,
        summary: `${isActive ? "Activated" : "Deactivated"} token package ${row.name}`,
        before: { isActive: before.isActive },
        after: { isActive },
      },
    };
  });
  await catalogueChanged();
  return updated;
}

/** Deletes a package; payments keep their tokens and amount, and the Billing page names them "Token package". */
export async function deletePackage(actor: AuditActor, packageId: string) {
  const before = await findPackage(packageId);
  await auditedWrite(actor, async (tx) => {
    const { count } = await tx.tokenPackage.deleteMany({ where: { id: packageId } });
    if (count === 0) throw new NotFoundError();
    return {
      result: null,
      audit: { action: "delete", entityType: "token-package", entityId: packageId, summary: `Deleted token package ${before.name}`, before: summaryOf(before) },
    };
  });
  await catalogueChanged();
}
