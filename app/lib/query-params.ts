import { z } from "zod";

/** The largest number the database's integer columns hold: a larger id in an address names nothing. */
export const LARGEST_STORED_INTEGER = 2_147_483_647;

/**
 * A time in an address, as a page writes it (`toISOString`): on a day that exists, in a year the
 * database holds (the ISO format allows year 0000, which PostgreSQL has not).
 */
export function addressTime(params: { error?: string } = {}) {
  return z.iso.datetime(params).refine((time) => !time.startsWith("0000"), params);
}
