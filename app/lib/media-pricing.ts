import type { ModelSettings, SettingOption } from "./documents/model-settings";
import type { Translate } from "./i18n/react";

/**
 * What a media job costs (spec sections 3 and 9, issue 24), shown before submitting and charged
 * by the job: cost_tokens × units, where the units depend on the model's cost_unit.
 */

export const COST_UNITS = ["1_megabitpixiels", "5_seconds", "1_file"] as const;
export type CostUnit = (typeof COST_UNITS)[number];

/** One megapixel as fal bills it: a 1024 × 1024 image is one. */
export const MEGAPIXEL = 1024 * 1024;
/** The seconds a `5_seconds` unit covers. */
export const SECONDS_PER_UNIT = 5;
/** The duration assumed when a video or audio model has no duration setting. */
export const DEFAULT_DURATION_SECONDS = 5;

/** The image_size presets (fal's names) and their pixels; 'custom' takes width and height. */
export const IMAGE_SIZE_PRESETS = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
} as const;
export type ImageSizePreset = keyof typeof IMAGE_SIZE_PRESETS;
export const CUSTOM_IMAGE_SIZE = "custom";
/** Bounds of a custom width or height, in pixels. */
export const CUSTOM_SIZE_MIN = 64;
export const CUSTOM_SIZE_MAX = 4096;
/** The size of an image model without an image_size setting. */
export const DEFAULT_IMAGE_SIZE = IMAGE_SIZE_PRESETS.square_hd;
/** Most images one job may ask for. */
export const MAX_IMAGES_PER_JOB = 8;

/**
 * A job's chosen settings: one value per setting of the model; `image_size` a preset name or
 * `{ width, height }` for 'custom'; `colors` a list (empty for 'null' or ',').
 */
export type MediaSettingValue = SettingOption | string[] | { width: number; height: number };
export type MediaSettings = Record<string, MediaSettingValue>;

export type Dimensions = { width: number; height: number };

/** The width and height a job's image_size asks for (square_hd when absent or unknown). */
export function imageDimensions(settings: MediaSettings): Dimensions {
  const size = settings.image_size;
  if (size && typeof size === "object" && !Array.isArray(size)) return { width: size.width, height: size.height };
  if (typeof size === "string" && Object.hasOwn(IMAGE_SIZE_PRESETS, size)) return { ...IMAGE_SIZE_PRESETS[size as ImageSizePreset] };
  return { ...DEFAULT_IMAGE_SIZE };
}

/** How many images (files) a job asks for: num_images, at least 1. */
export function requestedCount(settings: MediaSettings): number {
  const count = Number(settings.num_images ?? 1);
  return Number.isInteger(count) && count >= 1 ? Math.min(count, MAX_IMAGES_PER_JOB) : 1;
}

/** The seconds a job asks for: duration (or seconds_total), DEFAULT_DURATION_SECONDS when absent. */
export function requestedSeconds(settings: MediaSettings): number {
  const seconds = Number(String(settings.duration ?? settings.seconds_total ?? DEFAULT_DURATION_SECONDS).replace(/s$/, ""));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_DURATION_SECONDS;
}

/**
 * The units a job is charged for: per started megapixel of width × height × images, per started
 * 5 seconds, per file; any other unit (a message) is one. `count` overrides the images asked for
 * (what was produced, when settling).
 */
export function costUnits(unit: string | null, settings: MediaSettings, count = requestedCount(settings)): number {
  if (count <= 0) return 0;
  switch (unit) {
    case "1_megabitpixiels": {
      const { width, height } = imageDimensions(settings);
      return Math.ceil((width * height * count) / MEGAPIXEL);
    }
    case "5_seconds":
      return Math.ceil(requestedSeconds(settings) / SECONDS_PER_UNIT);
    case "1_file":
      return count;
    default:
      return 1;
  }
}

/** The tokens a job costs: cost_tokens × units. */
export function mediaPrice(costTokens: number, unit: string | null, settings: MediaSettings, count?: number): number {
  return costTokens * costUnits(unit, settings, count);
}

/** The model picker's cost: 'Free', else 'N tokens per megapixel', 'per 5 seconds', 'per file' (per message for another unit). */
export function mediaCostLabel(costTokens: number, unit: string | null): string {
  if (costTokens === 0) return "Free";
  const per =
    unit === "1_megabitpixiels" ? "megapixel" : unit === "5_seconds" ? "5 seconds" : unit === "1_file" ? "file" : unit?.replace(/^[15]_/, "") || "message";
  return `${costTokens} tokens per ${per}`;
}

/** mediaCostLabel in the page's language (English: the same text). */
export function mediaCostText(t: Translate, cost: number, unit: string | null): string {
  if (cost === 0) return t("media.cost.free");
  if (unit === "1_megabitpixiels") return t("media.cost.perMegapixel", { cost });
  if (unit === "5_seconds") return t("media.cost.per5Seconds", { cost });
  if (unit === "1_file") return t("media.cost.perFile", { cost });
  const per = unit?.replace(/^[15]_/, "") || "message";
  return per === "message" ? t("media.cost.perMessage", { cost }) : t("media.cost.perUnit", { cost, unit: per });
}

/** The price shown before submitting. */
export function priceText(tokens: number): string {
  return tokens === 0 ? "This is free" : `This costs ${tokens} tokens`;
}

export const mediaSettingsTexts = {
  option: (name: string) => `Choose one of the options for ${name}`,
  customSize: `Width and height must be whole numbers from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX}`,
} as const;

/**
 * The option a setting starts at, on the page and when a request leaves it out: num_images the
 * fewest offered (one picture, at the price of one, though the spec lists 4 first), any other
 * setting its first option.
 */
export function defaultSettingOption(name: string, options: SettingOption[]): SettingOption | undefined {
  if (name !== "num_images") return options[0];
  const counts = options.filter((option) => Number.isFinite(Number(option)) && typeof option !== "boolean");
  return (
    counts.reduce<SettingOption | undefined>((fewest, option) => (fewest === undefined || Number(option) < Number(fewest) ? option : fewest), undefined) ??
    options[0]
  );
}

export type MediaSettingsReading = { ok: true; settings: MediaSettings } | { ok: false; field: string; error: string };

/**
 * Reads the settings a person chose (form text, one value per setting name) against the model's
 * settings map (spec section 5): each value must be one of the model's options and takes the
 * option's type; a setting not given takes its default (defaultSettingOption). image_size 'custom' takes the
 * numeric `width` and `height` fields; colors 'null' or ',' become an empty list, other colors a
 * comma-separated list. Settings the model does not have are ignored.
 */
export function readMediaSettings(model: ModelSettings, submitted: Record<string, string | undefined>): MediaSettingsReading {
  const settings: MediaSettings = {};
  for (const [name, options] of Object.entries(model)) {
    const given = submitted[name]?.trim();
    if (name === "colors") {
      settings.colors = colorsList(given ?? String(options[0] ?? ""));
      continue;
    }
    if (name === "image_size" && given === CUSTOM_IMAGE_SIZE) {
      const width = Number(submitted.width);
      const height = Number(submitted.height);
      if (![width, height].every((side) => Number.isInteger(side) && side >= CUSTOM_SIZE_MIN && side <= CUSTOM_SIZE_MAX)) {
        return { ok: false, field: "image_size", error: mediaSettingsTexts.customSize };
      }
      settings.image_size = { width, height };
      continue;
    }
    if (given === undefined || given === "") {
      const fallback = defaultSettingOption(name, options);
      if (fallback !== undefined) settings[name] = fallback;
      continue;
    }
    const option = options.find((candidate) => String(candidate) === given);
    if (option === undefined) return { ok: false, field: name, error: mediaSettingsTexts.option(name) };
    settings[name] = option;
  }
  return { ok: true, settings };
}

/** Spec section 5: 'null' or ',' is no colors; otherwise the comma-separated colors, trimmed. */
export function colorsList(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === "null" || trimmed === ",") return [];
  return trimmed
    .split(",")
    .map((color) => color.trim())
    .filter((color) => color !== "" && color !== "null");
}
