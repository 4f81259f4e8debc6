import type { ModelSettings, SettingOption } from "./documents/model-settings";

/** The Generate page's shapes and rules the browser shares with the server (spec sections 2, 5 and 9). */

export type GenerateModelView = {
  name: string;
  description: string;
  modelType: string;
  aiPlatform: string;
  costTokens: number;
  costUnit: string;
  settings: ModelSettings;
  /** An image-to-image or image-to-video model: it starts from a picture the person gives. */
  takesSourceImage: boolean;
};

export type ModelTypeView = { name: string; icon: string };

export const generateTexts = {
  title: "Generate Media",
  promptLabel: "Prompt",
  promptPlaceholder: "Describe what you want to see...",
  generate: "Generate",
  started: "Image generation started",
  failed: "Failed to generate image",
  costs: (tokens: number) => `This costs ${tokens.toLocaleString("en-US")} ${tokens === 1 ? "token" : "tokens"}`,
  needPrompt: "Describe what you want, or add a picture to start from",
  noModel: "Choose a model",
  badSetting: (name: string) => `Choose one of the options for ${settingLabel(name)}`,
  badSize: "Width and height must be whole numbers from 64 to 4096",
  sourceImage: "Start from a picture",
} as const;

/** Spec section 9: Free at 0, else the cost per its unit without a 1_ or 5_ prefix (megabitpixiels reads as megapixel). */
export function mediaCostLabel(cost: number, unit: string | null) {
  if (cost === 0) return "Free";
  const plain = (unit ?? "").replace(/^[15]_/, "");
  const named = unit === "5_seconds" ? "5 seconds" : plain === "megabitpixiels" ? "megapixel" : plain || "file";
  return `${cost} per ${named}`;
}

const LABELS: Record<string, string> = {
  image_size: "Image size",
  num_inference_steps: "Inference steps",
  num_images: "Number of images",
  enable_safety_checker: "Safety checker",
  colors: "Colors",
};

export function settingLabel(name: string) {
  return LABELS[name] ?? name.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase());
}

/** The option a person sees for a setting's value ('square_hd' reads 'square hd'). */
export function optionLabel(option: SettingOption) {
  if (typeof option === "boolean") return option ? "On" : "Off";
  return String(option).replaceAll("_", " ");
}

export const CUSTOM_SIZE = "custom";
export const SIZE_MIN = 64;
export const SIZE_MAX = 4096;

export type CustomSize = { width: number; height: number };
export type GenerateSettings = Record<string, SettingOption | SettingOption[] | CustomSize>;

/**
 * The chosen settings from the form's values (`setting.<name>`, and `width`/`height` when the image
 * size is 'custom'), each one of the model's options. Colors 'null' or ',' become an empty list
 * (spec section 5). Answers the settings, or the text of the first problem.
 */
export function readGenerateSettings(available: ModelSettings, value: (field: string) => string | null): { settings: GenerateSettings } | { error: string } {
  const settings: GenerateSettings = {};
  for (const [name, options] of Object.entries(available)) {
    const raw = value(`setting.${name}`);
    if (raw === null || raw === "") continue;
    if (name === "colors" && (raw === "null" || raw === ",")) {
      settings[name] = [];
      continue;
    }
    if (name === "image_size" && raw === CUSTOM_SIZE) {
      const width = Number(value("width"));
      const height = Number(value("height"));
      const fits = (size: number) => Number.isInteger(size) && size >= SIZE_MIN && size <= SIZE_MAX;
      if (!fits(width) || !fits(height)) return { error: generateTexts.badSize };
      settings[name] = { width, height };
      continue;
    }
    const option = options.find((candidate) => String(candidate) === raw);
    if (option === undefined) return { error: generateTexts.badSetting(name) };
    settings[name] = option;
  }
  return { settings };
}

/** The options a setting offers on the page: image_size also offers 'custom' (width and height). */
export function optionsOf(name: string, options: SettingOption[]): SettingOption[] {
  return name === "image_size" && !options.includes(CUSTOM_SIZE) ? [...options, CUSTOM_SIZE] : options;
}
