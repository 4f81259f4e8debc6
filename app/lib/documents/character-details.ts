import { z } from "zod";
import { readWith } from "./reading";

/**
 * A character's details (the spec's document.details without the tags, which are a column): texts
 * such as personality, occupation, relationship and voice, and two settings its agents copy and
 * answer with, a temperature and isStream. Agents store the same object as their document.details.
 */

/** The settings' names and bounds, shared with the SQL that reads them (agent-settings.server.ts). */
export const DETAIL_KEYS = { temperature: "temperature", isStream: "isStream" } as const;
export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;

/** Details as stored: texts by name, and the two settings. */
export type StoredDetails = { [DETAIL_KEYS.temperature]?: number; [DETAIL_KEYS.isStream]?: boolean; [name: string]: string | number | boolean | undefined };

/** Details as read. */
export type CharacterDetails = {
  /** The texts with words in them, by name (what the detail overlay lists). */
  texts: Record<string, string>;
  /** From 0 to 2, else null (the default temperature). */
  temperature: number | null;
  /** false asks for whole replies; null when not set. */
  isStream: boolean | null;
};

export const detailTexts = {
  notObject: "Details must be an object of named values",
  name: "A detail needs a name",
  text: (name: string) => `${name} must be a text`,
  temperature: `The temperature must be a number from ${TEMPERATURE_RANGE.min} to ${TEMPERATURE_RANGE.max}`,
  isStream: "isStream must be true or false",
} as const;

/** A temperature within range, else null: what the SQL's temperature reading gives too. */
export const temperatureReading = z.number().min(TEMPERATURE_RANGE.min).max(TEMPERATURE_RANGE.max).nullable().catch(null);

/** The lenient reading of details (what parseCharacterDetails gives), for a document that holds them. */
export const characterDetailsReading = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((stored): CharacterDetails => {
    const { [DETAIL_KEYS.temperature]: temperature, [DETAIL_KEYS.isStream]: isStream, ...rest } = stored;
    return {
      texts: Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")),
      temperature: temperatureReading.parse(temperature),
      isStream: typeof isStream === "boolean" ? isStream : null,
    };
  });

/** Reads stored details: entries of the wrong type are left out. Never throws. */
export function parseCharacterDetails(value: unknown): CharacterDetails {
  return readWith(characterDetailsReading, value, () => ({ texts: {}, temperature: null, isStream: null }));
}

/** Read details as they are stored again (an agent's copy of its character's details). */
export function storedDetails(details: CharacterDetails): StoredDetails {
  return {
    ...details.texts,
    ...(details.temperature === null ? {} : { [DETAIL_KEYS.temperature]: details.temperature }),
    ...(details.isStream === null ? {} : { [DETAIL_KEYS.isStream]: details.isStream }),
  };
}

/** One detail as written: `keep` its value, nothing to drop it (an empty value), or the reason it is `refused`. */
function checkedDetail(name: string, value: unknown): { keep?: string | number | boolean; refused?: string } {
  if (name.trim() === "") return { refused: detailTexts.name };
  if (value === null || value === undefined) return {};
  if (name === DETAIL_KEYS.temperature)
    return typeof value === "number" && temperatureReading.parse(value) !== null ? { keep: value } : { refused: detailTexts.temperature };
  if (name === DETAIL_KEYS.isStream) return typeof value === "boolean" ? { keep: value } : { refused: detailTexts.isStream };
  if (typeof value !== "string") return { refused: detailTexts.text(name) };
  return value.trim() === "" ? {} : { keep: value.trim() };
}

/**
 * What is written to details: texts are trimmed, and empty values dropped (spec: "empty detail
 * values are dropped on save"); a temperature and isStream must be of their type.
 */
export const characterDetailsSchema = z.record(z.string(), z.unknown(), detailTexts.notObject).transform((stored, context) => {
  const details: StoredDetails = {};
  for (const [name, value] of Object.entries(stored)) {
    const { keep, refused } = checkedDetail(name, value);
    if (refused) context.addIssue({ code: "custom", path: [name], message: refused });
    else if (keep !== undefined) details[name] = keep;
  }
  return details;
});
