// The reply-crash spec's embedded database in DATA_DIR, written and read while no server runs on it
// (PGlite has one process at a time). Prints one JSON line.
// `prepare <email> <password>`: migrations, the starter catalogue, a confirmed person with 500 tokens
// and a chat with the first published character: { sessionId }.
// `ledger <email>`: the person's balance, reservations (oldest first) and token rows.
import path from "node:path";
import { hashPassword } from "~/modules/auth/password.server";
import { startChat } from "~/modules/chat/sessions.server";
import { openDatabase } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";

const [command, email, password] = process.argv.slice(2);
const database = openDatabase({ kind: "pglite", dataDir: path.resolve(process.env.DATA_DIR!, "pglite") });
useDatabaseForTests(database);
const prisma = database.prisma;

if (command === "prepare") {
  await prepareDatabase(database, { seed: true });
  const person = await prisma.user.create({
    data: { email: email!, passwordHash: await hashPassword(password!), name: "Crash Test", status: "active", emailVerifiedAt: new Date() },
  });
  await credit(person.id, { type: "free", amount: 500, description: "Monthly free tokens" });
  const character = await prisma.character.findFirstOrThrow({ where: { isPublished: true }, orderBy: { createdAt: "desc" } });
  console.log(JSON.stringify({ sessionId: await startChat(person.id, character.id) }));
} else {
  const person = await prisma.user.findUniqueOrThrow({ where: { email: email! } });
  const reservations = await prisma.tokenReservation.findMany({ where: { userId: person.id }, orderBy: { createdAt: "asc" } });
  const rows = await prisma.tokenTransaction.findMany({ where: { userId: person.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  console.log(
    JSON.stringify({
      balance: (await getBalance(person.id)).total,
      reservations: reservations.map(({ id, status, freeAmount, purchasedAmount, finalCost }) => ({
        id,
        status,
        held: freeAmount + purchasedAmount,
        finalCost,
      })),
      rows: rows.map(({ transactionType, amount, description, referenceId }) => ({ transactionType, amount, description, referenceId })),
    }),
  );
}
await database.close();
