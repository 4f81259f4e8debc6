import sharp from "sharp";
import { Prisma, type Character } from "~/generated/prisma/client";
import { CARD_FILE_MAX_BYTES, CARD_IMAGE_MAX_PIXELS, cardDoesNotFit, cardTexts } from "~/lib/cards";
import { characterFormValuesOf, parseCharacterForm } from "~/lib/character-form";
import { parseCardExtras } from "~/lib/documents/card-extras";
import { parseCharacterBook } from "~/lib/documents/character-book";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { isUuid } from "~/modules/db/sql.server";
import { visibleTo } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { storeAvatarImage } from "~/modules/storage/images.server";
import { getObject } from "~/modules/storage/storage.server";
import { CardRejectedError, cardV2, cardV3, readCardFile, type CardFields, type CardFile } from "./card-format.server";
import { withTextChunks } from "./png-chunks.server";

/**
 * Character cards in and out (docs/characters.md). Export: any character the person may see (a
 * published one, or one they created) as V3 JSON, or as a PNG of its picture carrying the V3
 * card (`ccv3`) and the V2 card (`chara`) for older readers. Import: a new, unpublished
 * character owned by the importer; nothing is written unless the whole card is sound.
 */

/** A character the person may see, with its category's name, or NotFoundError (someone else's unpublished one included). */
async function visibleCharacter(userId: string | null, characterId: string) {
  if (!isUuid(characterId)) throw new NotFoundError();
  const character = await prisma().character.findFirst({
    where: { id: characterId, ...visibleTo(userId) },
    include: { category: { select: { name: true } } },
  });
  if (!character) throw new NotFoundError();
  return character;
}

/**
 * The card fields of a stored character. Without a personality of its own, the personality
 * chosen among the detail definitions ("Dreamy") stands in for it.
 */
export function cardFieldsOfCharacter(character: Character): CardFields {
  const details = parseCharacterDetails(character.details).texts;
  return {
    name: character.name,
    description: character.description,
    personality: character.personality ?? details.personality ?? "",
    scenario: character.scenario ?? "",
    first_mes: character.welcomeMessage ?? "",
    alternate_greetings: character.alternateGreetings,
    mes_example: character.mesExample ?? "",
    system_prompt: character.systemInstruction ?? "",
    post_history_instructions: character.postHistoryInstructions ?? "",
    tags: character.tags,
    creator: character.creator ?? "",
    creator_notes: character.creatorNotes ?? "",
    character_book: parseCharacterBook(character.characterBook),
  };
}

/** A file name for a character's card: its name in plain letters. */
function cardFileName(name: string, extension: string) {
  const base =
    name
      .normalize("NFKD")
      .replace(/[^\w -]/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "character";
  return `${base}.${extension}`;
}

/** What an export writes beside a character's fields: its category and the extras its card came with. */
function exportExtrasOf(character: Character & { category: { name: string } | null }) {
  return { category: character.category?.name, extras: parseCardExtras(character.cardExtras) };
}

/** The V3 JSON card of a character the person may see. */
export async function exportCardJson(userId: string | null, characterId: string) {
  const character = await visibleCharacter(userId, characterId);
  return { card: cardV3(cardFieldsOfCharacter(character), character, exportExtrasOf(character)), fileName: cardFileName(character.name, "json") };
}

/** The PNG card of a character the person may see: its picture (or a plain one) with both cards inside. */
export async function exportCardPng(userId: string | null, characterId: string) {
  const character = await visibleCharacter(userId, characterId);
  const fields = cardFieldsOfCharacter(character);
  const extras = exportExtrasOf(character);
  const base64 = (card: unknown) => Buffer.from(JSON.stringify(card), "utf8").toString("base64");
  const png = withTextChunks(await pictureAsPng(character.avatarUrl), {
    chara: base64(cardV2(fields, extras)),
    ccv3: base64(cardV3(fields, character, extras)),
  });
  return { png, fileName: cardFileName(character.name, "png") };
}

const PLAIN_PICTURE = { width: 512, height: 512, channels: 3, background: { r: 24, g: 24, b: 32 } } as const;

async function pictureAsPng(avatarUrl: string | null): Promise<Buffer> {
  const stored = avatarUrl?.startsWith("/storage/avatars/") ? decodeURIComponent(avatarUrl.slice("/storage/avatars/".length).split("?")[0]!) : null;
  try {
    const object = stored ? await getObject("avatars", stored) : null;
    if (object) return await sharp(object.body).png().toBuffer();
  } catch (error) {
    logger.warn({ err: error, avatarUrl }, "a character's picture could not be read for its card");
  }
  return sharp({ create: PLAIN_PICTURE }).png().toBuffer();
}

/** Checks a card's picture before anything is stored: an image sharp can read, not too large. */
async function checkPicture(picture: Buffer) {
  let metadata;
  try {
    metadata = await sharp(picture, { limitInputPixels: CARD_IMAGE_MAX_PIXELS }).metadata();
  } catch {
    throw new CardRejectedError(cardTexts.badImage);
  }
  if (!metadata.width || !metadata.height) throw new CardRejectedError(cardTexts.badImage);
  if (metadata.width * metadata.height > CARD_IMAGE_MAX_PIXELS) throw new CardRejectedError(cardTexts.imageTooLarge);
}

/** Imports a person may make in an hour: each stores a picture and a character. */
export const CARD_IMPORTS: RateLimitRule = { limit: 30, windowSeconds: 3600 };

/**
 * The category an import goes to: the one the person chose, else the one a card exported here
 * names; a card needs one, so that the character form can save it as it is.
 */
async function importCategory(chosen: string | null, named: string | null): Promise<number> {
  if (chosen) {
    const id = /^\d{1,9}$/.test(chosen) ? Number(chosen) : 0;
    const category = id > 0 ? await prisma().category.findUnique({ where: { id }, select: { id: true } }) : null;
    if (!category) throw new CardRejectedError(cardTexts.unknownCategory, 400, "categoryId");
    return category.id;
  }
  const category = named ? await prisma().category.findFirst({ where: { name: { equals: named, mode: "insensitive" } }, select: { id: true } }) : null;
  if (!category) throw new CardRejectedError(cardTexts.noCategory, 400, "categoryId");
  return category.id;
}

/** A card the character form would refuse is refused here, naming the field: whatever is imported can be saved again unchanged. */
function checkFitsTheForm({ fields, extras }: CardFile, categoryId: number) {
  const values = characterFormValuesOf({
    categoryId,
    name: fields.name,
    description: fields.description,
    welcomeMessage: fields.first_mes,
    personality: fields.personality,
    scenario: fields.scenario,
    alternateGreetings: fields.alternate_greetings,
    mesExample: fields.mes_example,
    postHistoryInstructions: fields.post_history_instructions,
    creatorNotes: fields.creator_notes,
    chatModel: null,
    systemInstruction: fields.system_prompt,
    messageInstruction: null,
    imagePrompt: null,
    isPublished: false,
    tags: fields.tags,
    details: {},
    customModels: [],
    promptGuide: { ask_me: [], send_me: null, show_me: null, can_i_see: null, chat_basics: null },
    characterBook: fields.character_book,
    cardExtras: extras,
  });
  const parsed = parseCharacterForm(values);
  if (!("refusal" in parsed)) return;
  const [field] = Object.keys(parsed.refusal.fields);
  throw new CardRejectedError(cardDoesNotFit(parsed.refusal.error), 400, field);
}

/**
 * Imports a card file as a new character owned by the person, not published, in the category
 * chosen (`categoryId`, else the one the card names). The card is read and checked whole first
 * (CardRejectedError, nothing written), then its picture stored as the avatar, then the
 * character created. Returns the new character's id.
 */
export async function importCard(userId: string, file: File | null, { categoryId = null }: { categoryId?: string | null } = {}): Promise<string> {
  if (!file || file.size === 0) throw new CardRejectedError(cardTexts.noFile);
  if (file.size > CARD_FILE_MAX_BYTES) throw new CardRejectedError(cardTexts.fileTooLarge, 413);
  const limit = await recordAttempt(`card-import:user:${userId}`, CARD_IMPORTS);
  if (limit.limited) throw new RateLimitedError(cardTexts.tooManyImports, limit.retryAfterSeconds);
  const bytes = Buffer.from(await file.arrayBuffer());
  const card = readCardFile(bytes, file.name);
  const { fields, extras, picture } = card;
  const category = await importCategory(categoryId, card.category);
  checkFitsTheForm(card, category);
  if (picture) await checkPicture(picture);
  const avatarUrl = picture ? await storeAvatarImage(userId, new File([new Uint8Array(picture)], "card.png", { type: "image/png" })) : null;
  const character = await prisma().character.create({
    data: {
      name: fields.name,
      description: fields.description,
      categoryId: category,
      welcomeMessage: fields.first_mes || null,
      personality: fields.personality.trim() || null,
      scenario: fields.scenario.trim() || null,
      avatarUrl,
      isPublished: false,
      tags: fields.tags,
      systemInstruction: fields.system_prompt || null,
      alternateGreetings: fields.alternate_greetings,
      mesExample: fields.mes_example || null,
      postHistoryInstructions: fields.post_history_instructions || null,
      creator: fields.creator || null,
      creatorNotes: fields.creator_notes || null,
      characterBook: fields.character_book ? (fields.character_book as Prisma.InputJsonObject) : Prisma.JsonNull,
      cardExtras: extras as Prisma.InputJsonObject,
      createdById: userId,
    },
    select: { id: true },
  });
  return character.id;
}
