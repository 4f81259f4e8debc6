import { Prisma } from "~/generated/prisma/client";

/**
 * The time now as `timestamp` columns store it: UTC wall-clock time without a zone, as Prisma
 * writes every DateTime. A bare now() would be read in the database session's time zone and shift
 * every comparison on a server that is not on UTC. One value per transaction (its start).
 */
export const sqlNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** The same as `sqlNow`, but read when the statement reaches it rather than when its transaction began. */
export const sqlClock = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;

/** An instant (a Date or its ISO text) as `timestamp` columns store it (UTC), so comparisons hold whatever the session's time zone. */
export function sqlUtc(instant: Date | string) {
  return Prisma.sql`(${typeof instant === "string" ? instant : instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** `text` matched literally inside a LIKE pattern. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Whether `value` can be compared with a uuid column: anything else would make PostgreSQL fail the whole query. */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * Whether a statement failed because a row it names is gone (PostgreSQL 23503, foreign key
 * violation): another request deleted it meanwhile. Read through Prisma's wrappers and the driver
 * adapter's cause, as PostgreSQL and PGlite report it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === "object" && cause !== null && depth < 5; depth += 1) {
    const { code, meta, message } = cause as {
      code?: unknown;
      meta?: { code?: unknown; driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
      message?: unknown;
    };
    if (code === "P2003" || code === "23503" || meta?.code === "23503") return true;
    const adapter = meta?.driverAdapterError?.cause;
    if (adapter?.kind === "ForeignKeyConstraintViolation" || adapter?.originalCode === "23503") return true;
    if (typeof message === "string" && /Code: `23503`|violates foreign key constraint/.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
