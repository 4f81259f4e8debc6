import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { logger } from "~/modules/logging/logger.server";
import { keepReservationOpenSql } from "~/modules/tokens/reservations.server";

/**
 * One reply at a time per chat (decision 014), held by a lease (decision 036): the reply's opening
 * statement sets chat_sessions.reply_until this far ahead, and the instance writing the reply moves
 * it on every RENEW_EVERY_MS while it works. An instance that dies stops renewing, and its chat
 * takes new messages again once the lease runs out, seconds later, whoever asks.
 */
export const REPLY_LEASE_SECONDS = 8;
const RENEW_EVERY_MS = 2_000;
/**
 * A reply's reservation stays open this much longer than its lease, renewed with it: the reply is
 * saved (ending the lease) a moment before it is paid for, and the sweep must not release it in
 * between. After a crash, the sweep releases it this long after the chat is free again.
 */
export const REPLY_RESERVATION_GRACE_SECONDS = 10;

/**
 * A lease with less left than a renewal would have given it a second ago has missed a renewal:
 * its holder is very likely gone (its instance died). An ask then waits for it to run out rather
 * than be told a reply is being written (decision 036).
 */
export function leaseLooksAbandoned(heldMs: number) {
  return heldMs < REPLY_LEASE_SECONDS * 1000 - RENEW_EVERY_MS - 1000;
}

export type ReplyLease = {
  /** Stops renewing, once a renewal under way is done: the reply_until this reply holds its chat with (if it still does). */
  stop(): Promise<Date>;
};

/** Renews the lease of a reply, and its reservation's with it, until stopped. */
export function renewWhileReplying(hold: { sessionId: string; reservationId: string | null; until: Date }): ReplyLease {
  let until = hold.until;
  let stopped = false;
  let renewal: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const renew = async () => {
    try {
      const next = await renewLease(hold.sessionId, hold.reservationId, until);
      if (next) until = next;
      else {
        // Only if this instance was stalled past its lease: another reply may have the chat now.
        stopped = true;
        logger.warn({ sessionId: hold.sessionId }, "a reply lost its hold on its chat");
      }
    } catch (error) {
      logger.warn({ err: error, sessionId: hold.sessionId }, "could not renew a reply's hold on its chat");
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      renewal = renew().finally(() => {
        if (!stopped) schedule();
      });
    }, RENEW_EVERY_MS);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await renewal;
      return until;
    },
  };
}

/** Moves the lease on, if the chat is still held by this reply (`until`); null when it is not. */
async function renewLease(sessionId: string, reservationId: string | null, until: Date): Promise<Date | null> {
  const next = Prisma.sql`(${sqlNow} + make_interval(secs => ${REPLY_LEASE_SECONDS}))::timestamp(3)`;
  const keepReservation = reservationId
    ? Prisma.sql`, kept AS (${keepReservationOpenSql(reservationId, Prisma.sql`(SELECT reply_until + make_interval(secs => ${REPLY_RESERVATION_GRACE_SECONDS}) FROM lease)`)})`
    : Prisma.empty;
  const [row] = await prisma().$queryRaw<{ replyUntil: Date }[]>`
    WITH lease AS (
      UPDATE chat_sessions SET reply_until = ${next} WHERE id = ${sessionId}::uuid AND reply_until = ${until}::timestamp(3) RETURNING reply_until
    )${keepReservation}
    SELECT reply_until AS "replyUntil" FROM lease`;
  return row?.replyUntil ?? null;
}

/** Lets the chat go, unless another reply has taken it since (after this one's lease ran out). */
export async function endLease(sessionId: string, until: Date) {
  await prisma().$executeRaw`UPDATE chat_sessions SET reply_until = NULL WHERE id = ${sessionId}::uuid AND reply_until = ${until}::timestamp(3)`;
}
