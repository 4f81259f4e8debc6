import { z } from "zod";

export { LARGEST_STORED_INTEGER } from "./limits";

/**
 * A time in an address, as a page writes it (`toISOString`): on a day that exists, in a year the
 * database holds (the ISO format allows year 0000, which PostgreSQL has not).
 */
export function addressTime(params: { error?: string } = {}) {
  return z.iso.datetime(params).refine((time) => !time.startsWith("0000"), params);
}
