import { characterFieldLabel } from "./character-form";
import { CARD_EXTRAS_MAX_DEPTH } from "./documents/card-extras";
import { LOREBOOK_MAX_ENTRIES, lorebookTexts } from "./documents/character-book";

/** Character cards (Tavern Character Card V1/V2/V3) in and out: the limits and what a person reads. */
export const CARD_FILE_MAX_BYTES = 8 * 1024 * 1024;
export const CARD_JSON_MAX_BYTES = 1024 * 1024;
export const CARD_IMAGE_MAX_PIXELS = 4096 * 4096;
export const CARD_NAME_MAX_CHARS = 100;
export const CARD_TAGS_MAX = 50;

export const cardTexts = {
  noFile: "Choose a character card: a PNG image or a .json file",
  fileTooLarge: `A character card file can be at most ${CARD_FILE_MAX_BYTES / 1024 / 1024} MB`,
  jsonTooLarge: `The card's text can be at most ${CARD_JSON_MAX_BYTES / 1024 / 1024} MB`,
  notPng: "This file is not a PNG image",
  noCardInPng: "This PNG image has no character card in it (no chara or ccv3 text chunk)",
  badBase64: "The card in this PNG image is not valid base64",
  badJson: "The card is not valid JSON",
  notACard: "This is not a character card: it has no name",
  nameTooLong: `A character's name can be at most ${CARD_NAME_MAX_CHARS} characters`,
  tooManyTags: `A card can have at most ${CARD_TAGS_MAX} tags`,
  imageTooLarge: "The card's picture is too large (at most 4096 × 4096 pixels)",
  badImage: "The card's picture cannot be read as an image",
  tooManyEntries: `A lorebook can have at most ${LOREBOOK_MAX_ENTRIES} entries`,
  extensionsTooDeep: lorebookTexts.extensionsTooDeep,
  extensionsTooLarge: lorebookTexts.extensionsTooLarge,
  extrasTooDeep: `A card's other fields can nest at most ${CARD_EXTRAS_MAX_DEPTH} levels deep`,
  field: (name: string) =>
    name === "alternate_greetings" || name === "tags" ? `The card's ${name} must be a list of texts` : `The card's ${name} must be a text`,
  badCard: "This character card could not be read",
  tooManyImports: "Too many character cards imported. Please try again later.",
  imported: "Character imported. It is not published: only you can see it.",
  noCategory: "Choose a category for the imported character",
  unknownCategory: "Choose a category from the list",
  /** Followed by what the character form would refuse, so that what is imported can be saved again as it is. */
  doesNotFit: "This card does not fit a character here",
} as const;

export type CardErrorKey = Exclude<keyof typeof cardTexts, "field" | "imported">;

/** A card the character form would refuse: the form's reason after ours. */
export const cardDoesNotFit = (reason: string) => `This card does not fit a character here: ${reason}`;

/** The same refusal where only the field it names can travel (a plain form's redirect). */
export const cardDoesNotFitField = (field: string) => `${cardTexts.doesNotFit}: check its ${characterFieldLabel(field).toLowerCase()}`;

/** The key of a refusal's text, which a plain form's redirect carries (keys, never texts, travel in a URL). */
export function cardErrorKey(message: string): CardErrorKey {
  const found = Object.entries(cardTexts).find(([key, value]) => value === message && key !== "imported");
  return (found?.[0] as CardErrorKey | undefined) ?? "badCard";
}

/** The text for a key from a URL (and the field a card that does not fit names), or null when it is not one. */
export function cardErrorText(key: string | null, field: string | null = null): string | null {
  if (key === "doesNotFit" && field) return cardDoesNotFitField(field);
  if (!key || key === "field" || key === "imported" || !Object.hasOwn(cardTexts, key)) return null;
  return cardTexts[key as CardErrorKey];
}
