import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { listMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { createEmptyPostgresDatabase } from "../helpers/database";

// Included only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts).
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("start-up on PostgreSQL", () => {
  it("lets two instances start at once on one empty PostgreSQL database", async () => {
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
