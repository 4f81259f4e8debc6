/** `text` matched literally inside a LIKE pattern. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Whether `value` can be compared with a uuid column: anything else would make PostgreSQL fail the whole query. */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
