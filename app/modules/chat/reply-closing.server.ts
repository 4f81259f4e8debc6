import { Prisma } from "~/generated/prisma/client";
import { KEEP_PREPARED } from "~/modules/db/database.server";
import { database } from "~/modules/db/db.server";
import { closingReservationCtes } from "~/modules/tokens/reservations.server";
import { messageCtes, type NewMessage } from "./messages.server";
import { chatEventNotifySql, publishChatEvent } from "./realtime.server";

/*
 * A chat reply's closing statement (decision 038), the counterpart of its opening one (decision
 * 007): once the model has answered, everything the reply's end writes, in one round trip. The
 * `complete` event waits for it, and each round trip after the model's last word was part of
 * that wait.
 */

/** What the closing statement is asked, decided once the model has answered. */
export type ClosingAsk = {
  sessionId: string;
  userId: string;
  /** The agent, which sends the reply. */
  agentId: string;
  reply: NewMessage;
  /** The reservation the opening statement held (null: a free model), and what it is closed for. */
  reservationId: string | null;
  finalCost?: number;
  /** The reply_until this reply holds its chat with: the chat is let go unless another reply has taken it since. */
  until: Date;
  /** "Regenerate from here": the message the reply answers; every message after it is deleted. */
  answersFrom?: string | null;
};

export type ClosingRow = {
  id: string;
  createdAt: Date;
  versionCount: number;
  selected: number;
  /** Whether the reservation was still held when the reply was paid for (null: none was held). */
  wasHeld: boolean | null;
  /** The messages deleted after `answersFrom` (null: none), for the caller to announce. */
  truncated: string[] | null;
};

/**
 * Saves the reply, pays for it (the reservation settled, for `finalCost` if given), announces it,
 * deletes and announces the reply it replaces (a regenerate's), and lets the chat go, in one
 * statement, kept prepared on each connection. Atomic: the page that hears of the reply finds it
 * paid for, and a regenerate's old reply gone. Throws when the reply cannot be saved (the chat was
 * deleted meanwhile); then nothing was done, and the caller gives the tokens back.
 */
export async function runClosingStatement(ask: ClosingAsk): Promise<ClosingRow> {
  const [row] = await database().query<ClosingRow>(closingStatementSql(ask));
  // After the reply's own news: the page hears of the new reply, then of the ones it took the place of.
  for (const messageId of row!.truncated ?? []) await publishChatEvent({ kind: "deleted", userId: ask.userId, sessionId: ask.sessionId, messageId });
  return row!;
}

function closingStatementSql({ sessionId, userId, agentId, reply, reservationId, finalCost, until, answersFrom = null }: ClosingAsk): Prisma.Sql {
  const replaced = reply.replacing ?? null;
  return Prisma.sql`${Prisma.raw(KEEP_PREPARED)}
    WITH ${messageCtes(
      { sessionId: Prisma.sql`${sessionId}::uuid`, userId: Prisma.sql`${userId}::uuid`, senderId: Prisma.sql`${agentId}::uuid` },
      reply,
      Prisma.empty,
      { replyUntil: Prisma.sql`CASE WHEN s.reply_until = ${until.toISOString()}::timestamp(3) THEN NULL ELSE s.reply_until END` },
    )}${reservationId ? Prisma.sql`, ${closingReservationCtes(reservationId, { keep: true, finalCost })}` : Prisma.empty},
    retired AS (
      DELETE FROM chat_messages m USING saved WHERE m.id = ${replaced}::uuid AND m.session_id = saved.session_id RETURNING m.id
    ), truncated AS (
      DELETE FROM chat_messages m USING saved
      WHERE m.session_id = saved.session_id
        AND (m.created_at, m.id) > (SELECT f.created_at, f.id FROM chat_messages f WHERE f.id = ${answersFrom}::uuid AND f.session_id = saved.session_id)
      RETURNING m.id
    ), told AS (
      -- The reply's news first, then the old one's deletion: the notifications go out in this order.
      SELECT (${chatEventNotifySql(Prisma.sql`'deleted'`, Prisma.sql`${userId}`, Prisma.sql`${sessionId}`, Prisma.sql`retired.id`, Prisma.sql`FROM retired`)})
      FROM announced
    )
    SELECT saved.id::text AS id, saved.created_at AS "createdAt", saved.version_count AS "versionCount", saved.selected_alternative AS selected,
           ${reservationId ? Prisma.sql`EXISTS (SELECT 1 FROM closed)` : Prisma.sql`NULL::boolean`} AS "wasHeld",
           (SELECT array_agg(truncated.id::text) FROM truncated) AS truncated
    FROM saved, told`;
}
