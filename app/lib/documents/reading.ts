import { z } from "zod";

/**
 * Building blocks of the lenient readers: stored JSON is read as far as it makes sense, and a part
 * that does not (a wrong type, a malformed entry) falls back to a default instead of failing.
 */

/** A value `schema` accepts, else `undefined`. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** A JSON list, keeping the items `item` accepts in their order; anything but a list reads as []. */
export function listOf<T>(item: z.ZodType<T>) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((value) => readOne(item, value)));
}

/** A JSON object, keeping the entries whose value `value` accepts; anything but an object reads as {}. */
export function recordOf<T>(value: z.ZodType<T>) {
  return z
    .record(z.string(), z.unknown())
    .catch({})
    .transform((entries) => Object.fromEntries(Object.entries(entries).flatMap(([key, entry]) => readOne(value, entry).map((read) => [key, read] as const))));
}

function readOne<T>(schema: z.ZodType<T>, value: unknown): T[] {
  const read = schema.safeParse(value);
  return read.success ? [read.data] : [];
}

/** Reads with a lenient schema; should one still refuse the value, the fallback (never a throw). */
export function readWith<T>(schema: z.ZodType<T>, value: unknown, fallback: () => T): T {
  const read = schema.safeParse(value);
  return read.success ? read.data : fallback();
}
