import { Prisma } from "~/generated/prisma/client";
import { eventNotifySql } from "~/modules/events/events.server";

/**
 * A media job's changes reach the person's open pages through the app's events (modules/events):
 * a `media-job` event with the job's id and new status, which the live feed sends on as
 * `{ type: "media-job", jobId, status }`. The NOTIFY runs inside the statement or transaction
 * that changes the job, so it is heard only once the change is committed.
 */

/** The NOTIFY of a job's new state, as a statement. */
export function mediaJobNotifySql(userId: string, jobId: string, status: string, sessionId: string | null) {
  return sentSql(
    eventNotifySql({
      kind: "media-job",
      userId: Prisma.sql`${userId}`,
      sessionId: Prisma.sql`${sessionId ?? ""}`,
      jobId: Prisma.sql`${jobId}`,
      status: Prisma.sql`${status}`,
    }),
  );
}

/** The NOTIFY that a chat message changed (a picture request's reply filled in), as the chat's own events say it. */
export function chatMessageNotifySql(userId: string, sessionId: string, messageId: string) {
  return sentSql(eventNotifySql({ kind: "message", userId: Prisma.sql`${userId}`, sessionId: Prisma.sql`${sessionId}`, messageId: Prisma.sql`${messageId}` }));
}

/** pg_notify answers void, which a raw query cannot read: the statement answers a plain 1 instead. */
function sentSql(notify: Prisma.Sql) {
  return Prisma.sql`SELECT 1 AS sent FROM (${notify}) notified`;
}
