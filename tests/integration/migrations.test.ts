import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/modules/db/database.server";
import { applyPendingMigrations, listMigrations } from "~/modules/db/migrate.server";
import { MIGRATIONS_DIR, prepareDatabase } from "~/modules/db/startup.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { createEmptyPostgresDatabase, createTestDatabase, onPostgres } from "../helpers/database";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("migrations", () => {
  it("records every migration like prisma migrate, and a second run applies nothing", async () => {
    const test = await createTestDatabase();
    cleanups.push(test.dispose);
    const rows = await test.database.prisma.$queryRaw<{ migration_name: string; checksum: string; finished_at: Date | null }[]>`
      SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`;
    const files = await listMigrations(MIGRATIONS_DIR);
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(createHash("sha256").update(files[index].script).digest("hex"));
      expect(row.finished_at).not.toBeNull();
    }
    const again = await test.database.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR));
    expect(again).toEqual([]);
  });

  it.runIf(onPostgres)("lets two instances start at once on one empty PostgreSQL database", async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const first = openDatabase({ kind: "postgres", url });
    const second = openDatabase({ kind: "postgres", url });
    cleanups.push(async () => {
      await first.close();
      await second.close();
      await drop();
    });
    useDatabaseForTests(first);

    const results = await Promise.all([first, second].map((database: Database) => prepareDatabase(database, { seed: true })));

    expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await first.prisma.category.count()).toBe(4);
    const recorded = await first.prisma.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM "_prisma_migrations"`;
    expect(Number(recorded[0].count)).toBe((await listMigrations(MIGRATIONS_DIR)).length);
  });
});
