import type { ModelSettings, SettingOption } from "./documents/model-settings";
import type { TextId } from "./i18n/ids";
import type { Translate } from "./i18n/react";
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
  started: "Image generation started",
  failed: "Failed to generate image",
  needPrompt: "Describe what you want, or add a picture to start from",
  noModel: "Choose a model",
} as const;

const LABELS: Partial<Record<string, TextId>> = {
  image_size: "media.setting.imageSize",
  num_inference_steps: "media.setting.inferenceSteps",
  num_images: "media.setting.numImages",
  enable_safety_checker: "media.setting.safetyChecker",
  colors: "media.setting.colors",
};

/** A setting's label; a setting the product does not name shows its own name, as words. */
export function settingLabel(t: Translate, name: string) {
  const id = LABELS[name];
  return id ? t(id) : name.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase());
}

/** The option a person sees for a setting's value ('square_hd' reads 'square hd'). */
export function optionLabel(t: Translate, option: SettingOption) {
  if (typeof option === "boolean") return option ? t("media.generate.on") : t("media.generate.off");
  return String(option).replaceAll("_", " ");
}

/** A model type's name on the page ("image"); a type the product does not know shows as it is. */
const TYPE_NAMES: Partial<Record<string, TextId>> = {
  image: "media.generate.type.image",
  video: "media.generate.type.video",
  audio: "media.generate.type.audio",
  music: "media.generate.type.music",
};

export function modelTypeName(t: Translate, name: string) {
  const id = TYPE_NAMES[name];
  return id ? t(id) : name;
}

/** The options a setting offers on the page: image_size also offers 'custom' (width and height). */
export function optionsOf(name: string, options: SettingOption[]): SettingOption[] {
  return name === "image_size" && !options.includes(CUSTOM_IMAGE_SIZE) ? [...options, CUSTOM_IMAGE_SIZE] : options;
}
