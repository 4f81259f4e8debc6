import { countWaitingSubmissions } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { sqlUtc } from "~/modules/db/sql.server";

/**
 * The admin dashboard's live figures (the spec's console showed fixed samples). Timestamps are
 * stored as UTC wall-clock time without a zone, so bounds are converted the same way in SQL and
 * days are UTC days.
 */

export const ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DailyActivity = { day: string; messages: number; replies: number };
export type TokenFlow = { granted: number; bought: number; spent: number; deducted: number };

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function dashboardFigures(now = new Date()) {
  const today = startOfUtcDay(now);
  const since = new Date(today.getTime() - (ACTIVITY_DAYS - 1) * DAY_MS);
  const [people, activity, tokens, revenue, openTickets, topCharacters, catalogue, waitingForReview] = await Promise.all([
    peopleFigures(now, today),
    dailyActivity(since, today),
    tokenFlow(since),
    revenueFigures(since),
    prisma().ticket.count({ where: { status: { notIn: ["closed", "completed"] } } }),
    mostChattedCharacters(since),
    catalogueFigures(),
    countWaitingSubmissions(),
  ]);
  return { people, activity, tokens, revenue, openTickets, topCharacters, catalogue, waitingForReview, since: isoDay(since), days: ACTIVITY_DAYS };
}

async function peopleFigures(now: Date, today: Date) {
  const [total, newThisWeek, activeToday] = await Promise.all([
    prisma().user.count(),
    prisma().user.count({ where: { createdAt: { gte: new Date(now.getTime() - 7 * DAY_MS) } } }),
    prisma().user.count({ where: { lastActiveAt: { gte: today } } }),
  ]);
  return { total, newThisWeek, activeToday };
}

/** Messages people sent and replies characters wrote, per UTC day, every day present (zeros included). */
async function dailyActivity(since: Date, today: Date): Promise<DailyActivity[]> {
  const rows = await prisma().$queryRaw<{ day: string; messages: number; replies: number }[]>`
    SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day,
           COUNT(*) FILTER (WHERE sender_type = 'user')::int AS messages,
           COUNT(*) FILTER (WHERE sender_type = 'agent')::int AS replies
    FROM chat_messages
    WHERE created_at >= ${sqlUtc(since)}
    GROUP BY 1`;
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DailyActivity[] = [];
  for (let time = since.getTime(); time <= today.getTime(); time += DAY_MS) {
    const day = isoDay(new Date(time));
    days.push({ day, messages: byDay.get(day)?.messages ?? 0, replies: byDay.get(day)?.replies ?? 0 });
  }
  return days;
}

/**
 * Tokens that moved since `since`: bought (package payments), granted (monthly claims, plan
 * allowances, admin grants), spent (model calls: reservations net of their refunds) and deducted
 * by admins.
 */
async function tokenFlow(since: Date): Promise<TokenFlow> {
  const [row] = await prisma().$queryRaw<TokenFlow[]>`
    SELECT
      COALESCE(SUM(amount) FILTER (WHERE transaction_type = 'add' AND reference_type = 'payment'), 0)::int AS bought,
      COALESCE(SUM(amount) FILTER (WHERE transaction_type = 'add' AND reference_type IS DISTINCT FROM 'payment' AND reference_type IS DISTINCT FROM 'reservation'), 0)::int AS granted,
      COALESCE(SUM(CASE transaction_type WHEN 'deduct' THEN amount ELSE -amount END) FILTER (WHERE reference_type = 'reservation'), 0)::int AS spent,
      COALESCE(SUM(amount) FILTER (WHERE transaction_type = 'deduct' AND reference_type IS DISTINCT FROM 'reservation'), 0)::int AS deducted
    FROM token_transactions
    WHERE created_at >= ${sqlUtc(since)}`;
  return row!;
}

/** Fulfilled payments' amounts in US cents: in the period and ever. */
async function revenueFigures(since: Date) {
  const [period, allTime] = await Promise.all([
    prisma().payment.aggregate({
      where: { status: "fulfilled", currency: "usd", fulfilledAt: { gte: since } },
      _sum: { amountCents: true },
      _count: { _all: true },
    }),
    prisma().payment.aggregate({ where: { status: "fulfilled", currency: "usd" }, _sum: { amountCents: true } }),
  ]);
  return { periodCents: period._sum.amountCents ?? 0, periodPayments: period._count._all, allTimeCents: allTime._sum.amountCents ?? 0 };
}

/** The characters people wrote to most since `since`, by messages sent. */
async function mostChattedCharacters(since: Date, limit = 5) {
  return prisma().$queryRaw<{ id: string; name: string; avatarUrl: string | null; messages: number; people: number }[]>`
    SELECT c.id::text AS id, c.name, c.avatar_url AS "avatarUrl", COUNT(*)::int AS messages, COUNT(DISTINCT m.user_id)::int AS people
    FROM chat_messages m
    JOIN chat_sessions s ON s.id = m.session_id
    JOIN chat_agents a ON a.id = s.agent_id
    JOIN characters c ON c.id = a.character_id
    WHERE m.sender_type = 'user' AND m.created_at >= ${sqlUtc(since)}
    GROUP BY c.id, c.name, c.avatar_url
    ORDER BY messages DESC, c.name
    LIMIT ${limit}`;
}

async function catalogueFigures() {
  const [characters, published, models] = await Promise.all([
    prisma().character.count(),
    prisma().character.count({ where: { isPublished: true } }),
    prisma().chatModel.count({ where: { isPublished: true } }),
  ]);
  return { characters, published, models };
}
