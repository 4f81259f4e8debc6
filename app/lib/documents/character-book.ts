import { z } from "zod";
import { listOf, optional, readWith } from "./reading";

/**
 * A character's lorebook (character_book of the Tavern character card V2/V3 specifications):
 * entries whose content joins a chat reply's prompt when one of their keys appears in the recent
 * messages, or always when they are constant (modules/ai/lorebook.server.ts).
 */

/** At most this many entries in one lorebook: a card with more is refused on import. */
export const LOREBOOK_MAX_ENTRIES = 1000;
/** An entry's content and keys are texts; the whole lorebook is bounded by the card's size limit. */
export const LOREBOOK_ENTRY_MAX_CHARS = 20_000;
/** A lorebook's or an entry's `extensions` (other tools' settings, kept as they are) nest at most this deep... */
export const EXTENSIONS_MAX_DEPTH = 20;
/** ...and weigh at most this many characters as JSON. */
export const EXTENSIONS_MAX_CHARS = 50_000;

export const lorebookTexts = {
  notObject: "The lorebook must be an object with a list of entries",
  tooManyEntries: `A lorebook can have at most ${LOREBOOK_MAX_ENTRIES} entries`,
  entry: (index: number) => `Lorebook entry ${index + 1} needs a list of keys and a content text`,
  entryTooLong: (index: number) => `Lorebook entry ${index + 1} is longer than ${LOREBOOK_ENTRY_MAX_CHARS} characters`,
  extensionsTooDeep: `A lorebook's extensions can nest at most ${EXTENSIONS_MAX_DEPTH} levels deep`,
  extensionsTooLarge: `A lorebook's extensions can be at most ${EXTENSIONS_MAX_CHARS} characters`,
} as const;

/** How deep a JSON value nests (a scalar: 0), counted without recursion, stopping past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

const stringList = z.array(z.string());
/** Other tools' settings, kept as they are, within a depth and a size (checked depth first, so the size check never recurses too deep). */
const extensions = z
  .record(z.string(), z.unknown())
  .refine((value) => jsonDepth(value, EXTENSIONS_MAX_DEPTH) <= EXTENSIONS_MAX_DEPTH, { message: lorebookTexts.extensionsTooDeep, abort: true })
  .refine((value) => JSON.stringify(value).length <= EXTENSIONS_MAX_CHARS, { message: lorebookTexts.extensionsTooLarge, abort: true });

const entrySchema = z.object({
  keys: stringList,
  content: z.string(),
  extensions: extensions.default({}),
  enabled: z.boolean().default(true),
  insertion_order: z.number().finite().default(0),
  case_sensitive: z.boolean().optional(),
  name: z.string().optional(),
  priority: z.number().finite().optional(),
  id: z.union([z.number(), z.string()]).optional(),
  comment: z.string().optional(),
  selective: z.boolean().optional(),
  secondary_keys: stringList.optional(),
  constant: z.boolean().optional(),
  position: z.enum(["before_char", "after_char"]).optional(),
  use_regex: z.boolean().default(false),
});

export type LorebookEntry = z.infer<typeof entrySchema>;

const bookFields = {
  name: z.string().optional(),
  description: z.string().optional(),
  scan_depth: z.number().finite().optional(),
  token_budget: z.number().finite().optional(),
  recursive_scanning: z.boolean().optional(),
  extensions: extensions.default({}),
};

export type CharacterBook = {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions: Record<string, unknown>;
  entries: LorebookEntry[];
};

/**
 * What is written (a card's import, an editor's save): every entry must have keys and content,
 * and the lorebook is bounded in entries and in each entry's length. Unknown fields are dropped.
 */
export const characterBookSchema = z
  .object({ ...bookFields, entries: z.array(z.unknown()).max(LOREBOOK_MAX_ENTRIES, lorebookTexts.tooManyEntries) }, lorebookTexts.notObject)
  .transform((book, context): CharacterBook => {
    const entries: LorebookEntry[] = [];
    book.entries.forEach((value, index) => {
      const entry = entrySchema.safeParse(value);
      if (!entry.success) {
        const limit = entry.error.issues.find(
          (issue) => issue.message === lorebookTexts.extensionsTooDeep || issue.message === lorebookTexts.extensionsTooLarge,
        );
        return context.addIssue({ code: "custom", path: ["entries", index], message: limit?.message ?? lorebookTexts.entry(index) });
      }
      if (entry.data.content.length + entry.data.keys.join("").length > LOREBOOK_ENTRY_MAX_CHARS)
        return context.addIssue({ code: "custom", path: ["entries", index], message: lorebookTexts.entryTooLong(index) });
      entries.push(entry.data);
    });
    return { ...book, entries };
  });

/** The lenient reading of a stored lorebook: malformed entries are left out; anything else reads as none. */
const characterBookReading = z
  .object({
    name: optional(z.string()),
    description: optional(z.string()),
    scan_depth: optional(z.number()),
    token_budget: optional(z.number()),
    recursive_scanning: optional(z.boolean()),
    extensions: extensions.catch({}),
    entries: listOf(entrySchema),
  })
  .transform((book): CharacterBook => Object.fromEntries(Object.entries(book).filter(([, value]) => value !== undefined)) as CharacterBook)
  .nullable()
  .catch(null);

/** Reads a stored lorebook, or null when there is none. Never throws. */
export function parseCharacterBook(value: unknown): CharacterBook | null {
  return readWith(characterBookReading, value ?? null, () => null);
}
