import { Prisma } from "~/generated/prisma/client";
import type { OutOfTokensOffer } from "~/lib/tokens";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { AppError } from "~/modules/http/errors.server";
import { oncePerRequest } from "~/modules/http/per-request.server";

/**
 * The token ledger: the only code that changes a balance. Every change is one SQL statement
 * that updates the balance conditionally and appends its transaction rows, so a balance can
 * never go negative, two requests can never spend the same tokens, and the transaction rows
 * always add up to the balance (adds minus deducts).
 *
 * A model call first reserves its cost (the tokens leave the balance at once, free ones first),
 * then settles it (possibly for less, e.g. a stream stopped early) or releases it (the call
 * failed). Settle and release act only on a reservation that is still held, so each happens at
 * most once whatever the retries or races. Reservations nobody closes are released when they
 * expire. Paid calls use these through reservations.server.ts (`withReservation`), which owns
 * when a reservation is closed.
 */

export type TokenType = "free" | "purchased";
export type Balance = { free: number; purchased: number; total: number };
export type LedgerReference = { type: string; id: string };

/** Where a statement runs: the app's database by default, or a caller's transaction or other connection. */
export type Runner = Pick<ReturnType<typeof prisma>, "$queryRaw">;

/** How long a reservation may stay held before the sweeper gives it back, unless its purpose says otherwise (`ttlSeconds`). */
export const RESERVATION_TTL_SECONDS = 10 * 60;

/**
 * The balance does not cover a cost (402), with both figures. The text says what the tokens were
 * for when the caller knows (a chat message says "for this message"). A caller that knows the
 * person passes what they can do about it (`outOfTokensOffer`: claim, buy, or when the next free
 * tokens come); the refusal's body carries it beside the text.
 */
export class InsufficientTokensError extends AppError {
  constructor(
    readonly cost: number,
    readonly balance: Balance,
    message = `You need ${cost} tokens for this, and your balance is ${balance.total}.`,
    offer: OutOfTokensOffer = {},
  ) {
    super("insufficient-tokens", 402, message, { details: offer });
  }
}

function assertAmount(amount: number, allowZero = false) {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1)) throw new RangeError(`Invalid token amount: ${amount}`);
}

export async function getBalance(userId: string, db: Runner = prisma()): Promise<Balance> {
  const [row] = await db.$queryRaw<{ free: number; purchased: number }[]>`
    SELECT balance_free AS free, balance_purchased AS purchased FROM token_balances WHERE user_id = ${userId}::uuid`;
  return toBalance(row);
}

/**
 * The balance as a request's loaders show it (the header's and the page's): read once per
 * request, the same figure everywhere. Loaders only: a document POST runs its action and then
 * the loaders with the same request, so an action that read it first would leave them a stale
 * figure.
 */
export function getRequestBalance(request: Request, userId: string): Promise<Balance> {
  return oncePerRequest(request, `balance ${userId}`, () => getBalance(userId));
}

/**
 * Adds tokens of one kind and records why. Pass `db` to make the credit part of a caller's
 * transaction (a payment marked fulfilled, a monthly claim recorded): both happen or neither.
 */
export async function credit(
  userId: string,
  entry: { type: TokenType; amount: number; description: string; reference?: LedgerReference },
  db: Runner = prisma(),
): Promise<Balance> {
  assertAmount(entry.amount);
  const free = entry.type === "free" ? entry.amount : 0;
  const purchased = entry.amount - free;
  const [row] = await db.$queryRaw<{ free: number; purchased: number }[]>`
    WITH balance AS (
      INSERT INTO token_balances (user_id, balance_free, balance_purchased, updated_at)
      VALUES (${userId}::uuid, ${free}, ${purchased}, ${sqlNow})
      ON CONFLICT (user_id) DO UPDATE SET
        balance_free = token_balances.balance_free + EXCLUDED.balance_free,
        balance_purchased = token_balances.balance_purchased + EXCLUDED.balance_purchased,
        updated_at = EXCLUDED.updated_at
      RETURNING balance_free, balance_purchased
    ), entry AS (
      INSERT INTO token_transactions (id, user_id, token_type, transaction_type, amount, description, reference_type, reference_id, created_at)
      VALUES (gen_random_uuid(), ${userId}::uuid, ${entry.type}::"TokenType", 'add', ${entry.amount}, ${entry.description},
              ${entry.reference?.type ?? null}, ${entry.reference?.id ?? null}, ${sqlNow})
    )
    SELECT balance_free AS free, balance_purchased AS purchased FROM balance`;
  return toBalance(row);
}

export type Reservation = { id: string; free: number; purchased: number; balance: Balance };

/** What a reservation is for, as recorded on it and on its transaction rows. */
export type ReservationPurpose = { purpose: string; description: string; referenceId?: string | null; ttlSeconds?: number };

/**
 * Taking `cost` tokens from a balance, as the CTEs `locked` (the balance row, locked, with the
 * balance before, `cost` and `free_part`) and `debit` (the row after: user_id, free_part,
 * purchased_part, balance_free, balance_purchased), the `takeFirst` kind first and the rest from
 * the other. `userId` (a uuid) and `cost` are SQL expressions; nothing is taken when either is
 * NULL, the cost is below 1 or the balance does not cover it (then `debit` is empty).
 */
export function debitCtes({ userId, cost, takeFirst = "free" }: { userId: Prisma.Sql; cost: Prisma.Sql; takeFirst?: TokenType }): Prisma.Sql {
  const freePart = takeFirst === "free" ? Prisma.sql`LEAST(balance_free, ${cost})` : Prisma.sql`${cost} - LEAST(balance_purchased, ${cost})`;
  return Prisma.sql`
    locked AS (
      SELECT user_id, balance_free, balance_purchased, ${cost} AS cost, ${freePart} AS free_part
      FROM token_balances WHERE user_id = ${userId}
      FOR UPDATE
    ), debit AS (
      UPDATE token_balances b
      SET balance_free = l.balance_free - l.free_part,
          balance_purchased = l.balance_purchased - (l.cost - l.free_part),
          updated_at = ${sqlNow}
      FROM locked l
      WHERE b.user_id = l.user_id AND l.cost >= 1 AND l.balance_free + l.balance_purchased >= l.cost
      RETURNING b.user_id, l.free_part, l.cost - l.free_part AS purchased_part, b.balance_free, b.balance_purchased
    )`;
}

/**
 * The reservation as the CTEs `locked` (the balance row, locked, with the balance before), `debit`,
 * `held` (the reservation, if the balance covered the cost) and `entries`, for a statement that
 * does other work in the same round trip (a chat reply reads its context and reserves at once).
 * `userId` (a uuid) and `cost` are SQL expressions; nothing is held when either is NULL or the
 * cost is below 1, and `description` may be one too. The row lock taken by `locked` makes
 * concurrent reservations on one account queue; each then sees the balance the previous one left.
 */
export function reservationCtes(
  { userId, cost }: { userId: Prisma.Sql; cost: Prisma.Sql },
  {
    purpose,
    description,
    referenceId = null,
    ttlSeconds = RESERVATION_TTL_SECONDS,
  }: Omit<ReservationPurpose, "description"> & { description: string | Prisma.Sql },
): Prisma.Sql {
  return Prisma.sql`
    ${debitCtes({ userId, cost })}, held AS (
      INSERT INTO token_reservations (id, user_id, free_amount, purchased_amount, status, purpose, reference_id, expires_at, created_at)
      SELECT gen_random_uuid(), user_id, free_part, purchased_part, 'held', ${purpose}, ${referenceId},
             ${sqlNow} + make_interval(secs => ${ttlSeconds}::double precision), ${sqlNow}
      FROM debit
      RETURNING id, user_id, free_amount, purchased_amount
    ), entries AS (
      INSERT INTO token_transactions (id, user_id, token_type, transaction_type, amount, description, reference_type, reference_id, created_at)
      SELECT gen_random_uuid(), h.user_id, part.token_type::"TokenType", 'deduct', part.amount, ${description}, 'reservation', h.id::text, ${sqlNow}
      FROM held h, LATERAL (VALUES ('free', h.free_amount), ('purchased', h.purchased_amount)) AS part(token_type, amount)
      WHERE part.amount > 0
    )`;
}

/** Holds `cost` tokens for a model call, free ones first, or throws InsufficientTokensError with the current balance. */
export async function reserve(userId: string, cost: number, purpose: ReservationPurpose): Promise<Reservation> {
  assertAmount(cost);
  const [row] = await prisma().$queryRaw<{ id: string; free: number; purchased: number; balanceFree: number; balancePurchased: number }[]>`
    WITH ${reservationCtes({ userId: Prisma.sql`${userId}::uuid`, cost: Prisma.sql`${cost}::int` }, purpose)}
    SELECT h.id::text AS id, h.free_amount AS free, h.purchased_amount AS purchased,
           d.balance_free AS "balanceFree", d.balance_purchased AS "balancePurchased"
    FROM held h, debit d`;
  if (!row) throw new InsufficientTokensError(cost, await getBalance(userId));
  return { id: row.id, free: row.free, purchased: row.purchased, balance: toBalance({ free: row.balanceFree, purchased: row.balancePurchased }) };
}

export type Closing = { status: "settled" | "released"; refunded: number } | { status: "already-closed"; refunded: 0 };

/**
 * Keeps the reservation, charging `finalCost` (at most what was held; by default all of it) and
 * giving back the rest: purchased tokens first, as they were taken last. Idempotent.
 */
export function settle(reservationId: string, finalCost?: number, db: Runner = prisma()): Promise<Closing> {
  return close(db, reservationId, "settled", finalCost ?? null);
}

/** Gives every held token back (the call failed). Idempotent; a settled reservation stays settled. */
export function release(reservationId: string, db: Runner = prisma()): Promise<Closing> {
  return close(db, reservationId, "released", 0);
}

async function close(db: Runner, reservationId: string, status: "settled" | "released", finalCost: number | null): Promise<Closing> {
  const [row] = await db.$queryRaw<{ refunded: number }[]>`
    WITH ${closingCtes(Prisma.sql`${reservationId}::uuid`, status, finalCost)}
    SELECT (free_back + purchased_back)::int AS refunded FROM refund`;
  if (!row) return { status: "already-closed", refunded: 0 };
  return { status, refunded: row.refunded };
}

/**
 * Closing a reservation as the CTEs `closed` (the reservation, if it was still held), `refund`
 * (what goes back: free_back, purchased_back), `balance` and `entries`, for a statement that does
 * other work in the same round trip (a chat reply saved and paid for at once). Only a held
 * reservation changes state, and the refund rides in the same statement, so it happens exactly
 * once or not at all. `finalCost` (null: all that was held) is what a settle keeps.
 */
export function closingCtes(reservationId: Prisma.Sql, status: "settled" | "released", finalCost: number | null): Prisma.Sql {
  if (finalCost !== null) assertAmount(finalCost, true);
  return Prisma.sql`
    closed AS (
      UPDATE token_reservations r
      SET status = ${status}::"ReservationStatus",
          final_cost = LEAST(r.free_amount + r.purchased_amount, COALESCE(${status === "released" ? 0 : finalCost}::int, r.free_amount + r.purchased_amount)),
          closed_at = ${sqlNow}
      WHERE r.id = ${reservationId} AND r.status = 'held'
      RETURNING r.id, r.user_id, r.free_amount, r.purchased_amount, r.final_cost
    ), refund AS (
      SELECT c.id, c.user_id,
             LEAST(c.purchased_amount, c.free_amount + c.purchased_amount - c.final_cost) AS purchased_back,
             (c.free_amount + c.purchased_amount - c.final_cost) - LEAST(c.purchased_amount, c.free_amount + c.purchased_amount - c.final_cost) AS free_back
      FROM closed c
    ), balance AS (
      UPDATE token_balances b
      SET balance_free = b.balance_free + f.free_back, balance_purchased = b.balance_purchased + f.purchased_back, updated_at = ${sqlNow}
      FROM refund f
      WHERE b.user_id = f.user_id AND f.free_back + f.purchased_back > 0
    ), entries AS (
      INSERT INTO token_transactions (id, user_id, token_type, transaction_type, amount, description, reference_type, reference_id, created_at)
      SELECT gen_random_uuid(), f.user_id, part.token_type::"TokenType", 'add', part.amount,
             ${status === "released" ? "Refund: the request failed" : "Refund: unused tokens"}, 'reservation', f.id::text, ${sqlNow}
      FROM refund f, LATERAL (VALUES ('free', f.free_back), ('purchased', f.purchased_back)) AS part(token_type, amount)
      WHERE part.amount > 0
    )`;
}

/** How often each instance sweeps for reservations whose holder vanished: an indexed look-up, nearly always empty. */
export const RESERVATION_SWEEP_SECONDS = 5;

/** Releases reservations whose holder vanished (a crash, a lost connection). Safe on every instance at once. */
export async function releaseExpiredReservations(): Promise<number> {
  const expired = await prisma().$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM token_reservations WHERE status = 'held' AND expires_at < ${sqlNow} ORDER BY expires_at LIMIT 500`;
  let released = 0;
  for (const { id } of expired) if ((await release(id)).status === "released") released += 1;
  return released;
}

export function toBalance(row: { free: number | null; purchased: number | null } | undefined): Balance {
  const free = row?.free ?? 0;
  const purchased = row?.purchased ?? 0;
  return { free, purchased, total: free + purchased };
}
