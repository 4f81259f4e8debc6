import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations, listMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { createTestDatabase } from "../helpers/database";

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

  it("rolls back a failing migration, names it, and applies it once it is fixed", async () => {
    const test = await createTestDatabase();
    cleanups.push(test.dispose);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-migrations-"));
    const migration = path.join(dir, "20990101000000_broken");
    fs.mkdirSync(migration);
    fs.writeFileSync(path.join(migration, "migration.sql"), `CREATE TABLE "half_done" (id int);\nSELECT no_such_function();`);

    await expect(test.database.withMigrationLock((sql) => applyPendingMigrations(sql, dir))).rejects.toThrow(/Migration 20990101000000_broken failed/);
    const leftovers = await test.database.prisma.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM pg_tables WHERE tablename = 'half_done'`;
    expect(Number(leftovers[0].count)).toBe(0);

    fs.writeFileSync(path.join(migration, "migration.sql"), `CREATE TABLE "half_done" (id int);`);
    expect(await test.database.withMigrationLock((sql) => applyPendingMigrations(sql, dir))).toEqual(["20990101000000_broken"]);
  });

  it("refuses to start over a migration that Prisma recorded as failed", async () => {
    const test = await createTestDatabase();
    cleanups.push(test.dispose);
    await test.database.prisma.$executeRaw`
      INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', 'y', '20990101000000_failed_elsewhere')`;
    await expect(test.database.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR))).rejects.toThrow(
      /20990101000000_failed_elsewhere is recorded as failed/,
    );
  });
});
