import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SqlRunner } from "./database.server";

/** The app's migrations, `prisma/migrations/<name>/migration.sql`. */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

/**
 * Applies pending `prisma/migrations/<name>/migration.sql` files and records them in
 * `_prisma_migrations` exactly as Prisma Migrate does (same table, same SHA-256 checksum), so
 * `prisma migrate deploy` and this runner can take turns on one database.
 */
export async function applyPendingMigrations(sql: SqlRunner, migrationsDir: string): Promise<string[]> {
  await sql.exec(MIGRATIONS_TABLE_DDL);
  // Like `prisma migrate deploy` (P3009): a migration recorded as failed needs a person first.
  const failed = await sql.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
  );
  if (failed.length) {
    throw new Error(`Migration ${failed[0].migration_name} is recorded as failed; resolve it (prisma migrate resolve) before starting`);
  }
  const applied = new Set(
    (
      await sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)
    ).map((row) => row.migration_name),
  );
  const pending = (await listMigrations(migrationsDir)).filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    await applyOne(sql, migration);
  }
  return pending.map((migration) => migration.name);
}

type Migration = { name: string; script: string };

export async function listMigrations(migrationsDir: string): Promise<Migration[]> {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, script: await fs.readFile(path.join(migrationsDir, name, "migration.sql"), "utf8") })));
}

async function applyOne(sql: SqlRunner, migration: Migration) {
  const checksum = createHash("sha256").update(migration.script).digest("hex");
  await sql.exec("BEGIN");
  try {
    await sql.exec(migration.script);
    await sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), checksum, migration.name],
    );
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}

const MIGRATIONS_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;
