import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildChatPrompt, DEFAULT_SYSTEM_INSTRUCTION, GREETING_REQUEST, unseenImageText } from "~/modules/ai/prompt.server";
import { demoReply, streamDemoReply } from "~/modules/ai/providers/demo.server";
import { ProviderAbortedError, ProviderError, ProviderNotConfiguredError, ProviderTimeoutError } from "~/modules/ai/providers/errors.server";
import { openAiCompatibleChat, resolveModelEndpoint, type ModelEndpoint } from "~/modules/ai/providers/openai-compatible.server";
import { chatProviderFor, providerFor } from "~/modules/ai/providers/registry.server";
import type { ChatMessage, ChatStreamEvent } from "~/modules/ai/providers/types";
import { resetEnvForTests } from "~/modules/config/env.server";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";

const API_KEY = "sk-test-secret-key";
const MESSAGES: ChatMessage[] = [
  { role: "system", content: "You are a helpful AI assistant." },
  { role: "user", content: "Say hello" },
];
const MULTI_BYTE = "héllo wörld — ✓ 👋 done";

let fake: FakeOpenAi;
let endpoint: ModelEndpoint;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  endpoint = { platform: "openai", baseUrl: fake.url, apiKey: API_KEY, modelId: "gpt-fake", stream: true };
});
afterAll(() => fake.close());

async function collect(events: AsyncIterable<ChatStreamEvent>) {
  const deltas: string[] = [];
  for await (const event of events) {
    if (event.type === "delta") deltas.push(event.text);
    else return { deltas, done: event };
  }
  throw new Error("The stream ended without a done event");
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ProviderError)) throw new Error(`Expected a ProviderError, got ${String(error)}`);
  return error;
}

describe("streaming replies", () => {
  it.each([1, 3, 7])("arrive whole when the event stream is split every %i bytes, inside multi-byte characters too", async (chunkBytes) => {
    fake.nextReply({ text: MULTI_BYTE, chunkBytes });
    const { deltas, done } = await collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(MULTI_BYTE);
    expect(done.text).toBe(MULTI_BYTE);
  });

  it("sends the model, messages, temperature and bearer key, and reports the usage chunk", async () => {
    fake.nextReply({ text: "Hi!" });
    const { done } = await collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.3 }));
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({ model: "gpt-fake", messages: MESSAGES, temperature: 0.3, stream: true, stream_options: { include_usage: true } });
    expect(done.usage?.promptTokens).toBeGreaterThan(0);
    expect(done.usage?.completionTokens).toBeGreaterThan(0);
  });

  it("has no usage when the provider sends none", async () => {
    fake.nextReply({ text: "Hi!", usage: false });
    const { done } = await collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(done).toEqual({ type: "done", text: "Hi!", usage: undefined });
  });

  it("finishes at [DONE] even when the provider keeps the connection open", async () => {
    fake.nextReply({ text: "All done.", keepOpenAfterDoneMs: 5_000 });
    const { done } = await collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6, timeoutMs: 1_000 }));
    expect(done.text).toBe("All done.");
  });

  it("omits the Authorization header when the platform needs no key", async () => {
    fake.nextReply({ text: "Local." });
    await collect(openAiCompatibleChat({ ...endpoint, platform: "ollama", apiKey: null }).streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });
});

describe("provider failures", () => {
  it("a 500 with a JSON error gives the provider's message and the status, without the key", async () => {
    fake.nextReply({ failWith: { status: 500, message: `The model is overloaded (key ${API_KEY})` } });
    const error = await failure(collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 })));
    expect(error.status).toBe(500);
    expect(error.message).toContain("The model is overloaded");
    expect(error.message).not.toContain(API_KEY);
  });

  it("an error event delivered as text/event-stream is a ProviderError with its message", async () => {
    fake.nextReply({ errorAsEventStream: "Rate limit reached for requests" });
    const error = await failure(collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 })));
    expect(error.message).toBe("Rate limit reached for requests");
  });

  it("a provider that stalls past the timeout gives ProviderTimeoutError", async () => {
    fake.nextReply({ stallMs: 5_000 });
    const error = await failure(collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6, timeoutMs: 200 })));
    expect(error).toBeInstanceOf(ProviderTimeoutError);
  });

  it("a stall mid-stream times out and keeps what had arrived", async () => {
    fake.nextReply({ text: "First part, then silence.", stallAfterChars: 10, stallMs: 5_000 });
    const error = await failure(collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6, timeoutMs: 300 })));
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect(error.partialText).toBe("First part");
  });

  it("aborting the signal gives ProviderAbortedError and closes the upstream connection", async () => {
    fake.nextReply({ text: "A long reply that streams slowly, word after word.", delayMsPerChunk: 50 });
    const controller = new AbortController();
    const received: string[] = [];
    const consuming = (async () => {
      for await (const event of openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6, signal: controller.signal })) {
        if (event.type === "delta") received.push(event.text);
        if (received.length === 2) controller.abort();
      }
    })();
    const error = await failure(consuming);
    expect(error).toBeInstanceOf(ProviderAbortedError);
    expect(error.partialText).toBe(received.join(""));
    await expect(fake.requests.at(-1)!.closed).resolves.toBe("interrupted");
  });

  it("a caller that stops reading early also closes the upstream connection", async () => {
    fake.nextReply({ text: "A long reply that streams slowly, word after word.", delayMsPerChunk: 50 });
    for await (const event of openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 })) {
      if (event.type === "delta") break;
    }
    await expect(fake.requests.at(-1)!.closed).resolves.toBe("interrupted");
  });

  it.each([
    ["the socket is destroyed", false],
    ["the body ends without [DONE]", true],
  ])("a connection dropped mid-stream (%s) is a ProviderError carrying the partial text", async (_case, dropCleanly) => {
    fake.nextReply({ text: MULTI_BYTE, dropAfterChars: 8, dropCleanly });
    const error = await failure(collect(openAiCompatibleChat(endpoint).streamChat({ messages: MESSAGES, temperature: 0.6 })));
    expect(error).not.toBeInstanceOf(ProviderTimeoutError);
    expect(error).not.toBeInstanceOf(ProviderAbortedError);
    expect(error.message).toMatch(/closed the connection/);
    expect(error.partialText).toBe(Array.from(MULTI_BYTE).slice(0, 8).join(""));
  });

  it("an unreachable provider is a ProviderError", async () => {
    const error = await failure(
      collect(openAiCompatibleChat({ ...endpoint, baseUrl: "http://127.0.0.1:1/v1" }).streamChat({ messages: MESSAGES, temperature: 0.6 })),
    );
    expect(error.message).toMatch(/Could not reach the provider/);
  });
});

describe("non-streaming replies", () => {
  it("completeChat asks with stream false and returns the text and usage", async () => {
    fake.nextReply({ text: "A whole answer." });
    const reply = await openAiCompatibleChat(endpoint).completeChat({ messages: MESSAGES, temperature: 0.6 });
    expect(reply.text).toBe("A whole answer.");
    expect(reply.usage?.completionTokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.body.stream).toBe(false);
  });

  it("completeChat reports a provider error with its status", async () => {
    fake.nextReply({ failWith: { status: 401, message: "Invalid API key" } });
    const error = await failure(openAiCompatibleChat(endpoint).completeChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(error.status).toBe(401);
    expect(error.message).toContain("Invalid API key");
  });

  it("an endpoint that does not stream yields the whole answer once", async () => {
    fake.nextReply({ text: "Searched answer." });
    const { deltas, done } = await collect(openAiCompatibleChat({ ...endpoint, stream: false }).streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(deltas).toEqual(["Searched answer."]);
    expect(done.text).toBe("Searched answer.");
    expect(fake.requests.at(-1)!.body.stream).toBe(false);
  });
});

describe("resolving a model's endpoint", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["NEBIUS_API_KEY", "NEBIUS_BASE_URL", "OPENAI_API_KEY", "PERPLEXITY_API_KEY"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvForTests();
  });
  const model = { aiPlatform: "nebius", modelId: "meta-llama/Llama-3.1-70B-Instruct", apiUrl: null, apiKey: null, isStream: true };

  it("uses the platform's environment, and the model's own URL and key override it", async () => {
    process.env.NEBIUS_BASE_URL = "http://127.0.0.1:9/v1";
    process.env.NEBIUS_API_KEY = "env-key";
    resetEnvForTests();
    expect(resolveModelEndpoint(model)).toMatchObject({ platform: "nebius", baseUrl: "http://127.0.0.1:9/v1", apiKey: "env-key", stream: true });

    const overridden = resolveModelEndpoint({ ...model, apiUrl: `${fake.url}/`, apiKey: "model-key" });
    expect(overridden).toMatchObject({ baseUrl: fake.url, apiKey: "model-key" });
    fake.nextReply({ text: "Through the override." });
    const { done } = await collect(openAiCompatibleChat(overridden).streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(done.text).toBe("Through the override.");
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer model-key");
  });

  it("falls back to the platform's default base URL", () => {
    process.env.NEBIUS_API_KEY = "env-key";
    resetEnvForTests();
    expect(resolveModelEndpoint(model).baseUrl).toBe("https://api.studio.nebius.com/v1");
  });

  it("a platform that needs a key and has none is not configured", () => {
    delete process.env.OPENAI_API_KEY;
    resetEnvForTests();
    expect(() => resolveModelEndpoint({ ...model, aiPlatform: "openai" })).toThrow(ProviderNotConfiguredError);
  });

  it("perplexity and models with isStream=false do not stream", () => {
    process.env.PERPLEXITY_API_KEY = "pplx-key";
    process.env.NEBIUS_API_KEY = "env-key";
    resetEnvForTests();
    expect(resolveModelEndpoint({ ...model, aiPlatform: "perplexity" }).stream).toBe(false);
    expect(resolveModelEndpoint({ ...model, isStream: false }).stream).toBe(false);
  });
});

describe("choosing a model's provider", () => {
  const model = { aiPlatform: "openai", modelType: "chat", modelId: "gpt-fake", apiUrl: null, apiKey: API_KEY, isStream: true };

  it("a chat model of an OpenAI-compatible platform is called over HTTP at its endpoint", async () => {
    const provider = chatProviderFor({ ...model, apiUrl: fake.url });
    expect(provider).toMatchObject({ kind: "chat", platform: "openai" });
    fake.nextReply({ text: "Through the registry." });
    const { done } = await collect(provider.streamChat({ messages: MESSAGES, temperature: 0.6 }));
    expect(done.text).toBe("Through the registry.");
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: "gpt-fake" });
  });

  it("a demo model gets the offline provider, which calls nothing", async () => {
    const requests = fake.requests.length;
    const provider = chatProviderFor({ ...model, aiPlatform: "demo", apiUrl: null, apiKey: null });
    expect(provider).toMatchObject({ kind: "chat", platform: "demo" });
    expect((await provider.completeChat({ messages: MESSAGES, temperature: 0.6 })).text).toBe(demoReply(MESSAGES));
    expect(fake.requests.length).toBe(requests);
  });

  it("an unknown platform, or a type no provider calls yet, cannot be called", () => {
    expect(() => providerFor({ ...model, aiPlatform: "nowhere" })).toThrow(ProviderNotConfiguredError);
    expect(() => providerFor({ ...model, modelType: "3d" })).toThrow(ProviderNotConfiguredError);
    expect(() => chatProviderFor({ ...model, modelType: "video" })).toThrow(ProviderNotConfiguredError);
  });
});

describe("the demo provider", () => {
  const prompt = buildChatPrompt({
    agent: { name: "Captain Mira", description: "A weathered starship captain who has charted a hundred nebulae." },
    model: {},
    userName: "Sam",
    history: [],
    memoryMessages: 10,
    userMessage: "What is the strangest place you have flown to?",
  });

  it("answers in character, offline, the same way every time", async () => {
    const requestsBefore = fake.requests.length;
    const demo = chatProviderFor({ aiPlatform: "demo", modelType: "chat", modelId: "demo", apiUrl: null, apiKey: null, isStream: true });
    expect(demo.platform).toBe("demo");
    process.env.DEMO_STREAM_DELAY_MS = "0";
    const { deltas, done } = await collect(demo.streamChat({ messages: prompt.messages, temperature: prompt.temperature }));
    delete process.env.DEMO_STREAM_DELAY_MS;
    expect(deltas.length).toBeGreaterThan(5);
    expect(done.text).toBe(demoReply(prompt.messages));
    expect(done.text).toContain("Captain Mira");
    expect(done.text).toContain("strangest place you have flown to?");
    expect(done.text).toContain("charted a hundred nebulae");
    expect(demoReply(prompt.messages)).toBe(done.text);
    expect((await demo.completeChat(prompt)).text).toBe(done.text);
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("greets a new chat without repeating the app's greeting request as if the person had said it", () => {
    const greeting = demoReply(
      buildChatPrompt({
        agent: { name: "Captain Mira", description: "" },
        model: {},
        userName: "Sam",
        history: [],
        memoryMessages: 10,
        userMessage: GREETING_REQUEST,
      }).messages,
    );
    expect(greeting).toMatch(/^\S+( \S+)?! I'm Captain Mira\./);
    expect(greeting).not.toContain("opened a chat");
    expect(greeting).not.toMatch(/You (said|asked)/);
    expect(greeting).toContain("What would you like to talk about?");
  });

  it("says it cannot look at a picture, whether it comes as an image part or by name only", () => {
    const ask = (content: ChatMessage["content"]) =>
      demoReply(
        buildChatPrompt({ agent: { name: "Captain Mira", description: "" }, model: {}, userName: "Sam", history: [], memoryMessages: 10, userMessage: content })
          .messages,
      );
    const cannotSee = "Thanks for the picture, though I can't look at images in demo mode.";
    expect(
      ask([
        { type: "text", text: "Look!" },
        { type: "text", text: unseenImageText("sky.png") },
      ]),
    ).toContain(cannotSee);
    expect(
      ask([
        { type: "text", text: "Look!" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
      ]),
    ).toContain(cannotSee);
    expect(
      ask([
        { type: "text", text: "Look!" },
        { type: "text", text: "Attached file notes.txt:\n[Attached image: sky.png]" },
      ]),
    ).not.toContain(cannotSee);
  });

  it("says what it sees in a picture sent as an image part: its size and main colour (the demo Vision model)", async () => {
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 230, g: 120, b: 20 } } })
      .png()
      .toBuffer();
    const demo = chatProviderFor({ aiPlatform: "demo", modelType: "chat", modelId: "demo-vision", apiUrl: null, apiKey: null, isStream: true });
    const { messages } = buildChatPrompt({
      agent: { name: "Captain Mira", description: "" },
      model: {},
      userName: "Sam",
      history: [],
      memoryMessages: 10,
      userMessage: [
        { type: "text", text: "What is this?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${picture.toString("base64")}` } },
      ],
    });
    const { text } = await demo.completeChat({ messages, temperature: 0.6 });
    expect(text).toContain("I see a picture of 320 × 200 pixels, mostly orange.");
    expect(text).not.toContain("can't look at images");
  });

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const words: string[] = [];
    const streaming = (async () => {
      for await (const word of streamDemoReply(prompt.messages, { signal: controller.signal, delayMs: 5 })) {
        words.push(word);
        if (words.length === 2) controller.abort();
      }
    })();
    await expect(streaming).rejects.toThrow("This operation was aborted");
    expect(words).toHaveLength(2);
  });
});

describe("building the chat prompt", () => {
  const history = Array.from({ length: 14 }, (_, index) => ({
    senderType: index % 2 === 0 ? ("user" as const) : ("agent" as const),
    message: `message ${index}`,
    messageType: index === 12 ? "image" : "chat",
  }));

  it("keeps the last chat messages the plan's memory allows (here 10), with the default instruction and temperature", () => {
    const { messages, temperature } = buildChatPrompt({
      agent: { name: "Ada", description: "A patient maths tutor." },
      model: {},
      userName: "Sam",
      history,
      memoryMessages: 10,
      userMessage: "Next?",
    });
    expect(temperature).toBe(0.6);
    expect(messages[0].role).toBe("system");
    expect(messages[0].content).toContain(DEFAULT_SYSTEM_INSTRUCTION);
    expect(messages[0].content).toContain("Name: Ada");
    expect(messages[0].content).toContain("Description: A patient maths tutor.");
    const sent = messages.slice(1, -1);
    expect(sent).toHaveLength(10);
    expect(sent.map((message) => message.content)).not.toContain("message 12");
    expect(sent[0]).toEqual({ role: "assistant", content: "message 3" });
    expect(sent.at(-1)).toEqual({ role: "assistant", content: "message 13" });
    expect(messages.at(-1)).toEqual({ role: "user", content: "Next?" });
  });

  it("prefers the character's instructions and temperature over the model's", () => {
    const { messages, temperature } = buildChatPrompt({
      agent: { name: "Ada", description: "", systemInstruction: "Stay in character.", messageInstruction: "Answer briefly.", temperature: 0.9 },
      model: { systemInstruction: "Model default.", messageInstruction: "Model message rule." },
      userName: "Sam",
      history: [],
      memoryMessages: 10,
      userMessage: "Hi",
    });
    expect(temperature).toBe(0.9);
    expect(messages[0].content).toContain("Stay in character.");
    expect(messages[0].content).toContain("Answer briefly.");
    expect(messages[0].content).not.toContain("Model default.");
    expect(messages[0].content).not.toContain(DEFAULT_SYSTEM_INSTRUCTION);
  });
});
