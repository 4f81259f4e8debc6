import { env, type Env } from "~/modules/config/env.server";
import { ProviderError, ProviderNotConfiguredError } from "./errors.server";
import { mediaOutputsOf } from "./media-outputs.server";
import type { MediaCheck, MediaProvider, MediaRequest, ModelConnection } from "./types";

/**
 * fal's queue API (https://queue.fal.run), through a thin fetch adapter so tests can point it at
 * a fake (FAL_BASE_URL): submit, status, result, cancel, with `Authorization: Key <FAL_KEY>`.
 * A webhook, when the app can be reached, only says "look now": the result is always fetched
 * here, by request id, with the app's key.
 */

export const FAL_QUEUE_URL = "https://queue.fal.run";
const CALL_TIMEOUT_MS = 30_000;

type FalEndpoint = { baseUrl: string; apiKey: string; modelId: string };

export function falEndpoint(model: Pick<ModelConnection, "apiUrl" | "apiKey" | "modelId">, config: Env = env()): FalEndpoint {
  const apiKey = model.apiKey || config.FAL_KEY || ((config as Record<string, unknown>).FAL_API_KEY as string | undefined);
  if (!apiKey) throw new ProviderNotConfiguredError("fal.ai has no API key: set FAL_KEY or the model's API key");
  const baseUrl = (model.apiUrl || ((config as Record<string, unknown>).FAL_BASE_URL as string | undefined) || FAL_QUEUE_URL).replace(/\/+$/, "");
  return { baseUrl, apiKey, modelId: model.modelId.replace(/^\/+|\/+$/g, "") };
}

/** fal addresses a request under the app's id, the model id's first two segments ("fal-ai/flux/dev" → "fal-ai/flux"). */
function requestUrl(endpoint: FalEndpoint, requestId: string, suffix = "") {
  const appId = endpoint.modelId.split("/").slice(0, 2).join("/");
  return `${endpoint.baseUrl}/${appId}/requests/${encodeURIComponent(requestId)}${suffix}`;
}

async function call(endpoint: FalEndpoint, url: string, init: RequestInit = {}) {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Authorization: `Key ${endpoint.apiKey}`, Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError("Could not reach fal.ai", { cause: error });
  }
  return response;
}

async function errorText(response: Response) {
  const text = (await response.text().catch(() => "")).slice(0, 300);
  return `fal.ai answered ${response.status}${text ? `: ${text}` : ""}`;
}

/** The request's input as fal's models take it: the prompt, the settings, and an image by data URI. */
export function falInput(request: MediaRequest) {
  const { sourceImage, prompt, settings } = request;
  const input: Record<string, unknown> = { prompt, ...settings };
  if (Array.isArray(settings.colors) && settings.colors.length === 0) delete input.colors;
  if (sourceImage) input.image_url = `data:${sourceImage.contentType};base64,${sourceImage.data.toString("base64")}`;
  return input;
}

export function falMedia(endpoint: FalEndpoint): MediaProvider {
  return {
    kind: "media",
    platform: "fal",
    demo: false,
    webhooks: true,
    async submit(request) {
      const query = request.webhookUrl ? `?fal_webhook=${encodeURIComponent(request.webhookUrl)}` : "";
      const response = await call(endpoint, `${endpoint.baseUrl}/${endpoint.modelId}${query}`, { method: "POST", body: JSON.stringify(falInput(request)) });
      if (!response.ok) {
        const message = await errorText(response);
        // A refused input will be refused again; a 5xx or 429 is worth another try.
        if (response.status >= 500 || response.status === 429) throw new ProviderError(message, { status: response.status });
        return { state: "failed", error: message };
      }
      const body = (await response.json().catch(() => ({}))) as { request_id?: unknown };
      if (typeof body.request_id !== "string" || !body.request_id) throw new ProviderError("fal.ai gave no request id");
      return { state: "submitted", requestId: body.request_id };
    },
    async check(requestId): Promise<MediaCheck> {
      const statusResponse = await call(endpoint, requestUrl(endpoint, requestId, "/status"));
      if (!statusResponse.ok) throw new ProviderError(await errorText(statusResponse), { status: statusResponse.status });
      const status = ((await statusResponse.json().catch(() => ({}))) as { status?: unknown }).status;
      if (status !== "COMPLETED") return { state: "pending" };
      const resultResponse = await call(endpoint, requestUrl(endpoint, requestId));
      if (resultResponse.status >= 500 || resultResponse.status === 429)
        throw new ProviderError(await errorText(resultResponse), { status: resultResponse.status });
      if (!resultResponse.ok) return { state: "failed", error: await errorText(resultResponse) };
      const outputs = mediaOutputsOf(await resultResponse.json().catch(() => null));
      return outputs.length > 0 ? { state: "completed", outputs } : { state: "failed", error: "fal.ai returned no media" };
    },
    async cancel(requestId) {
      await call(endpoint, requestUrl(endpoint, requestId, "/cancel"), { method: "PUT" });
    },
  };
}
