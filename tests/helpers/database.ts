import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openDatabase, type Database } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { applyPendingMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";

export type TestDatabase = { database: Database; url?: string; dispose(): Promise<void> };

/** True when integration tests run against a real PostgreSQL server. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, fully migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped afterwards). The app's modules use it.
 * A test of an upgrade passes the folder of the migrations it starts from.
 */
export async function createTestDatabase(migrationsDir = MIGRATIONS_DIR): Promise<TestDatabase> {
  if (!onPostgres) {
    const database = openDatabase({ kind: "pglite" });
    await database.withMigrationLock((sql) => applyPendingMigrations(sql, migrationsDir));
    useDatabaseForTests(database);
    return { database, dispose: () => database.close() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = openDatabase({ kind: "postgres", url, poolSize: 20 });
  await database.withMigrationLock((sql) => applyPendingMigrations(sql, migrationsDir));
  useDatabaseForTests(database);
  return {
    database,
    url,
    async dispose() {
      await database.close();
      await drop();
    },
  };
}

/**
 * For a test file whose tests each start from empty tables: a fresh database for the file
 * (createTestDatabase), emptied before every test. Its `database` is there once the file's
 * tests run.
 */
export function databaseEmptiedBeforeEachTest() {
  const file = {} as { database: Database };
  let created: TestDatabase | undefined;
  beforeAll(async () => {
    created = await createTestDatabase();
    file.database = created.database;
  });
  afterAll(() => created?.dispose());
  beforeEach(() => truncateAll(file.database));
  return file;
}

/** An empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createEmptyPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `cv_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Empties every table but the migration history, so each test starts clean. */
export async function truncateAll(database: Database) {
  const tables = await database.prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length === 0) return;
  await database.prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((table) => `"${table.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
}
