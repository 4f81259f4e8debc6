// `npm run db:seed`: migrates, then seeds the starter catalogue into an empty database
// (stop the app first when using the embedded database).
import { database } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";

const db = database();
try {
  const { seeded } = await prepareDatabase(db, { seed: true });
  console.log(seeded ? "Seeded the starter catalogue." : "The database already has a catalogue; nothing was changed.");
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
