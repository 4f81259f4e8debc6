import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { getBalance, InsufficientTokensError, toBalance, type Balance, type LedgerReference, type TokenType } from "./ledger.server";

/**
 * Corrections an admin makes by hand. A grant is the ledger's own `credit`; a deduction is here,
 * in the ledger's style: one statement that locks the balance, takes the tokens only when the
 * balance covers them and appends a transaction row per kind taken, so a balance never goes
 * negative and the rows keep adding up to it.
 */

type Runner = Pick<ReturnType<typeof prisma>, "$queryRaw">;

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/**
 * Takes `amount` tokens: the `takeFirst` kind first, the rest from the other kind. Throws
 * InsufficientTokensError (with the balance) when the total does not cover it, and nothing
 * changes. Pass `db` to make it part of a caller's transaction (the admin's audit row).
 */
export async function deductTokens(
  userId: string,
  entry: { takeFirst: TokenType; amount: number; description: string; reference?: LedgerReference },
  db: Runner = prisma(),
): Promise<Balance> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount < 1) throw new RangeError(`Invalid token amount: ${entry.amount}`);
  const freeFirst = entry.takeFirst === "free";
  const [row] = await db.$queryRaw<{ free: number; purchased: number }[]>`
    WITH locked AS (
      SELECT user_id, balance_free, balance_purchased, ${entry.amount}::int AS amount,
             CASE WHEN ${freeFirst}::boolean THEN LEAST(balance_free, ${entry.amount}::int)
                  ELSE ${entry.amount}::int - LEAST(balance_purchased, ${entry.amount}::int) END AS free_part
      FROM token_balances WHERE user_id = ${userId}::uuid
      FOR UPDATE
    ), debit AS (
      UPDATE token_balances b
      SET balance_free = l.balance_free - l.free_part,
          balance_purchased = l.balance_purchased - (l.amount - l.free_part),
          updated_at = ${utcNow}
      FROM locked l
      WHERE b.user_id = l.user_id AND l.balance_free + l.balance_purchased >= l.amount
      RETURNING b.user_id, l.free_part, l.amount - l.free_part AS purchased_part, b.balance_free, b.balance_purchased
    ), entries AS (
      INSERT INTO token_transactions (id, user_id, token_type, transaction_type, amount, description, reference_type, reference_id, created_at)
      SELECT gen_random_uuid(), d.user_id, part.token_type::"TokenType", 'deduct', part.amount, ${entry.description},
             ${entry.reference?.type ?? null}, ${entry.reference?.id ?? null}, ${utcNow}
      FROM debit d, LATERAL (VALUES ('free', d.free_part), ('purchased', d.purchased_part)) AS part(token_type, amount)
      WHERE part.amount > 0
    )
    SELECT balance_free AS free, balance_purchased AS purchased FROM debit`;
  if (!row) throw new InsufficientTokensError(entry.amount, await getBalance(userId, db));
  return toBalance(row);
}
