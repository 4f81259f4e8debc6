import { z } from "zod";
import { CARD_JSON_MAX_BYTES, CARD_NAME_MAX_CHARS, CARD_TAGS_MAX, cardTexts } from "~/lib/cards";
import { CARD_EXTRAS_MAX_DEPTH, isJsonObject, type CardExtras } from "~/lib/documents/card-extras";
import { characterBookSchema, jsonDepth, type CharacterBook } from "~/lib/documents/character-book";
import { AppError } from "~/modules/http/errors.server";
import { isPng, MalformedPngError, readPngChunks, textChunk } from "./png-chunks.server";

/**
 * The Tavern character card formats (the public V1, V2 `chara_card_v2` and V3 `chara_card_v3`
 * specifications) read into the fields this app keeps, and written back. Cards come from anyone:
 * every part is checked before anything is stored.
 */

/** A card refused, with the reason a person reads: 400, or 413 when it is too large; `field`: the character form's field it does not fit. */
export class CardRejectedError extends AppError {
  constructor(message: string, status = 400, field?: string) {
    super("card-rejected", status, message, field ? { details: { field } } : {});
  }
}

/** Where this app's own cards keep what the specifications have no field for (the V2 `extensions`, namespaced). */
const OWN_EXTENSION = "characterverse";

/** The card fields this app maps, by their names in the specifications. */
export type CardFields = {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  alternate_greetings: string[];
  mes_example: string;
  system_prompt: string;
  post_history_instructions: string;
  tags: string[];
  creator: string;
  creator_notes: string;
  character_book: CharacterBook | null;
};

const text = (name: string) => z.string(cardTexts.field(name)).default("");
const texts = (name: string) => z.array(z.string(cardTexts.field(name)), cardTexts.field(name)).default([]);

const cardFieldsSchema = z.object({
  name: z.string(cardTexts.notACard).trim().min(1, cardTexts.notACard).max(CARD_NAME_MAX_CHARS, cardTexts.nameTooLong),
  description: text("description"),
  personality: text("personality"),
  scenario: text("scenario"),
  first_mes: text("first_mes"),
  alternate_greetings: texts("alternate_greetings"),
  mes_example: text("mes_example"),
  system_prompt: text("system_prompt"),
  post_history_instructions: text("post_history_instructions"),
  tags: texts("tags")
    .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))])
    .pipe(z.array(z.string()).max(CARD_TAGS_MAX, cardTexts.tooManyTags)),
  creator: text("creator"),
  creator_notes: text("creator_notes"),
  character_book: z.unknown().optional(),
});

/** A card's data: V2 and V3 keep it under `data`, V1 at the top. */
function cardDataOf(card: unknown): Record<string, unknown> {
  if (typeof card !== "object" || card === null || Array.isArray(card)) throw new CardRejectedError(cardTexts.notACard);
  const record = card as Record<string, unknown>;
  const versioned = (record.spec === "chara_card_v2" || record.spec === "chara_card_v3") && typeof record.data === "object" && record.data !== null;
  return (versioned ? record.data : record) as Record<string, unknown>;
}

/** The fields of a parsed card of any version. */
export function cardFieldsOf(card: unknown): CardFields {
  const parsed = cardFieldsSchema.safeParse(cardDataOf(card));
  if (!parsed.success) throw new CardRejectedError(parsed.error.issues[0]!.message);
  const { character_book: rawBook, ...fields } = parsed.data;
  return { ...fields, character_book: readBook(rawBook) };
}

const ownExtensionSchema = z.object({ extensions: z.object({ [OWN_EXTENSION]: z.object({ category: z.string().trim().min(1).max(80) }) }) });

/** The category name a card exported here carries, or null (other cards have none; a malformed one is ignored). */
export function cardCategoryOf(card: unknown): string | null {
  const parsed = ownExtensionSchema.safeParse(cardDataOf(card));
  return parsed.success ? parsed.data.extensions[OWN_EXTENSION].category : null;
}

function readBook(value: unknown): CharacterBook | null {
  if (value === undefined || value === null) return null;
  const book = characterBookSchema.safeParse(value);
  if (!book.success) throw new CardRejectedError(book.error.issues[0]!.message);
  return book.data;
}

export type CardFile = { fields: CardFields; category: string | null; extras: CardExtras; picture: Buffer | null };

/** The card in a file: a PNG's `ccv3` chunk (preferred) or `chara` chunk, or a JSON file; with the PNG itself as the picture. */
export function readCardFile(bytes: Buffer, fileName: string): CardFile {
  if (isPng(bytes)) {
    let chunks;
    try {
      chunks = readPngChunks(bytes);
    } catch (error) {
      if (error instanceof MalformedPngError) throw new CardRejectedError(error.message);
      throw error;
    }
    const encoded = textChunk(chunks, "ccv3") ?? textChunk(chunks, "chara");
    if (encoded === null) throw new CardRejectedError(cardTexts.noCardInPng);
    const card = parseJson(decodeBase64(encoded));
    return { fields: cardFieldsOf(card), category: cardCategoryOf(card), extras: cardExtrasOf(card), picture: bytes };
  }
  if (/\.png$/i.test(fileName)) throw new CardRejectedError(cardTexts.notPng);
  const card = parseJson(bytes);
  return { fields: cardFieldsOf(card), category: cardCategoryOf(card), extras: cardExtrasOf(card), picture: null };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(encoded: string): Buffer {
  const compact = encoded.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw new CardRejectedError(cardTexts.badBase64);
  // Three bytes for every four characters: a card too large is refused before it is decoded.
  if ((compact.length / 4) * 3 > CARD_JSON_MAX_BYTES + 2) throw new CardRejectedError(cardTexts.jsonTooLarge, 413);
  return Buffer.from(compact, "base64");
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length > CARD_JSON_MAX_BYTES) throw new CardRejectedError(cardTexts.jsonTooLarge, 413);
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "");
  try {
    return JSON.parse(decoded);
  } catch {
    throw new CardRejectedError(cardTexts.badJson);
  }
}

/** The data fields this app maps, or writes itself (`modification_date`: when the character here last changed). */
const MAPPED_DATA_FIELDS = new Set<string>([...Object.keys(cardFieldsSchema.shape), "modification_date"]);
/** The top-level fields of a versioned card the app writes itself. */
const CARD_ENVELOPE = new Set(["spec", "spec_version", "data"]);

function without(record: Record<string, unknown>, keys: Set<string>) {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key)));
}

/**
 * What a card carries that the app does not model (decision 047): its other top-level fields
 * (a V1 card's, or the V1 copies SillyTavern writes beside `data`) and its other data fields,
 * `character_version` and `extensions` among them (this app's own extension left out: it is
 * written anew on export). Refused when it nests deeper than a lorebook's extensions may.
 */
export function cardExtrasOf(card: unknown): CardExtras {
  const record = card as Record<string, unknown>;
  const data = cardDataOf(card);
  const extras: CardExtras =
    data === record ? { top: without(record, MAPPED_DATA_FIELDS), data: {} } : { top: without(record, CARD_ENVELOPE), data: without(data, MAPPED_DATA_FIELDS) };
  if (isJsonObject(extras.data.extensions) && OWN_EXTENSION in extras.data.extensions) {
    extras.data = { ...extras.data, extensions: without(extras.data.extensions, new Set([OWN_EXTENSION])) };
  }
  if (jsonDepth(extras, CARD_EXTRAS_MAX_DEPTH + 1) > CARD_EXTRAS_MAX_DEPTH + 1) throw new CardRejectedError(cardTexts.extrasTooDeep);
  return extras;
}

/**
 * The V1 copies of the data fields SillyTavern writes at a card's top level: a card that came with
 * them is exported with them, holding the character's current texts (`creatorcomment` is V1's
 * creator_notes).
 */
const TOP_LEVEL_COPIES = {
  name: "name",
  description: "description",
  personality: "personality",
  scenario: "scenario",
  first_mes: "first_mes",
  mes_example: "mes_example",
  tags: "tags",
  creatorcomment: "creator_notes",
} as const satisfies Record<string, keyof CardFields>;

function topLevelOf(fields: CardFields, top: Record<string, unknown>) {
  const copies = Object.entries(TOP_LEVEL_COPIES).filter(([key]) => key in top);
  return { ...top, ...Object.fromEntries(copies.map(([key, field]) => [key, fields[field]])) };
}

/** What an export writes beside the fields: the character's category, in this app's own extension, and the card's extras. */
export type CardExportExtras = { category?: string | null; extras?: CardExtras };

/** The V2 card (`chara_card_v2`) of these fields: the card's own fields and extensions as they came, this app's extension added. */
export function cardV2(fields: CardFields, { category = null, extras = { top: {}, data: {} } }: CardExportExtras = {}) {
  const { character_book, ...rest } = fields;
  const kept = extras.data.extensions;
  const extensions = { ...(isJsonObject(kept) ? kept : {}), ...(category ? { [OWN_EXTENSION]: { category } } : {}) };
  return {
    ...topLevelOf(fields, extras.top),
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: { character_version: "", ...extras.data, ...rest, ...(character_book ? { character_book } : {}), extensions },
  };
}

/** The V3 card (`chara_card_v3`): V2's fields and the ones V3 requires (the card's own creation date and group greetings, when it came with them). */
export function cardV3(fields: CardFields, { createdAt, updatedAt }: { createdAt: Date; updatedAt: Date }, extras: CardExportExtras = {}) {
  const v2 = cardV2(fields, extras);
  return {
    ...v2,
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: {
      group_only_greetings: [],
      creation_date: Math.floor(createdAt.getTime() / 1000),
      ...v2.data,
      modification_date: Math.floor(updatedAt.getTime() / 1000),
    },
  };
}
