import { prisma } from "~/modules/db/db.server";
import { sqlUtc } from "~/modules/db/sql.server";
import { folderUsage } from "~/modules/storage/storage.server";
import { claimMonth } from "~/modules/tokens/free-tokens.server";
import { getBalance, type Balance } from "~/modules/tokens/ledger.server";

/** What tokens are spent on: chat replies, and each kind of media a job makes. */
export const USAGE_KINDS = ["chat", "image", "video", "audio", "music", "other"] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Tokens a kind cost this month, and how many paid requests of it were charged (replies, generations). */
export type KindUsage = { tokens: number; requests: number };

export type MonthlyUsage = {
  /** YYYY-MM in UTC, the same month key as the free token claim */
  month: string;
  spent: { byKind: Record<UsageKind, KindUsage>; total: number };
  /** every file the person stores now, not only this month's: the uploads library, their chat attachments and their generated media */
  storage: { bytes: number; files: number };
  balance: Balance;
};

/** The first instant of `now`'s calendar month in UTC, and of the next one. */
export function utcMonthBounds(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * What the person used in the current calendar month (UTC), from real records only.
 *
 * Tokens spent are read from the ledger, not from reservation amounts: a reservation deducts
 * what it holds and its settle or release adds back what was not used, so the net of its rows
 * is exactly what was charged (a held one counts in full, as those tokens are gone for now).
 * Spending belongs to the month the reservation was made, so a refund that lands just after
 * midnight on the 1st never makes a month negative. A kind's count is the number of its
 * reservations that cost something, from the same rows, so the two always agree: a request
 * given back in full (it failed) is neither counted nor charged.
 */
export async function getMonthlyUsage(
  userId: string,
  { now = new Date(), balance = getBalance(userId) }: { now?: Date; balance?: Promise<Balance> } = {},
): Promise<MonthlyUsage> {
  const { start, end } = utcMonthBounds(now);
  const [byKind, uploads, attachments, generated, balanceNow] = await Promise.all([
    spentThisMonth(userId, start, end),
    prisma().upload.aggregate({ where: { userId }, _sum: { size: true }, _count: { _all: true } }),
    // Chat attachments have no row (spec: the chats bucket, {userId}/{uniqueId}/{filename}): what is stored is what counts.
    folderUsage("chats", userId),
    // Generated media (and its thumbnails) live at gallery/{userId}/...: counted as stored.
    folderUsage("gallery", userId),
    balance,
  ]);
  return {
    month: claimMonth(now),
    spent: { byKind, total: totalOf(byKind) },
    storage: {
      bytes: Number(uploads._sum.size ?? 0) + attachments.bytes + generated.bytes,
      files: uploads._count._all + attachments.files + generated.files,
    },
    balance: balanceNow,
  };
}

/** Tokens spent in `now`'s calendar month (UTC), all kinds together: the dashboard overview's figure. */
export async function tokensSpentThisMonth(userId: string, now = new Date()) {
  const { start, end } = utcMonthBounds(now);
  return totalOf(await spentThisMonth(userId, start, end));
}

function totalOf(byKind: Record<UsageKind, KindUsage>) {
  return USAGE_KINDS.reduce((sum, kind) => sum + byKind[kind].tokens, 0);
}

/**
 * Each reservation's kind: a chat reply, or the mode of the media job that holds it (its
 * reference); anything else is "other".
 */
async function spentThisMonth(userId: string, start: Date, end: Date): Promise<Record<UsageKind, KindUsage>> {
  // Timestamps are stored as UTC wall-clock time without a zone; converting the bounds the same
  // way keeps the comparison right whatever the database session's time zone is.
  const rows = await prisma().$queryRaw<{ kind: string; tokens: number; requests: number }[]>`
    WITH charged AS (
      SELECT CASE
               WHEN r.purpose = 'chat_message' THEN 'chat'
               WHEN r.purpose = 'media_job' AND j.mode IN ('image', 'video', 'audio', 'music') THEN j.mode
               ELSE 'other'
             END AS kind,
             COALESCE(SUM(CASE t.transaction_type WHEN 'deduct' THEN t.amount ELSE -t.amount END), 0) AS net
      FROM token_reservations r
      LEFT JOIN media_jobs j ON r.purpose = 'media_job' AND j.id::text = r.reference_id
      LEFT JOIN token_transactions t
        ON t.reference_type = 'reservation' AND t.reference_id = r.id::text AND t.user_id = r.user_id
      WHERE r.user_id = ${userId}::uuid
        AND r.created_at >= ${sqlUtc(start)}
        AND r.created_at < ${sqlUtc(end)}
      GROUP BY r.id, r.purpose, j.mode
    )
    SELECT kind, COALESCE(SUM(net), 0)::int AS tokens, (COUNT(*) FILTER (WHERE net > 0))::int AS requests
    FROM charged
    GROUP BY kind`;
  const byKind = Object.fromEntries(USAGE_KINDS.map((kind) => [kind, { tokens: 0, requests: 0 }])) as Record<UsageKind, KindUsage>;
  for (const row of rows) byKind[row.kind as UsageKind] = { tokens: row.tokens, requests: row.requests };
  return byKind;
}
