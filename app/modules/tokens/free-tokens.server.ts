import { FREE_MONTHLY_TOKENS, tokenTexts, type OutOfTokensOffer, type TokenTransactionView } from "~/lib/tokens";
import { isPaymentsConfigured } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { credit, getBalance, type Balance, type Runner } from "./ledger.server";

/** The calendar month (UTC) a claim counts against: YYYY-MM. */
export function claimMonth(now: Date) {
  return now.toISOString().slice(0, 7);
}

export type ClaimResult = { success: true; message: string; balance: Balance } | { success: false; message: string };

/**
 * The spec's claim_monthly_free_tokens: 500 free tokens once per calendar month. "Once" is the
 * unique (user, month) constraint: of any number of simultaneous claims exactly one inserts its
 * row, and the credit commits in the same transaction as that row. Given `db` (a transaction),
 * the claim joins it: confirming an account claims the month for its person in the same commit.
 */
export async function claimMonthlyFreeTokens(userId: string, now = new Date(), db?: Runner): Promise<ClaimResult> {
  if (db) return claimWithin(db, userId, now);
  return prisma().$transaction((tx) => claimWithin(tx, userId, now), { maxWait: 30_000, timeout: 30_000 });
}

async function claimWithin(db: Runner, userId: string, now: Date): Promise<ClaimResult> {
  const claimed = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO free_token_claims (id, user_id, month, amount, created_at)
    VALUES (gen_random_uuid(), ${userId}::uuid, ${claimMonth(now)}, ${FREE_MONTHLY_TOKENS}, ${now})
    ON CONFLICT (user_id, month) DO NOTHING
    RETURNING id::text AS id`;
  if (claimed.length === 0) return { success: false, message: tokenTexts.alreadyClaimedMessage };
  const balance = await credit(
    userId,
    { type: "free", amount: FREE_MONTHLY_TOKENS, description: "Monthly free tokens", reference: { type: "free_claim", id: claimed[0]!.id } },
    db,
  );
  return { success: true, message: tokenTexts.claimed, balance };
}

/** Whether `now`'s month's claim is still open to the person: what the claim offers (home, a refused message) ask. */
export async function canClaimFreeTokens(userId: string, now = new Date()) {
  const claim = await prisma().freeTokenClaim.findFirst({ where: { userId, month: claimMonth(now) }, select: { id: true } });
  return claim === null;
}

/** Where a person claims the free tokens and buys more. */
const TOKENS_PATH = "/dashboard/tokens";

/** The first day of the calendar month (UTC) after `now`'s: when the next free tokens can be claimed, YYYY-MM-DD. */
export function nextClaimDay(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/**
 * What a person short of tokens can do, and nothing that cannot work: claim this month's free
 * tokens while unclaimed, buy only when payments are on, and once the claim is used, the day the
 * next free tokens come.
 */
export async function outOfTokensOffer(userId: string, now = new Date()): Promise<OutOfTokensOffer> {
  const claimable = await canClaimFreeTokens(userId, now);
  return {
    ...(claimable && { claimTokens: TOKENS_PATH }),
    ...(isPaymentsConfigured() && { buyTokens: TOKENS_PATH }),
    ...(!claimable && { nextFreeTokens: { amount: FREE_MONTHLY_TOKENS, date: nextClaimDay(now) } }),
  };
}

export type TokenInfo = {
  balance: Balance;
  canClaimFree: boolean;
  freeTokenClaimedDate: string | null;
  recentTransactions: TokenTransactionView[];
};

/**
 * The spec's get_user_token_info: balances, whether `now`'s month's claim is open, the `recent`
 * latest transactions. A page passes the `balance` its header already reads (getRequestBalance).
 */
export async function getTokenInfo(
  userId: string,
  { now = new Date(), recent = 10, balance = getBalance(userId) }: { now?: Date; recent?: number; balance?: Promise<Balance> } = {},
): Promise<TokenInfo> {
  const [balanceNow, lastClaim, transactions] = await Promise.all([
    balance,
    prisma().freeTokenClaim.findFirst({ where: { userId }, orderBy: { createdAt: "desc" }, select: { month: true, createdAt: true } }),
    prisma().tokenTransaction.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: recent,
      select: { id: true, createdAt: true, tokenType: true, transactionType: true, amount: true, description: true },
    }),
  ]);
  return {
    balance: balanceNow,
    canClaimFree: lastClaim?.month !== claimMonth(now),
    freeTokenClaimedDate: lastClaim?.createdAt.toISOString() ?? null,
    recentTransactions: transactions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
