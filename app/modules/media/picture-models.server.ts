import { parseModelSettings } from "~/lib/documents/model-settings";
import { mediaJobTexts, type MediaType } from "~/lib/media-jobs";
import { customModelMap, listPublishedModels } from "~/modules/chat/model-choice.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { isPlatformConfigured } from "~/modules/config/env.server";
import { AppError } from "~/modules/http/errors.server";
import { takesSourceImage } from "./redraw-sources.server";

/**
 * Which model draws a picture, a video or a voice note that is not asked for on the Generate page
 * (a request in chat, a character's avatar): the agent's own choice for the type, else the
 * heaviest published one that can be called.
 */

/** No model of the mode's type can be called right now: 503. */
export class NoPictureModelError extends AppError {
  constructor(message: string = mediaJobTexts.noPictureModel) {
    super("no-picture-model", 503, message);
  }
}

async function callableModels(type: MediaType, access: ModelAccess) {
  return (await listPublishedModels(access)).filter((model) => model.modelType === type && (isPlatformConfigured(model.aiPlatform) || Boolean(model.apiKey)));
}

/** The agent's chosen model for the type (custom_models), else the heaviest published one of that type that can be called, of those `access` allows. */
export async function pictureModelFor(customModels: unknown, type: MediaType, access: ModelAccess) {
  const usable = await callableModels(type, access);
  const chosen = customModelMap(customModels)[type];
  return usable.find((model) => model.chatModel === chosen) ?? usable[0] ?? null;
}

/** Design's model: the agent's image model when it redraws pictures (takesSourceImage), else the heaviest callable one that does. */
export async function redrawModelFor(customModels: unknown, access: ModelAccess) {
  const usable = (await callableModels("image", access)).filter(takesSourceImage);
  const chosen = customModelMap(customModels).image;
  return usable.find((model) => model.chatModel === chosen) ?? usable[0] ?? null;
}

/** The settings for a single picture: one image where the model lets the number be chosen. */
export function onePictureSettings(model: { settings: unknown }): Record<string, string> {
  return parseModelSettings(model.settings).num_images?.some((option) => String(option) === "1") ? { num_images: "1" } : {};
}
