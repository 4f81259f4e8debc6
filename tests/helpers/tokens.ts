import { randomUUID } from "node:crypto";
import { prisma } from "~/modules/db/db.server";

/** A verified account with no tokens. */
export async function newUser(email = `ledger.${randomUUID()}@example.com`) {
  const user = await prisma().user.create({ data: { email, status: "active", emailVerifiedAt: new Date() } });
  return user.id;
}

/** Adds minus deducts over the account's transaction rows: must always equal its balance. */
export async function ledgerSum(userId: string) {
  const [row] = await prisma().$queryRaw<{ sum: number }[]>`
    SELECT COALESCE(SUM(CASE transaction_type WHEN 'add' THEN amount ELSE -amount END), 0)::int AS sum
    FROM token_transactions WHERE user_id = ${userId}::uuid`;
  return row!.sum;
}
