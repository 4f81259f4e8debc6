// The account-deletion journey's database, read and written while its server is stopped (PGlite
// has one user at a time). `prepare <email>...`: a migrated, seeded database with each person
// holding something of every kind (tests/helpers/account-data.ts); prints their ids as JSON.
// `check <userId,characterId...>...`: what is left of each person (their folders and their characters'), and the accounts whose ledger does not add up.
import path from "node:path";
import { openDatabase } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { ledgerMismatches, personWithEverything, rowsOf, storedFilesOf } from "../helpers/account-data";
import { ACCOUNT_DELETION } from "./fixture-accounts";

const [command, ...args] = process.argv.slice(2);
const database = openDatabase({ kind: "pglite", dataDir: path.resolve(process.env.DATA_DIR!, "pglite") });
useDatabaseForTests(database);
const db = database.prisma;

if (command === "prepare") {
  await prepareDatabase(database, { seed: true });
  const character = await db.character.findFirstOrThrow({ where: { isPublished: true }, orderBy: { createdAt: "desc" } });
  const people: Record<string, { userId: string; privateId: string; publishedId: string }> = {};
  for (const email of args) {
    const person = await personWithEverything(email, ACCOUNT_DELETION.password, character.id);
    people[email] = { userId: person.userId, privateId: person.privateId, publishedId: person.publishedId };
  }
  console.log(JSON.stringify(people));
} else if (command === "check") {
  const left: Record<string, unknown> = {};
  for (const ids of args) {
    const [userId, ...characterIds] = ids.split(",") as [string, ...string[]];
    left[userId] = {
      user: await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, avatarUrl: true, passwordHash: true, status: true } }),
      rows: await rowsOf(userId),
      publishedCharacters: await db.character.count({ where: { createdById: userId, isPublished: true } }),
      transactions: await db.tokenTransaction.count({ where: { userId } }),
      files: await storedFilesOf(userId, characterIds),
    };
  }
  console.log(JSON.stringify({ left, ledgerMismatches: await ledgerMismatches(), pendingRemovals: await db.fileRemoval.count() }));
} else {
  throw new Error(`Unknown command ${command}`);
}
await database.close();
