import { fetch as modelFetch } from "undici";
import { imageDimensions, requestedCount } from "~/lib/media-pricing";
import { ProviderError } from "./errors.server";
import { mediaOutputsOf } from "./media-outputs.server";
import type { ModelEndpoint } from "./openai-compatible.server";
import { assertModelUrlAllowed, modelDispatcher } from "./outbound.server";
import type { MediaProvider, MediaRequest } from "./types";

/**
 * Images from any platform speaking OpenAI's `/v1/images/generations` (OpenAI, Together,
 * Nebius, or an admin's `api_url`): synchronous, so a job is done when its submit answers.
 */

const GENERATION_TIMEOUT_MS = 120_000;

export function openAiImagesBody(endpoint: ModelEndpoint, request: MediaRequest) {
  const { width, height } = imageDimensions(request.settings);
  return { model: endpoint.modelId, prompt: request.prompt, n: requestedCount(request.settings), size: `${width}x${height}`, response_format: "b64_json" };
}

export function openAiImages(endpoint: ModelEndpoint): MediaProvider {
  return {
    kind: "media",
    platform: endpoint.platform,
    demo: false,
    webhooks: false,
    async submit(request) {
      let response: Awaited<ReturnType<typeof modelFetch>>;
      try {
        assertModelUrlAllowed(endpoint.baseUrl);
        response = await modelFetch(`${endpoint.baseUrl}/images/generations`, {
          dispatcher: modelDispatcher,
          method: "POST",
          headers: { "Content-Type": "application/json", ...(endpoint.apiKey ? { Authorization: `Bearer ${endpoint.apiKey}` } : {}) },
          body: JSON.stringify(openAiImagesBody(endpoint, request)),
          signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
        });
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        if (error instanceof Error && error.cause instanceof ProviderError) throw error.cause;
        throw new ProviderError("Could not reach the image provider", { cause: error });
      }
      if (!response.ok) {
        const text = (await response.text().catch(() => "")).slice(0, 300);
        return { state: "failed", error: `The image provider answered ${response.status}${text ? `: ${text}` : ""}` };
      }
      const outputs = mediaOutputsOf(await response.json().catch(() => null));
      return outputs.length > 0 ? { state: "completed", outputs } : { state: "failed", error: "The image provider returned no images" };
    },
    check: () => Promise.resolve({ state: "failed", error: "A synchronous provider has nothing to check" }),
    cancel: () => Promise.resolve(),
  };
}
