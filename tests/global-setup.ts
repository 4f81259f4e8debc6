import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { TestProject } from "vitest/node";
import { applyPendingMigrations } from "~/modules/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped PGlite data folder with every migration applied (none when tests run on PostgreSQL). */
    migratedPGlite: string | null;
  }
}

/**
 * Starting PGlite from an empty folder runs initdb (seconds of WASM per test file); starting it from
 * a dump of an already migrated database takes a fraction of that. The dump is made once per run.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("migratedPGlite", null);
    return;
  }
  const pglite = new PGlite("memory://", { extensions: { pg_trgm } });
  await applyPendingMigrations(
    {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
    },
    path.resolve("prisma/migrations"),
  );
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-pglite-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedPGlite", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
