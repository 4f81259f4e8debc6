import { z } from "zod";
import { listOf, readWith, recordOf } from "./reading";

/** A chat model's settings (spec section 3): each setting's name to its list of options. */
export type SettingOption = boolean | number | string;
export type ModelSettings = Record<string, SettingOption[]>;

export const modelSettingsTexts = {
  notObject: "Settings must map each setting's name to its options",
  name: "A setting needs a name",
  option: "An option must be true, false, a number or a text",
  options: "Give each setting at least one option",
} as const;

/** One option as stored: a boolean, a finite number or a text. */
export const settingOption = z.union([z.boolean(), z.number(), z.string()], modelSettingsTexts.option);

/** Options that are not a boolean, a number or a text are left out, and so is a setting left with none. */
const modelSettingsReading = recordOf(listOf(settingOption).refine((options) => options.length > 0));

/** Reads stored settings. Never throws. */
export function parseModelSettings(value: unknown): ModelSettings {
  return readWith(modelSettingsReading, value, () => ({}));
}

/** What is written to a model's settings (the admin console, the seed). */
export const modelSettingsSchema = z.record(
  z.string().trim().min(1, modelSettingsTexts.name),
  z.array(settingOption, modelSettingsTexts.options).min(1, modelSettingsTexts.options),
  modelSettingsTexts.notObject,
);

/**
 * The options typed into the model form as comma-separated text (spec section 5): true and false
 * become booleans, numbers become numbers, anything else is trimmed text; empty parts are skipped.
 */
export function settingOptionsFromText(text: string): SettingOption[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => (part === "true" ? true : part === "false" ? false : Number.isFinite(Number(part)) ? Number(part) : part));
}
