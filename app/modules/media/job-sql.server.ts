import { sqlClock } from "~/modules/db/sql.server";

/** The time in the database as the job columns store it (UTC), read when the statement runs rather than when its transaction began. */
export const NOW = sqlClock;
