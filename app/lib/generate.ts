import type { ModelSettings, SettingOption } from "./documents/model-settings";
import { CUSTOM_IMAGE_SIZE } from "./media-pricing";

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
  needPrompt: "Describe what you want, or add a picture to start from",
  noModel: "Choose a model",
  sourceImage: "Start from a picture",
  /** Beside the price: what the person has, and whether it is enough. */
  balance: (tokens: number, short: boolean) => `You have ${tokens} tokens${short ? ", not enough" : ""}`,
} as const;

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

/** The options a setting offers on the page: image_size also offers 'custom' (width and height). */
export function optionsOf(name: string, options: SettingOption[]): SettingOption[] {
  return name === "image_size" && !options.includes(CUSTOM_IMAGE_SIZE) ? [...options, CUSTOM_IMAGE_SIZE] : options;
}
