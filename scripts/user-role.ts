// `npm run user:role -- <email> <user|admin>`: changes an account's role (stop the app first when
// using the embedded database).
import { database } from "~/modules/db/db.server";

const [email, role] = process.argv.slice(2);
if (!email || (role !== "user" && role !== "admin")) {
  console.error("Usage: npm run user:role -- <email> <user|admin>");
  process.exit(2);
}
const db = database();
try {
  const updated = await db.prisma.user.updateMany({ where: { email: email.trim().toLowerCase() }, data: { role } });
  if (updated.count === 0) {
    console.error(`No account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role === "admin" ? "an admin" : "a user"}.`);
  }
} finally {
  await db.close();
}
