import { STATUS_CODES } from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { request as httpRequest, type Dispatcher } from "undici";
import { findPlatform } from "~/lib/ai-platforms";
import { env, type Env } from "~/modules/config/env.server";
import { openSecret } from "~/modules/security/secret-box.server";
import { guardRequest, ProviderError, ProviderNotConfiguredError } from "./errors.server";
import { assertModelUrlAllowed, modelDispatcher } from "./outbound.server";
import type { ChatCompletion, ChatProvider, ChatRequest, ChatStreamEvent, ModelConnection, TokenUsage } from "./types";

/**
 * The provider of every chat platform that speaks OpenAI's chat completions API (Nebius, OpenAI,
 * OpenRouter, DeepSeek, Together, Groq, Perplexity, Ollama…): one HTTP request per reply,
 * streamed as Server-Sent Events unless the platform or the model does not stream.
 */

/** Where and how one chat model is called. Holds the key: never send it to the browser or a log. */
export type ModelEndpoint = { platform: string; baseUrl: string; apiKey: string | null; modelId: string; stream: boolean };

const CONNECTION_CLOSED = "The provider closed the connection";
const UNREACHABLE = "Could not reach the provider";

/** The model's own URL and key, else its platform's environment (`<PREFIX>_BASE_URL`, `<PREFIX>_API_KEY`), else the platform's default URL. */
export function resolveModelEndpoint(model: Omit<ModelConnection, "modelType">, config: Env = env()): ModelEndpoint {
  const platform = findPlatform(model.aiPlatform);
  if (!platform) throw new ProviderNotConfiguredError(`Unknown AI platform "${model.aiPlatform}"`);
  const stream = platform.streams && model.isStream;
  const variables = config as Record<string, unknown>;
  // A model's own key is stored sealed (security/secret-box.server.ts).
  const apiKey = filled(openSecret(model.apiKey)) ?? filled(variables[`${platform.envPrefix}_API_KEY`]) ?? null;
  if (platform.needsKey && !apiKey) {
    throw new ProviderNotConfiguredError(`${platform.label} has no API key: set ${platform.envPrefix}_API_KEY or the model's API key`);
  }
  const baseUrl = filled(model.apiUrl) ?? filled(variables[`${platform.envPrefix}_BASE_URL`]) ?? platform.defaultBaseUrl;
  // Admins sometimes paste the full endpoint; the path is added here.
  return { platform: platform.id, baseUrl: baseUrl.replace(/\/+$/, "").replace(/\/chat\/completions$/, ""), apiKey, modelId: model.modelId, stream };
}

/** The chat provider for one endpoint. */
export function openAiCompatibleChat(endpoint: ModelEndpoint): ChatProvider {
  return {
    kind: "chat",
    platform: endpoint.platform,
    streamChat: (request) => streamChat(endpoint, request),
    completeChat: (request) => completeChat(endpoint, request),
  };
}

async function* streamChat(endpoint: ModelEndpoint, request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
  if (!endpoint.stream) {
    const reply = await completeChat(endpoint, request);
    if (reply.text) yield { type: "delta", text: reply.text };
    yield { type: "done", ...reply };
    return;
  }
  const guard = guardRequest(request);
  let fullText = "";
  let connected = false;
  try {
    const response = await post(endpoint, { ...requestBody(endpoint, request), stream: true, stream_options: { include_usage: true } }, guard.signal);
    connected = true;
    if (!isOk(response)) throw await errorFromResponse(response, endpoint.apiKey);
    // A provider that ignores `stream: true` answers plain JSON.
    if (isJson(response)) {
      const reply = await readCompletion(response, endpoint.apiKey);
      if (reply.text) yield { type: "delta", text: reply.text };
      yield { type: "done", ...reply };
      return;
    }

    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    let usage: TokenUsage | undefined;
    let finished = false;
    for await (const text of decodedText(response.body)) {
      parser.feed(text);
      for (const event of events.splice(0)) {
        if (event.data === "[DONE]") {
          yield { type: "done", text: fullText, usage };
          return;
        }
        const parsed = parseChunk(event.data);
        const message = errorMessageOf(parsed);
        if (message) throw new ProviderError(redact(message, endpoint.apiKey), { partialText: fullText });
        const choice = parsed?.choices?.[0];
        const text = choice?.delta?.content;
        if (typeof text === "string" && text !== "") {
          fullText += text;
          yield { type: "delta", text };
        }
        if (choice?.finish_reason) finished = true;
        if (parsed?.usage) usage = toUsage(parsed.usage);
      }
    }
    if (!finished) throw new ProviderError(CONNECTION_CLOSED, { partialText: fullText });
    yield { type: "done", text: fullText, usage };
  } catch (error) {
    throw guard.toError(error, fullText, connected ? CONNECTION_CLOSED : UNREACHABLE);
  } finally {
    // Also runs when the caller stops reading early, which closes the upstream request.
    guard.end();
  }
}

async function completeChat(endpoint: ModelEndpoint, request: ChatRequest): Promise<ChatCompletion> {
  const guard = guardRequest(request);
  try {
    const response = await post(endpoint, { ...requestBody(endpoint, request), stream: false }, guard.signal);
    if (!isOk(response)) throw await errorFromResponse(response, endpoint.apiKey);
    return await readCompletion(response, endpoint.apiKey);
  } catch (error) {
    throw guard.toError(error, "", UNREACHABLE);
  } finally {
    guard.end();
  }
}

function requestBody(endpoint: ModelEndpoint, { messages, temperature }: ChatRequest) {
  return { model: endpoint.modelId, messages, temperature };
}

/**
 * POSTs to the provider with undici's `request`: the HTTP client behind Node's fetch, without
 * fetch's web streams, which cost about a millisecond more before the first word (bench/chat-stream).
 * Connections are kept alive per origin, never to a link-local or metadata address (modelDispatcher).
 * The body is read as it arrives, or dropped on abort.
 */
function post(endpoint: ModelEndpoint, body: object, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  assertModelUrlAllowed(endpoint.baseUrl);
  return httpRequest(`${endpoint.baseUrl}/chat/completions`, { method: "POST", headers, body: JSON.stringify(body), signal, dispatcher: modelDispatcher });
}

/** The body as text, chunk by chunk. A streaming decoder keeps a multi-byte character that is split across network chunks whole. */
async function* decodedText(body: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder();
  for await (const chunk of body) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}

function isOk(response: Dispatcher.ResponseData) {
  return response.statusCode >= 200 && response.statusCode < 300;
}

type CompletionJson = {
  error?: { message?: string } | string;
  message?: string;
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
};

async function readCompletion(response: Dispatcher.ResponseData, apiKey: string | null): Promise<ChatCompletion> {
  const json = parseChunk(await response.body.text());
  const message = errorMessageOf(json);
  if (message) throw new ProviderError(redact(message, apiKey), { status: response.statusCode });
  const text = json?.choices?.[0]?.message?.content;
  if (typeof text !== "string") throw new ProviderError("The provider answered without a reply", { status: response.statusCode });
  return { text, usage: json?.usage ? toUsage(json.usage) : undefined };
}

/** The provider's own words when its error body is JSON (or an event stream of JSON), else the start of the body. */
async function errorFromResponse(response: Dispatcher.ResponseData, apiKey: string | null) {
  const body = await response.body.text().catch(() => "");
  const dataLines = body
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5));
  const message = [body, ...dataLines].map((candidate) => errorMessageOf(parseChunk(candidate), true)).find(Boolean);
  const detail = redact(message ?? (body.trim().slice(0, 200) || STATUS_CODES[response.statusCode] || "no reason given"), apiKey);
  return new ProviderError(`The provider answered ${response.statusCode}: ${detail}`, { status: response.statusCode });
}

function parseChunk(data: string): CompletionJson | undefined {
  try {
    const json: unknown = JSON.parse(data);
    return json && typeof json === "object" ? (json as CompletionJson) : undefined;
  } catch {
    return undefined;
  }
}

function errorMessageOf(json: CompletionJson | undefined, isErrorBody = false) {
  if (!json) return undefined;
  if (typeof json.error === "string") return json.error;
  if (json.error) return json.error.message || "The provider reported an error";
  return isErrorBody ? json.message : undefined;
}

function toUsage(usage: NonNullable<CompletionJson["usage"]>): TokenUsage {
  return { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 };
}

function isJson(response: Dispatcher.ResponseData) {
  return String(response.headers["content-type"] ?? "").includes("application/json");
}

/** Some providers echo the key they were given in their error messages. */
function redact(text: string, apiKey: string | null) {
  return apiKey ? text.split(apiKey).join("[redacted]") : text;
}

function filled(value: unknown) {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
