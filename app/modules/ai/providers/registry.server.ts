import { isDemoPlatform } from "~/lib/ai-platforms";
import { env, type Env } from "~/modules/config/env.server";
import { demoMedia } from "./demo-media.server";
import { demoChat } from "./demo.server";
import { ProviderNotConfiguredError } from "./errors.server";
import { falEndpoint, falMedia } from "./fal.server";
import { openAiCompatibleChat, resolveModelEndpoint } from "./openai-compatible.server";
import { openAiImages } from "./openai-images.server";
import type { ChatProvider, MediaProvider, ModelConnection, Provider } from "./types";

/**
 * Which provider calls a model, by its `model_type`, then its `ai_platform`. A new kind of model
 * (image, video, audio) adds its type here with its provider file beside this one.
 */
const providersByType: Record<string, (model: ModelConnection, config: Env) => Provider> = {
  chat: (model, config) => (isDemoPlatform(model.aiPlatform) ? demoChat : openAiCompatibleChat(resolveModelEndpoint(model, config))),
  image: (model, config) => mediaProvider(model, config, { openAiImages: true }),
  video: (model, config) => mediaProvider(model, config),
  audio: (model, config) => mediaProvider(model, config),
  music: (model, config) => mediaProvider(model, config),
};

/** Media: the demo, fal's queue, or (images only) any platform speaking OpenAI's images API. */
function mediaProvider(model: ModelConnection, config: Env, { openAiImages: imagesApi = false } = {}): MediaProvider {
  if (isDemoPlatform(model.aiPlatform)) return demoMedia;
  if (model.aiPlatform === "fal") return falMedia(falEndpoint(model, config));
  if (imagesApi) return openAiImages(resolveModelEndpoint(model, config));
  throw new ProviderNotConfiguredError(`No provider makes ${model.modelType} on ${model.aiPlatform}`);
}

/**
 * The provider for one model, ready to call. Throws ProviderNotConfiguredError when it cannot be
 * called from here: an unknown type or platform, or a platform without its key.
 */
export function providerFor(model: ModelConnection, config: Env = env()): Provider {
  const provider = providersByType[model.modelType];
  if (!provider) throw new ProviderNotConfiguredError(`No provider calls ${model.modelType} models`);
  return provider(model, config);
}

/** The provider of an image, video, audio or music model; ProviderNotConfiguredError for another. */
export function mediaProviderFor(model: ModelConnection, config: Env = env()): MediaProvider {
  const provider = providerFor(model, config);
  if (provider.kind !== "media") throw new ProviderNotConfiguredError(`${model.modelId} is not a media model`);
  return provider;
}

/** The provider of a chat model (a reply, a greeting); ProviderNotConfiguredError for a model of another type. */
export function chatProviderFor(model: ModelConnection, config: Env = env()): ChatProvider {
  const provider = providerFor(model, config);
  if (provider.kind !== "chat") throw new ProviderNotConfiguredError(`${model.modelId} is not a chat model`);
  return provider;
}
