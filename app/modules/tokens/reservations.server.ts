import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { closingCtes, release, reserve, settle, type Closing, type Reservation, type ReservationPurpose, type Runner } from "./ledger.server";

/**
 * The one way a paid call (a chat reply, a media job, a generated avatar) spends tokens: its cost
 * is reserved, the work runs, and the reservation is closed exactly once, settled for what the
 * work says it cost or released. Nothing outside this module settles or releases a reservation.
 *
 * Within one request, `withReservation` owns the ending. Work that outlives its request (a media
 * job finished by a webhook or a poll, on any instance) holds its reservation with
 * `holdReservation` and closes it later by id with `settleReservation` or `releaseReservation`:
 * the first close wins, and any later one is refused with ReservationClosedError. A holder that
 * crashes closes nothing; the sweep (`releaseExpiredReservations`) gives the tokens back once the
 * reservation's `ttlSeconds` have passed. A holder that works on may keep it open for longer
 * (`keepReservationOpenSql`: a chat reply renews its reservation with its lease, decision 036).
 */

/** How long a reservation held across requests (a media job) may stay open before the sweep gives it back. */
export const LONG_RESERVATION_TTL_SECONDS = 24 * 60 * 60;

/** A late settle or release of a reservation that was already closed (by its holder, another instance, or the sweep). */
export class ReservationClosedError extends AppError {
  constructor(readonly reservationId: string) {
    super("reservation-closed", 409, "These tokens were already charged or given back.");
  }
}

/**
 * How paid work ended: keep the tokens (all that were held, or `finalCost` of them), or give them
 * all back; or the work closed its reservation itself, in a statement of its own (`closedAlong`).
 * `value` goes to the caller.
 */
export type PaidOutcome<T> = { value: T; keep: true; finalCost?: number } | { value: T; keep: false } | { value: T; closedAlong: { wasHeld: boolean } };

/** The work was done: the reservation is settled, for `finalCost` when it cost less than was held. */
export function charge<T>(value: T, finalCost?: number): PaidOutcome<T> {
  return { value, keep: true, finalCost };
}

/** The work failed, and `value` says how: every held token goes back. */
export function refund<T>(value: T): PaidOutcome<T> {
  return { value, keep: false };
}

/**
 * The work closed its reservation in a statement that did its other work too (closingReservationCtes):
 * nothing is left to close. `wasHeld`: whether that statement found the reservation still held.
 */
export function closedAlong<T>(value: T, { wasHeld }: { wasHeld: boolean }): PaidOutcome<T> {
  return { value, closedAlong: { wasHeld } };
}

/**
 * Settling (`keep`, for `finalCost` if given) or releasing a held reservation as CTEs, for paid
 * work that ends in one statement with its other writes (a chat reply saved, paid for, announced
 * and its chat let go: decision 038). The statement reads `closed` (one row when the reservation
 * was still held) and the work returns `closedAlong`. If the statement fails, nothing of it was
 * done, and withReservation releases the reservation as after any failure.
 */
export function closingReservationCtes(reservationId: string, outcome: { keep: true; finalCost?: number } | { keep: false }): Prisma.Sql {
  return closingCtes(Prisma.sql`${reservationId}::uuid`, outcome.keep ? "settled" : "released", outcome.keep ? (outcome.finalCost ?? null) : 0);
}

/**
 * What a paid call holds: a cost to reserve now (below 1: a free call, nothing held), or the id of
 * a reservation already held by a statement that reserved along with other work (a chat reply's
 * opening statement, decision 007), null when that call was free.
 */
export type PaidHold = { userId: string; cost: number; purpose: ReservationPurpose } | { reservationId: string | null };

/**
 * Runs paid work and closes its reservation exactly once, however it ends:
 * - the work returns `charge(value, finalCost?)`: settled (for less, if it says so);
 * - it returns `refund(value)` (a failure it reports): released;
 * - it returns `closedAlong(value)`: its own statement settled or released it (closingReservationCtes);
 * - it throws, an abort included: released, and the error is thrown on.
 * `signal` is handed to the work, which decides what an abort means (a chat reply keeps and pays
 * for the words received): an abort before the work starts reserves nothing, or releases a held
 * reservation. A crash of the process closes nothing; the sweep releases the reservation when it
 * expires. If closing itself fails (the database is away) or finds the reservation closed already
 * (expired meanwhile), that is logged and the work's value still returned: it was done.
 */
export async function withReservation<T>(
  hold: PaidHold,
  work: (paid: { reservationId: string | null; signal?: AbortSignal }) => Promise<PaidOutcome<T>>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  let reservationId: string | null;
  if ("reservationId" in hold) reservationId = hold.reservationId;
  else {
    signal?.throwIfAborted();
    reservationId = hold.cost >= 1 ? (await reserve(hold.userId, hold.cost, hold.purpose)).id : null;
  }
  let outcome: PaidOutcome<T>;
  try {
    signal?.throwIfAborted();
    outcome = await work({ reservationId, signal });
  } catch (error) {
    await closeQuietly(reservationId, refund(null));
    throw error;
  }
  await closeQuietly(reservationId, outcome);
  return outcome.value;
}

async function closeQuietly(reservationId: string | null, outcome: PaidOutcome<unknown>) {
  if (!reservationId) return;
  if ("closedAlong" in outcome) {
    if (!outcome.closedAlong.wasHeld) logger.warn({ reservationId }, "a paid call ended after its reservation had been closed");
    return;
  }
  try {
    const closing = outcome.keep ? await settle(reservationId, outcome.finalCost) : await release(reservationId);
    if (closing.status === "already-closed") logger.warn({ reservationId }, "a paid call ended after its reservation had been closed");
  } catch (error) {
    logger.error({ err: error, reservationId }, "could not close a reservation; it is released when it expires");
  }
}

/**
 * Reserves now for work that ends later, in another request or on another instance (a media
 * job). Held for LONG_RESERVATION_TTL_SECONDS unless `purpose.ttlSeconds` says otherwise. Throws
 * InsufficientTokensError when the balance does not cover `cost`.
 */
export function holdReservation(userId: string, cost: number, purpose: ReservationPurpose): Promise<Reservation> {
  return reserve(userId, cost, { ttlSeconds: LONG_RESERVATION_TTL_SECONDS, ...purpose });
}

/**
 * Settles a held reservation by id (for `finalCost` when less than was held), giving the rest back.
 * A reservation already closed is refused with ReservationClosedError: of any number of closes,
 * from any instance, one wins. `db`: another connection or a caller's transaction.
 */
export async function settleReservation(reservationId: string, finalCost?: number, db?: Runner): Promise<{ refunded: number }> {
  return closedNow(reservationId, await settle(reservationId, finalCost, db));
}

/** Gives a held reservation's tokens back by id; refused with ReservationClosedError when it was already closed. */
export async function releaseReservation(reservationId: string, db?: Runner): Promise<{ refunded: number }> {
  return closedNow(reservationId, await release(reservationId, db));
}

/**
 * Keeps a held reservation from the sweep until `until` (an SQL timestamp; nothing is changed when
 * it is null): its holder is alive and at work. A statement's part, for a holder that renews other
 * things in the same round trip (a chat reply's lease).
 */
export function keepReservationOpenSql(reservationId: string, until: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`UPDATE token_reservations SET expires_at = ${until} WHERE id = ${reservationId}::uuid AND status = 'held' AND ${until} IS NOT NULL`;
}

function closedNow(reservationId: string, closing: Closing) {
  if (closing.status === "already-closed") throw new ReservationClosedError(reservationId);
  return { refunded: closing.refunded };
}
