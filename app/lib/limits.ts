/** The largest number the database's integer columns hold: a larger id in an address names nothing. */
export const LARGEST_STORED_INTEGER = 2_147_483_647;
