import { isDemoPlatform } from "~/modules/ai/platforms";
import { env, type Env } from "~/modules/config/env.server";
import { demoChat } from "./demo.server";
import { ProviderNotConfiguredError } from "./errors.server";
import { openAiCompatibleChat, resolveModelEndpoint } from "./openai-compatible.server";
import type { ChatProvider, ModelConnection, Provider } from "./types";

/**
 * Which provider calls a model, by its `model_type`, then its `ai_platform`. A new kind of model
 * (image, video, audio) adds its type here with its provider file beside this one.
 */
const providersByType: Record<string, (model: ModelConnection, config: Env) => Provider> = {
  chat: (model, config) => (isDemoPlatform(model.aiPlatform) ? demoChat : openAiCompatibleChat(resolveModelEndpoint(model, config))),
};

/**
 * The provider for one model, ready to call. Throws ProviderNotConfiguredError when it cannot be
 * called from here: an unknown type or platform, or a platform without its key.
 */
export function providerFor(model: ModelConnection, config: Env = env()): Provider {
  const provider = providersByType[model.modelType];
  if (!provider) throw new ProviderNotConfiguredError(`No provider calls ${model.modelType} models`);
  return provider(model, config);
}

/** The provider of a chat model (a reply, a greeting); ProviderNotConfiguredError for a model of another type. */
export function chatProviderFor(model: ModelConnection, config: Env = env()): ChatProvider {
  const provider = providerFor(model, config);
  if (provider.kind !== "chat") throw new ProviderNotConfiguredError(`${model.modelId} is not a chat model`);
  return provider;
}
