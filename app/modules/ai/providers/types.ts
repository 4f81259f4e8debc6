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

/**
 * Every kind of provider. Image, video and audio models (fal's queue API, OpenAI images) join as a
 * `MediaProvider` of kind "media": submit a job, then poll or be told of its result, with the
 * job's reservation held across requests (tokens/reservations.server.ts).
 */
export type Provider = ChatProvider;
