import { z } from "zod";

/**
 * What an imported character card carries that this app does not model (`characters.card_extras`,
 * decision 047): the card's other top-level fields (`top`) and its other data fields (`data`),
 * among them `character_version` and the card's own `extensions` (SillyTavern keeps
 * `talkativeness`, `fav`, `world` and the character's note, `depth_prompt`, there). They are kept
 * as they came, untouched by the character form, and written back on export.
 */
export type CardExtras = { top: Record<string, unknown>; data: Record<string, unknown> };

/** The other fields of a card nest at most this deep (as a lorebook's extensions do): a card nesting deeper is refused on import. */
export const CARD_EXTRAS_MAX_DEPTH = 20;

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The stored extras; anything malformed reads as none. Kept as stored, key for key (no schema copies them). */
export function parseCardExtras(value: unknown): CardExtras {
  if (!isJsonObject(value)) return { top: {}, data: {} };
  return { top: isJsonObject(value.top) ? value.top : {}, data: isJsonObject(value.data) ? value.data : {} };
}

/** Where a character's note goes among the messages, as SillyTavern's character card extension has it. */
export const DEPTH_PROMPT_ROLES = ["system", "user", "assistant"] as const;
export type DepthPrompt = { prompt: string; depth: number; role: (typeof DEPTH_PROMPT_ROLES)[number] };

/** SillyTavern's defaults: four messages from the end of the chat, as a system message. */
export const DEPTH_PROMPT_DEFAULT_DEPTH = 4;
const DEPTH_PROMPT_MAX_DEPTH = 1000;

const depthPromptSchema = z.object({
  prompt: z.string().catch(""),
  depth: z.coerce.number().int().min(0).max(DEPTH_PROMPT_MAX_DEPTH).catch(DEPTH_PROMPT_DEFAULT_DEPTH),
  role: z.enum(DEPTH_PROMPT_ROLES).catch("system"),
});

/**
 * The character's note (`extensions.depth_prompt`) as the prompt uses it, or null when it has no
 * text. `value` is the stored `depth_prompt`, read from the extras or straight from the database.
 */
export function readDepthPrompt(value: unknown): DepthPrompt | null {
  const parsed = depthPromptSchema.safeParse(value);
  if (!parsed.success || parsed.data.prompt.trim() === "") return null;
  return parsed.data;
}

/** The note in a character's stored extras. */
export function depthPromptOf(extras: CardExtras): DepthPrompt | null {
  const extensions = extras.data.extensions;
  return isJsonObject(extensions) ? readDepthPrompt(extensions.depth_prompt) : null;
}

/**
 * The extras with the character's note the form sent (its only field among them), keeping the
 * note's depth and role and everything else; null when the note is unchanged, so that nothing of
 * the card is rewritten. A new note takes SillyTavern's defaults.
 */
export function cardExtrasWithNote(stored: unknown, note: string): CardExtras | null {
  const extras = parseCardExtras(stored);
  if (note === (depthPromptOf(extras)?.prompt.trim() ?? "")) return null;
  const extensions = isJsonObject(extras.data.extensions) ? extras.data.extensions : {};
  const kept = isJsonObject(extensions.depth_prompt) ? extensions.depth_prompt : {};
  const depthPrompt = { depth: DEPTH_PROMPT_DEFAULT_DEPTH, role: "system", ...kept, prompt: note };
  return { ...extras, data: { ...extras.data, extensions: { ...extensions, depth_prompt: depthPrompt } } };
}
