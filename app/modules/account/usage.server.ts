import { prisma } from "~/modules/db/db.server";
import { folderUsage } from "~/modules/storage/storage.server";
import { claimMonth } from "~/modules/tokens/free-tokens.server";
import { getBalance, type Balance } from "~/modules/tokens/ledger.server";

export type MonthlyUsage = {
  /** YYYY-MM in UTC, the same month key as the free token claim */
  month: string;
  spent: { chatMessages: number; images: number; other: number; total: number };
  /** the person's own messages this month: what they asked, not the replies (a Regenerate asks nothing new) */
  messagesSent: number;
  imagesGenerated: number;
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
 * midnight on the 1st never makes a month negative.
 */
export async function getMonthlyUsage(
  userId: string,
  { now = new Date(), balance = getBalance(userId) }: { now?: Date; balance?: Promise<Balance> } = {},
): Promise<MonthlyUsage> {
  const { start, end } = utcMonthBounds(now);
  const thisMonth = { gte: start, lt: end };
  const [{ chatMessages, images, other }, messagesSent, imagesGenerated, uploads, attachments, generated, balanceNow] = await Promise.all([
    spentThisMonth(userId, start, end),
    prisma().chatMessage.count({ where: { userId, senderType: "user", createdAt: thisMonth } }),
    prisma().galleryImage.count({ where: { userId, createdAt: thisMonth } }),
    prisma().upload.aggregate({ where: { userId }, _sum: { size: true }, _count: { _all: true } }),
    // Chat attachments have no row (spec: the chats bucket, {userId}/{uniqueId}/{filename}): what is stored is what counts.
    folderUsage("chats", userId),
    // Generated media (and its thumbnails) live at gallery/{userId}/...: counted as stored.
    folderUsage("gallery", userId),
    balance,
  ]);
  return {
    month: claimMonth(now),
    spent: { chatMessages, images, other, total: chatMessages + images + other },
    messagesSent,
    imagesGenerated,
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
  const { chatMessages, images, other } = await spentThisMonth(userId, start, end);
  return chatMessages + images + other;
}

type SpentRow = { chatMessages: number; images: number; other: number };

async function spentThisMonth(userId: string, start: Date, end: Date): Promise<SpentRow> {
  // Timestamps are stored as UTC wall-clock time without a zone; converting the bounds the same
  // way keeps the comparison right whatever the database session's time zone is.
  const from = start.toISOString();
  const to = end.toISOString();
  const [row] = await prisma().$queryRaw<SpentRow[]>`
    WITH charged AS (
      SELECT r.purpose,
             COALESCE(SUM(CASE t.transaction_type WHEN 'deduct' THEN t.amount ELSE -t.amount END), 0) AS net
      FROM token_reservations r
      LEFT JOIN token_transactions t
        ON t.reference_type = 'reservation' AND t.reference_id = r.id::text AND t.user_id = r.user_id
      WHERE r.user_id = ${userId}::uuid
        AND r.created_at >= (${from}::timestamptz AT TIME ZONE 'UTC')
        AND r.created_at < (${to}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY r.id, r.purpose
    )
    SELECT COALESCE(SUM(net) FILTER (WHERE purpose = 'chat_message'), 0)::int AS "chatMessages",
           COALESCE(SUM(net) FILTER (WHERE purpose = 'image'), 0)::int AS images,
           COALESCE(SUM(net) FILTER (WHERE purpose NOT IN ('chat_message', 'image')), 0)::int AS other
    FROM charged`;
  return row ?? { chatMessages: 0, images: 0, other: 0 };
}
