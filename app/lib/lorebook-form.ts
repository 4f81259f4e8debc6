import {
  characterBookSchema,
  LOREBOOK_ENTRY_MAX_CHARS,
  LOREBOOK_MAX_ENTRIES,
  lorebookTexts,
  type CharacterBook,
  type LorebookEntry,
} from "./documents/character-book";

/**
 * The character form's Lorebook section: its entry rows as typed (`lorebook.N.keys` and so on),
 * read from a post, checked into lorebook entries, and filled from a stored lorebook. An entry's
 * fields the form does not show travel in a hidden JSON field, so an imported lorebook loses nothing.
 */

/** An entry as typed: its keys comma-separated, its insertion order as text. */
export type LorebookEntryValues = {
  keys: string;
  content: string;
  enabled: boolean;
  constant: boolean;
  caseSensitive: boolean;
  insertionOrder: string;
  /** The entry's other fields (comment, secondary keys, extensions...) as JSON, kept through a save. */
  extra: string;
};

export const lorebookFormTexts = {
  needsKey: (index: number) => `Lorebook entry ${index + 1} needs at least one key, or mark it constant`,
  needsContent: (index: number) => `Lorebook entry ${index + 1} needs content`,
  insertionOrder: (index: number) => `Lorebook entry ${index + 1} needs a whole number as its insertion order`,
  unreadable: (index: number) => `Lorebook entry ${index + 1} could not be read: its hidden fields are malformed`,
} as const;

export const blankLorebookEntry = (): LorebookEntryValues => ({
  keys: "",
  content: "",
  enabled: true,
  constant: false,
  caseSensitive: false,
  insertionOrder: "0",
  extra: "",
});

const FIELDS = ["keys", "content", "enabled", "constant", "caseSensitive", "insertionOrder", "extra"] as const;
const ROW_FIELD = new RegExp(`^lorebook\\.(\\d{1,4})\\.(${FIELDS.join("|")})$`);

/**
 * The entry rows as sent, in index order. A checkbox sends nothing when it is off, so a row is
 * known by any of its fields and a box not sent is off (a new row's Enabled starts checked).
 * One row more than a lorebook may hold is read, so that too many are refused, not cut.
 */
export function lorebookRowsOf(form: Record<string, unknown>): LorebookEntryValues[] {
  const indexes = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = ROW_FIELD.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const text = (name: string) => {
    const value = form[name];
    return typeof value === "string" ? value : "";
  };
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, LOREBOOK_MAX_ENTRIES + 1)
    .map((index) => {
      const field = (key: (typeof FIELDS)[number]) => `lorebook.${index}.${key}`;
      return {
        keys: text(field("keys")),
        content: text(field("content")),
        enabled: field("enabled") in form,
        constant: field("constant") in form,
        caseSensitive: field("caseSensitive") in form,
        insertionOrder: text(field("insertionOrder")),
        extra: text(field("extra")),
      };
    });
}

/** Keys as typed: comma-separated, trimmed, blanks and repeats dropped. */
export function lorebookKeysOf(typed: string) {
  return [...new Set(typed.split(",").map((key) => key.trim()))].filter(Boolean);
}

const SHOWN = new Set(["keys", "content", "enabled", "constant", "case_sensitive", "insertion_order"]);

/** The hidden fields of a row: a JSON object (the shown fields in it are ignored), or null when it is not one. */
function extraOf(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SHOWN.has(key)));
}

export type LorebookRefusal = { index: number | null; message: string };

/**
 * Checks the rows into lorebook entries. Rows with neither keys nor content are dropped; the
 * others need content, and keys unless constant, a whole insertion order, and fit the lorebook's
 * limits. The hidden fields are untrusted: the whole entry goes through the lorebook's own schema.
 */
export function lorebookEntriesOf(rows: LorebookEntryValues[]): { entries: LorebookEntry[] } | { refusal: LorebookRefusal } {
  const candidates: { index: number; entry: Record<string, unknown> }[] = [];
  for (const [index, row] of rows.entries()) {
    const keys = lorebookKeysOf(row.keys);
    const content = row.content.trim();
    if (keys.length === 0 && content === "") continue;
    const refuse = (message: string) => ({ refusal: { index, message } });
    if (content === "") return refuse(lorebookFormTexts.needsContent(index));
    if (keys.length === 0 && !row.constant) return refuse(lorebookFormTexts.needsKey(index));
    const order = Number(row.insertionOrder.trim() || "0");
    if (!/^-?\d*$/.test(row.insertionOrder.trim()) || !Number.isSafeInteger(order)) return refuse(lorebookFormTexts.insertionOrder(index));
    if (content.length + keys.join("").length > LOREBOOK_ENTRY_MAX_CHARS) return refuse(lorebookTexts.entryTooLong(index));
    const extra = extraOf(row.extra);
    if (!extra) return refuse(lorebookFormTexts.unreadable(index));
    candidates.push({
      index,
      entry: { ...extra, keys, content, enabled: row.enabled, constant: row.constant, case_sensitive: row.caseSensitive, insertion_order: order },
    });
  }
  if (candidates.length > LOREBOOK_MAX_ENTRIES) return { refusal: { index: null, message: lorebookTexts.tooManyEntries } };
  const parsed = characterBookSchema.safeParse({ entries: candidates.map(({ entry }) => entry) });
  if (parsed.success) return { entries: parsed.data.entries };
  const at = parsed.error.issues[0]?.path[1];
  const index = typeof at === "number" ? (candidates[at]?.index ?? null) : null;
  return { refusal: { index, message: index === null ? lorebookTexts.notObject : lorebookFormTexts.unreadable(index) } };
}

/** Keeps what differs from a new entry's defaults, so a plain entry carries no hidden text. */
function extraText(rest: Omit<LorebookEntry, "keys" | "content" | "enabled" | "constant" | "case_sensitive" | "insertion_order">) {
  const { extensions, use_regex, ...others } = rest;
  const kept = { ...others, ...(Object.keys(extensions).length > 0 ? { extensions } : {}), ...(use_regex ? { use_regex } : {}) };
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : "";
}

/** A stored lorebook's entries as the form shows them (none without a lorebook). */
export function lorebookValuesOf(book: CharacterBook | null): LorebookEntryValues[] {
  return (book?.entries ?? []).map(({ keys, content, enabled, constant, case_sensitive, insertion_order, ...rest }) => ({
    keys: keys.join(", "),
    content,
    enabled,
    constant: constant ?? false,
    caseSensitive: case_sensitive ?? false,
    insertionOrder: String(insertion_order),
    extra: extraText(rest),
  }));
}
