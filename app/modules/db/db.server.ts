import path from "node:path";
import { env } from "~/modules/config/env.server";
import { openDatabase, type Database } from "./database.server";

const globalForDb = globalThis as unknown as { __database?: Database };

/** The process-wide database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function database(): Database {
  globalForDb.__database ??= openDatabase(
    env().DATABASE_URL ? { kind: "postgres", url: env().DATABASE_URL! } : { kind: "pglite", dataDir: path.join(env().DATA_DIR, "pglite") },
  );
  return globalForDb.__database;
}

export function prisma() {
  return database().prisma;
}

/** Lets tests point the app at their own database. */
export function useDatabaseForTests(testDatabase: Database | undefined) {
  globalForDb.__database = testDatabase;
}
