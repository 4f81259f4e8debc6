import { applyAdminEmail } from "~/modules/auth/admin.server";
import type { Database } from "~/modules/db/database.server";
import { applyPendingMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { logger } from "~/modules/logging/logger.server";
import { redrawSeedPortraits } from "~/modules/seed/seed-portraits.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";

/**
 * Brings the database up to date before the server listens: pending migrations, the seed when
 * the catalogue is empty (or else the seed portraits drawn anew since), and fresh planner
 * statistics. Both run under the migration lock, so instances that start at the same time on one
 * empty database take turns and the second finds the work done.
 */
export async function prepareDatabase(database: Database, options: { seed: boolean }) {
  return database.withMigrationLock(async (sql) => {
    const applied = await applyPendingMigrations(sql, MIGRATIONS_DIR);
    if (applied.length) logger.info({ applied }, "applied database migrations");
    const seeded = options.seed ? await seedCatalogueIfEmpty(database.prisma) : false;
    if (seeded) logger.info("seeded an empty database with the starter catalogue");
    const redrawn = options.seed && !seeded ? await redrawSeedPortraits(database.prisma) : 0;
    if (redrawn) logger.info({ redrawn }, "redrew seed portraits still on an earlier drawing");
    const published = await publishStarterModelsWithKeys(database.prisma);
    if (published) logger.info({ published }, "published starter models whose platform key is now configured");
    await applyAdminEmail(database.prisma);
    // Fresh statistics let the planner pick the search index; PGlite has no autovacuum to do it.
    await sql.exec("ANALYZE characters");
    return { applied, seeded };
  });
}
