// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// in DATA_DIR (stop the app first: embedded PGlite is used by one process at a time).
import { database } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";

const db = database();
try {
  const { applied } = await prepareDatabase(db, { seed: false });
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
