// Prepares the e2e server's embedded database before it starts: migrations, the starter
// catalogue, and 16 uncategorised characters so that "All" spans two pages of 50.
import path from "node:path";
import { openDatabase } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/db/startup.server";

export const EXTRA_CHARACTERS = 16;

const database = openDatabase({ kind: "pglite", dataDir: path.resolve(process.env.DATA_DIR ?? ".e2e-data", "pglite") });
useDatabaseForTests(database);
await prepareDatabase(database, { seed: true });
const oldest = await database.prisma.character.findFirst({ orderBy: { createdAt: "asc" } });
await database.prisma.character.createMany({
  data: Array.from({ length: EXTRA_CHARACTERS }, (_, index) => {
    const character = { name: `Pager Test ${String(index + 1).padStart(2, "0")}`, description: "A character that fills the second page.", tags: ["fixture"] };
    return {
      ...character,
      isPublished: true,
      avatarUrl: oldest?.avatarUrl,
      // Older than the starter catalogue, so they sort onto the last page.
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, index)),
    };
  }),
});
await database.close();
