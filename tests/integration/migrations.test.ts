import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations, listMigrations } from "~/modules/db/migrate.server";
import { MIGRATIONS_DIR } from "~/modules/db/startup.server";
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
});
