/**
 * Offline replacement for `prisma migrate dev --create-only --name <name>`.
 *
 *   node --experimental-wasm-modules --import tsx scripts/create-migration.ts <name>
 *   npm run db:migrate:create -- <name>
 *
 * Works from the current directory: reads prisma/schema.prisma, replays
 * prisma/migrations/<dir>/migration.sql (in folder-name order) into an
 * in-memory PGlite, diffs that state against the schema with the WASM schema
 * engine and, if anything changed, writes
 * prisma/migrations/<YYYYMMDDHHMMSS>_<name>/migration.sql plus
 * prisma/migrations/migration_lock.toml. Nothing is applied to a real database.
 *
 * Set DEBUG=schema-engine to see the engine's log lines, and MIGRATION_TIME (an ISO date) to name
 * the folder by that time when the clock sorts before the latest migration.
 */
import fs from "node:fs/promises";
import path from "node:path";
import {
  MIGRATION_LOCK_FILE,
  datasourceProvider,
  diffMigrationsToSchema,
  lockfileProvider,
  migrationLockContent,
  migrationTimestamp,
  oneLineError,
  readMigrations,
  slugifyMigrationName,
} from "./lib/schema-engine.ts";

// The schema engine is loaded lazily (see lib/schema-engine.ts), so we can
// hide Node's "Importing WebAssembly modules is an experimental feature"
// notice while keeping every other warning.
const defaultWarningListeners = process.listeners("warning");
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name === "ExperimentalWarning" && /WebAssembly/i.test(warning.message)) return;
  for (const listener of defaultWarningListeners) listener(warning);
});

const USAGE = "usage: create-migration <name>   (e.g. create-migration add_user_bio)";
const PROVIDER = "postgresql";

class UsageError extends Error {}

function parseName(argv: string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--name" || arg === "-n") {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value; ${USAGE}`);
      words.push(value);
    } else if (arg.startsWith("--name=")) {
      words.push(arg.slice("--name=".length));
    } else if (arg.startsWith("-")) {
      throw new UsageError(`unknown option ${arg}; ${USAGE}`);
    } else {
      words.push(arg);
    }
  }
  if (words.length === 0) throw new UsageError(`missing migration name; ${USAGE}`);
  const name = slugifyMigrationName(words.join(" "));
  if (name === "") throw new UsageError(`migration name "${words.join(" ")}" has no usable characters (letters/digits)`);
  return name;
}

async function main(): Promise<void> {
  const name = parseName(process.argv.slice(2));

  const cwd = process.cwd();
  const prismaDir = path.join(cwd, "prisma");
  const schemaPath = path.join(prismaDir, "schema.prisma");
  const migrationsDir = path.join(prismaDir, "migrations");
  const lockPath = path.join(migrationsDir, MIGRATION_LOCK_FILE);
  const rel = (p: string) => path.relative(cwd, p) || p;

  let schema: string;
  try {
    schema = await fs.readFile(schemaPath, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${rel(schemaPath)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const provider = datasourceProvider(schema);
  if (provider !== PROVIDER) {
    throw new Error(
      provider === undefined
        ? `${rel(schemaPath)} has no datasource block with a provider`
        : `${rel(schemaPath)} uses provider "${provider}", only "${PROVIDER}" is supported`,
    );
  }

  const existingLock = await fs.readFile(lockPath, "utf8").catch(() => null);
  if (existingLock !== null) {
    const lockProvider = lockfileProvider(existingLock);
    if (lockProvider !== undefined && lockProvider !== PROVIDER) {
      throw new Error(
        `${rel(lockPath)} is for provider "${lockProvider}" but the schema uses "${PROVIDER}"; ` + "migrations for another provider cannot be mixed",
      );
    }
  }

  const migrations = await readMigrations(migrationsDir);

  const debug = /(^|,)\s*(\*|schema-engine|create-migration)\s*(,|$)/.test(process.env.DEBUG ?? "");
  const { script, verificationProblems } = await diffMigrationsToSchema({
    schemaPath: rel(schemaPath),
    schema,
    migrations,
    configDir: cwd,
    onEngineLog: debug ? (line: string) => process.stderr.write(`[schema-engine] ${String(line).trim()}\n`) : undefined,
  });

  if (script === null) {
    console.log("No schema changes");
    return;
  }

  const dirName = `${migrationTimestamp(process.env.MIGRATION_TIME ? new Date(process.env.MIGRATION_TIME) : undefined)}_${name}`;
  const dir = path.join(migrationsDir, dirName);
  const last = migrations.at(-1)?.name;
  if (last !== undefined && dirName.localeCompare(last) <= 0) {
    throw new Error(`new migration ${dirName} would sort before the latest existing migration ${last}; check the system clock`);
  }
  try {
    await fs.mkdir(migrationsDir, { recursive: true });
    await fs.mkdir(dir); // non-recursive: fails if it already exists
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new Error(`the migration directory already exists at ${rel(dir)}`);
    }
    throw error;
  }
  const migrationFile = path.join(dir, "migration.sql");
  await fs.writeFile(migrationFile, script, "utf8");

  const lock = migrationLockContent(PROVIDER);
  if (existingLock !== lock) await fs.writeFile(lockPath, lock, "utf8");

  for (const problem of verificationProblems) process.stderr.write(`warning: ${problem}\n`);
  // `prisma migrate dev` would add a "Warnings" comment block for destructive
  // steps; the WASM engine's diff does not produce it, so at least flag them.
  const destructive = script.match(/^\s*(DROP TABLE|DROP TYPE|ALTER TABLE\b.*\b(DROP COLUMN|ALTER COLUMN\b.*\bTYPE)\b)/gim);
  if (destructive) {
    process.stderr.write(`warning: ${destructive.length} statement(s) drop or retype tables/columns/enums; review the migration for data loss\n`);
  }
  console.log(rel(migrationFile));
}

main().catch((error: unknown) => {
  const message = error instanceof UsageError ? error.message : oneLineError(error);
  process.stderr.write(`create-migration: ${message}\n`);
  process.exitCode = 1;
});
