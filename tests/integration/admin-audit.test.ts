import { describe, expect, it } from "vitest";
import { auditedWrite, auditFilterChoices, listAuditEntries, recordAudit } from "~/modules/audit/audit.server";
import { cachedCatalogueRead, catalogueChanged, listenForCatalogueChanges } from "~/modules/catalogue/cache.server";
import { database, prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "../helpers/accounts";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();

describe("the admin audit log", () => {
  it("records a write and its audit row together, and neither when the write fails", async () => {
    const admin = await confirmedAccount("root@example.com");
    const actor = { id: admin.id, email: admin.email };
    const category = await auditedWrite(actor, async (tx) => {
      const created = await tx.category.create({ data: { id: 90, name: "Robots", description: "Metal friends" } });
      return {
        result: created,
        audit: { action: "create", entityType: "category", entityId: String(created.id), summary: "Created Robots", after: { name: "Robots" } },
      };
    });
    expect(category.name).toBe("Robots");

    await expect(
      auditedWrite(actor, async (tx) => {
        await tx.category.create({ data: { id: 91, name: "Ghosts", description: "" } });
        throw new Error("the write failed half-way");
      }),
    ).rejects.toThrow("half-way");
    expect(await prisma().category.findUnique({ where: { id: 91 } })).toBeNull();

    const { entries, total } = await listAuditEntries({});
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({ actorEmail: "root@example.com", action: "create", entityType: "category", entityId: "90", after: { name: "Robots" } });
  });

  it("filters by entity type, action and actor, newest first, in pages", async () => {
    const ada = await confirmedAccount("ada@example.com");
    const bob = await confirmedAccount("bob@example.com");
    for (let i = 0; i < 30; i += 1) {
      await recordAudit(i % 2 ? ada : bob, {
        action: i % 3 ? "update" : "delete",
        entityType: i % 5 ? "plan" : "banner",
        entityId: String(i),
        summary: `change ${i}`,
      });
    }
    // Written within the same millisecond they would tie; a second apart, "newest first" has one answer.
    await prisma().$executeRaw`UPDATE audit_entries SET created_at = TIMESTAMP '2026-01-01' + entity_id::int * interval '1 second'`;
    const page1 = await listAuditEntries({});
    expect(page1).toMatchObject({ total: 30, pageCount: 2 });
    expect(page1.entries).toHaveLength(25);
    expect(page1.entries[0].summary).toBe("change 29");
    expect((await listAuditEntries({ page: 2 })).entries).toHaveLength(5);
    expect((await listAuditEntries({ entityType: "banner" })).total).toBe(6);
    expect((await listAuditEntries({ action: "delete" })).total).toBe(10);
    expect((await listAuditEntries({ actor: "ADA@" })).total).toBe(15);
    expect(await auditFilterChoices()).toEqual({ entityTypes: ["banner", "plan"], actions: ["delete", "update"] });
  });
});

describe("catalogue caches across instances", () => {
  it("forget their reads when another instance announces a catalogue write", async () => {
    const stop = await listenForCatalogueChanges();
    try {
      let reads = 0;
      const read = async () => ++reads;
      await cachedCatalogueRead("banners", read);
      expect(await cachedCatalogueRead("banners", read)).toBe(1);
      // Another instance's catalogueChanged(): a NOTIFY on the channel with its own id.
      await database().prisma.$executeRaw`SELECT pg_notify('catalogue_changes', 'another-instance')`;
      await expect.poll(() => cachedCatalogueRead("banners", read)).toBe(2);
      // This instance's own write clears at once.
      await catalogueChanged();
      expect(await cachedCatalogueRead("banners", read)).toBe(3);
    } finally {
      await stop();
    }
  });
});
