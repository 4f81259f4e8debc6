import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { AppError } from "~/modules/http/errors.server";

/**
 * Fixed-window rate limits kept in the `rate_limits` table, so every app instance counts against
 * the same numbers. Keys are opaque: callers choose and normalise them (`sign-in:ip:1.2.3.4`).
 *
 * Times are computed by the database, never by this process, so instances whose clocks disagree
 * still agree on a window. `reset_at` is a `timestamp` without time zone holding UTC, as Prisma
 * writes every DateTime, hence `sqlNow` rather than a bare `now()`: the bare
 * form would be stored in the session's time zone and shift windows on a non-UTC server.
 */

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitState = { limited: boolean; count: number; retryAfterSeconds: number };

/**
 * Sign-in rule from the product: 10 failures in 15 minutes, per client address and per (account,
 * client address); a known device counts for its account under its own id instead (decision 016).
 */
export const SIGN_IN_FAILURES: RateLimitRule = { limit: 10, windowSeconds: 900 };
/** The ceiling on one account's failures from all addresses together (known devices exempt): slows guessing spread over many addresses. */
export const SIGN_IN_ACCOUNT_FAILURES: RateLimitRule = { limit: 50, windowSeconds: 900 };

/** A request refused while a rate limit holds: 429, with the person's text and a Retry-After. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, code = "rate-limited") {
    super(code, 429, message, { headers: { "Retry-After": String(retryAfterSeconds) } });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type CounterRow = { count: number; secondsLeft: number };

/** Counts one event for key and says whether the key is now over its limit (count > limit). */
export async function recordAttempt(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await prisma().$queryRaw<CounterRow[]>(countAttemptSql(Prisma.sql`${key}::text`, rule));
  return toState(row.count, row.count > rule.limit, row.secondsLeft);
}

/**
 * Counts one event for each key (a request limited per account and per client address, say):
 * limited when any key is, to be tried again when the last of those windows ends.
 */
export async function recordAttempts(counts: [key: string, rule: RateLimitRule][]): Promise<RateLimitState> {
  const states = await Promise.all(counts.map(([key, rule]) => recordAttempt(key, rule)));
  const limited = states.filter((state) => state.limited);
  return {
    limited: limited.length > 0,
    count: Math.max(...states.map((state) => state.count)),
    retryAfterSeconds: Math.max(0, ...limited.map((state) => state.retryAfterSeconds)),
  };
}

/**
 * recordAttempt's count as a statement, for a caller that counts inside a larger one (a chat
 * reply counts in the statement that reserves its tokens): `key` is an SQL text expression, and
 * nothing is counted when it is NULL. Returns one row (count, "secondsLeft"), or none. The row
 * lock ON CONFLICT takes makes concurrent callers count in turn.
 */
export function countAttemptSql(key: Prisma.Sql, rule: RateLimitRule): Prisma.Sql {
  assertValidRule(rule);
  return Prisma.sql`
    INSERT INTO rate_limits (key, count, reset_at)
    SELECT counted_key, 1, ${sqlNow} + make_interval(secs => ${rule.windowSeconds}::double precision)
    FROM (SELECT ${key} AS counted_key) AS attempt WHERE counted_key IS NOT NULL
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${sqlNow} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${sqlNow} THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING
      count,
      ceil(extract(epoch FROM reset_at - ${sqlNow}))::int AS "secondsLeft"`;
}

/** Says whether key is already at or over its limit (count >= limit) without counting. */
export async function checkLimit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  assertValidRule(rule);
  const [row] = await prisma().$queryRaw<CounterRow[]>`
    SELECT count, ceil(extract(epoch FROM reset_at - ${sqlNow}))::int AS "secondsLeft"
    FROM rate_limits
    WHERE key = ${key} AND reset_at > ${sqlNow}`;
  // No row, or one whose window has passed: nothing counted yet in the current window.
  if (!row) return { limited: false, count: 0, retryAfterSeconds: 0 };
  return toState(row.count, row.count >= rule.limit, row.secondsLeft);
}

/**
 * Gives back one event counted in the current window, for a caller that counts an attempt before
 * knowing whether it is one to limit (a sign-in counts first and refunds its success). Never goes
 * below zero, and leaves a passed window alone.
 */
export async function refundAttempt(key: string): Promise<void> {
  await prisma().$executeRaw`
    UPDATE rate_limits SET count = count - 1
    WHERE key = ${key} AND count > 0 AND reset_at > ${sqlNow}`;
}

export async function clearLimit(key: string): Promise<void> {
  await prisma().$executeRaw`DELETE FROM rate_limits WHERE key = ${key}`;
}

/** Deletes every counter whose key starts with prefix (an account's counters per address, say). */
export async function clearLimitsStartingWith(prefix: string): Promise<void> {
  await prisma().$executeRaw`DELETE FROM rate_limits WHERE left(key, length(${prefix}::text)) = ${prefix}::text`;
}

/** Housekeeping: deletes counters whose window has passed and says how many went. */
export async function pruneExpiredLimits(): Promise<number> {
  return prisma().$executeRaw`DELETE FROM rate_limits WHERE reset_at <= ${sqlNow}`;
}

function toState(count: number, limited: boolean, secondsLeft: number): RateLimitState {
  return { limited, count, retryAfterSeconds: limited ? Math.max(1, secondsLeft) : 0 };
}

/** A rule of 0 or NaN would silently block or never block everybody; fail loudly instead. */
function assertValidRule(rule: RateLimitRule) {
  if (!Number.isInteger(rule.limit) || rule.limit < 1) {
    throw new RangeError(`Rate limit must be a positive integer, got ${rule.limit}`);
  }
  if (!Number.isFinite(rule.windowSeconds) || rule.windowSeconds <= 0) {
    throw new RangeError(`Rate limit window must be a positive number of seconds, got ${rule.windowSeconds}`);
  }
}
