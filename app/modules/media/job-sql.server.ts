import { Prisma } from "~/generated/prisma/client";

/** The time in the database as the job columns store it (UTC), read when the statement runs rather than when its transaction began. */
export const NOW = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;
