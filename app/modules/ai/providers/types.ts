import type { MediaSettings } from "~/lib/media-pricing";

/**
 * What every provider speaks, whichever platform is behind it. A model's `ai_platform` and
 * `model_type` choose its provider (registry.server.ts); callers hold only these types.
 */

export type ChatPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string | ChatPart[] };
export type TokenUsage = { promptTokens: number; completionTokens: number };
export type ChatStreamEvent = { type: "delta"; text: string } | { type: "done"; text: string; usage?: TokenUsage };
export type ChatCompletion = { text: string; usage?: TokenUsage };
export type ChatRequest = { messages: ChatMessage[]; temperature: number; signal?: AbortSignal; timeoutMs?: number };

/** A model as its row describes it to the registry. Holds the key: never send it to the browser or a log. */
export type ModelConnection = { aiPlatform: string; modelType: string; modelId: string; apiUrl: string | null; apiKey: string | null; isStream: boolean };

/** A chat model's provider: the reply streams, the greeting asks for one whole answer. */
export type ChatProvider = {
  kind: "chat";
  platform: string;
  /**
   * Streams one reply as deltas, then a final `done` with the whole text. A model that does not
   * stream is called once and its answer yielded as a single delta, so callers need only this.
   */
  streamChat(request: ChatRequest): AsyncGenerator<ChatStreamEvent>;
  /** One whole reply without streaming. */
  completeChat(request: ChatRequest): Promise<ChatCompletion>;
};

/** What a media job asks a provider for. `jobKey` is the app's own request id (the demo seeds its art with it). */
export type MediaRequest = {
  jobKey: string;
  mediaType: "image" | "video" | "audio" | "music";
  modelId: string;
  prompt: string;
  settings: MediaSettings;
  /** image-to-image or image-to-video: the person's upload */
  sourceImage?: { data: Buffer; contentType: string } | null;
  /** where the provider should say it has finished, when the app can be reached */
  webhookUrl?: string | null;
};

/**
 * One produced file: bytes, or a link the app downloads from right away (provider links expire).
 * `poster`: a picture of a video's first frame, when the provider has one.
 */
export type MediaOutput = ({ url: string } | { data: Buffer; contentType: string }) & { width?: number; height?: number; duration?: number; poster?: Buffer };

export type MediaCheck = { state: "pending" } | { state: "completed"; outputs: MediaOutput[] } | { state: "failed"; error: string };

/** A queue provider answers with its request id; a synchronous one with the result. */
export type MediaSubmission = { state: "submitted"; requestId: string } | Exclude<MediaCheck, { state: "pending" }>;

/**
 * An image, video or audio model's provider: submit a job, then ask about it by the provider's
 * request id until it has finished. `demo`: its results are labelled as the offline demo's.
 */
export type MediaProvider = {
  kind: "media";
  platform: string;
  demo: boolean;
  /** whether it can tell the app by webhook that a request has finished */
  webhooks: boolean;
  submit(request: MediaRequest): Promise<MediaSubmission>;
  check(requestId: string, request: MediaRequest): Promise<MediaCheck>;
  cancel(requestId: string, request: MediaRequest): Promise<void>;
};

/** Every kind of provider: a chat model's, or an image, video or audio model's. */
export type Provider = ChatProvider | MediaProvider;
