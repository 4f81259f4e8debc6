import { Prisma } from "~/generated/prisma/client";
import { chatEventNotifySql } from "~/modules/chat/realtime.server";

/**
 * A media job's changes reach the person's open pages through the chat live feed (one LISTEN per
 * instance, on the same channel): a `media-job` event with the job's id and new status, sent
 * on as `{ type: "media-job", jobId, status }`. The NOTIFY runs inside the statement or
 * transaction that changes the job, so it is heard only once the change is committed.
 */

const CHANNEL = "chat_events";

/** The NOTIFY of a job's new state, as a statement. */
export function mediaJobNotifySql(userId: string, jobId: string, status: string, sessionId: string | null) {
  return sentSql(Prisma.sql`
    SELECT pg_notify(${CHANNEL}, json_build_object('kind', 'media-job', 'userId', ${userId}::text, 'sessionId', ${sessionId ?? ""}::text,
      'messageId', ${jobId}::text, 'status', ${status}::text)::text)`);
}

/** The NOTIFY that a chat message changed (a picture request's reply filled in), as the chat's own events say it. */
export function chatMessageNotifySql(userId: string, sessionId: string, messageId: string) {
  return sentSql(chatEventNotifySql(Prisma.sql`'message'`, Prisma.sql`${userId}::text`, Prisma.sql`${sessionId}::text`, Prisma.sql`${messageId}::text`));
}

/** pg_notify answers void, which a raw query cannot read: the statement answers a plain 1 instead. */
function sentSql(notify: Prisma.Sql) {
  return Prisma.sql`SELECT 1 AS sent FROM (${notify}) notified`;
}
