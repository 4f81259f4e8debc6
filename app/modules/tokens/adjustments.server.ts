import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { debitCtes, getBalance, InsufficientTokensError, toBalance, type Balance, type LedgerReference, type TokenType } from "./ledger.server";

/**
 * Corrections an admin makes by hand. A grant is the ledger's own `credit`; a deduction is here,
 * in the ledger's style: one statement that locks the balance, takes the tokens only when the
 * balance covers them and appends a transaction row per kind taken, so a balance never goes
 * negative and the rows keep adding up to it.
 */

type Runner = Pick<ReturnType<typeof prisma>, "$queryRaw">;

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
  const [row] = await db.$queryRaw<{ free: number; purchased: number }[]>`
    WITH ${debitCtes({ userId: Prisma.sql`${userId}::uuid`, cost: Prisma.sql`${entry.amount}::int`, takeFirst: entry.takeFirst })}, entries AS (
      INSERT INTO token_transactions (id, user_id, token_type, transaction_type, amount, description, reference_type, reference_id, created_at)
      SELECT gen_random_uuid(), d.user_id, part.token_type::"TokenType", 'deduct', part.amount, ${entry.description},
             ${entry.reference?.type ?? null}, ${entry.reference?.id ?? null}, ${sqlNow}
      FROM debit d, LATERAL (VALUES ('free', d.free_part), ('purchased', d.purchased_part)) AS part(token_type, amount)
      WHERE part.amount > 0
    )
    SELECT balance_free AS free, balance_purchased AS purchased FROM debit`;
  if (!row) throw new InsufficientTokensError(entry.amount, await getBalance(userId, db));
  return toBalance(row);
}
