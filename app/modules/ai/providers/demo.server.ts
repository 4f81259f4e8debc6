import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import sharp from "sharp";
import { DEMO_PLATFORM } from "~/lib/ai-platforms";
import { GREETING_REQUEST, readCharacterProfile, UNSEEN_IMAGE } from "~/modules/ai/prompt.server";
import { guardRequest } from "./errors.server";
import type { ChatMessage, ChatProvider, ChatRequest, ChatStreamEvent } from "./types";

/**
 * The offline "model" behind the demo platform, so every chat flow works without a provider key.
 * It answers from the character's own profile (read from the system message) and the person's
 * last message, and says what it sees in a picture sent to it as an image part (its size and main
 * colour: the demo Vision model). The same conversation always gets the same reply, which keeps
 * tests stable.
 */

const DEFAULT_DELAY_MS = 25;

/** The demo platform's chat provider: always streams, word by word (DEMO_STREAM_DELAY_MS apart). */
export const demoChat: ChatProvider = {
  kind: "chat",
  platform: DEMO_PLATFORM,
  streamChat: streamFromDemo,
  async completeChat(request) {
    const guard = guardRequest(request);
    try {
      guard.signal.throwIfAborted();
      return { text: demoReply(request.messages, await picturesIn(request.messages)) };
    } catch (error) {
      throw guard.toError(error, "", "The demo model failed");
    } finally {
      guard.end();
    }
  },
};

async function* streamFromDemo(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
  const guard = guardRequest(request);
  let fullText = "";
  try {
    const pictures = await picturesIn(request.messages);
    for await (const word of streamDemoReply(request.messages, { signal: guard.signal, pictures })) {
      fullText += word;
      yield { type: "delta", text: word };
    }
    yield { type: "done", text: fullText };
  } catch (error) {
    throw guard.toError(error, fullText, "The demo model failed");
  } finally {
    guard.end();
  }
}

const GREETINGS = ["Hello", "Hi there", "Well, hello", "Oh, hello"];
const QUESTION_REACTIONS = ["That's a question close to my heart.", "Let me think about that.", "Good question."];
const STATEMENT_REACTIONS = ["I like where this is going.", "That says a lot.", "Tell me more about that."];
const SELF_INTRODUCTIONS = ["A little about me:", "You should know this about me:", "As for who I am:"];

/**
 * `pictures`: what the demo saw in the image parts of the last message (describePicture), in
 * order; without them it says it cannot look at the pictures it was sent.
 */
export function demoReply(messages: ChatMessage[], pictures: string[] = []): string {
  const system = messages.find((message) => message.role === "system");
  const profile = readCharacterProfile(textOf(system?.content));
  const name = profile.name ?? "your demo companion";
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const written = textOf(lastUser?.content).trim();
  // A new chat's greeting request is the app's, not something the person said.
  const said = written === GREETING_REQUEST ? "" : written;
  const seed = hash(`${name}\n${said}`);

  const sentences = [`${pick(GREETINGS, seed)}! I'm ${name}.`];
  if (said) {
    const asked = said.endsWith("?");
    sentences.push(`You ${asked ? "asked" : "said"}: “${snippet(said)}”`);
    sentences.push(pick(asked ? QUESTION_REACTIONS : STATEMENT_REACTIONS, seed >>> 4));
  }
  if (pictures.length) sentences.push(...pictures.map((picture) => `I see ${picture}.`));
  else if (hasImage(lastUser?.content)) sentences.push("Thanks for the picture, though I can't look at images in demo mode.");
  const about = profile.description || profile.bio;
  if (about) sentences.push(`${pick(SELF_INTRODUCTIONS, seed >>> 8)} ${about}`);
  sentences.push(said ? "Keep talking and I'll answer as myself." : "What would you like to talk about?");
  sentences.push("(Demo reply, written offline.)");
  return sentences.join(" ");
}

/** Yields the demo reply word by word at a readable pace; rejects with the signal's reason on abort. */
export async function* streamDemoReply(
  messages: ChatMessage[],
  { signal, delayMs = configuredDelayMs(), pictures = [] }: { signal?: AbortSignal; delayMs?: number; pictures?: string[] } = {},
): AsyncGenerator<string> {
  for (const word of demoReply(messages, pictures).match(/\S+\s*/g) ?? []) {
    await pause(delayMs, signal);
    yield word;
  }
}

/** DEMO_STREAM_DELAY_MS=0 makes tests and benchmarks instant. */
function configuredDelayMs() {
  const configured = Number(process.env.DEMO_STREAM_DELAY_MS);
  return process.env.DEMO_STREAM_DELAY_MS !== undefined && Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_DELAY_MS;
}

function pause(ms: number, signal?: AbortSignal) {
  signal?.throwIfAborted();
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function textOf(content: ChatMessage["content"] | undefined) {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** What the demo sees in each image part of the person's last message. */
async function picturesIn(messages: ChatMessage[]) {
  const content = messages.findLast((message) => message.role === "user")?.content;
  if (!Array.isArray(content)) return [];
  const urls = content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : []));
  return Promise.all(urls.map((url) => describePicture(Buffer.from(url.slice(url.indexOf(",") + 1), "base64"))));
}

/** A picture as the demo sees it: "a picture of 640 × 480 pixels, mostly blue". */
export async function describePicture(data: Buffer): Promise<string> {
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS });
    const [{ width, height }, { dominant }] = await Promise.all([image.metadata(), image.stats()]);
    return `a picture of ${width} × ${height} pixels, mostly ${colourName(dominant)}`;
  } catch {
    return "a picture I cannot make out";
  }
}

/** The everyday name of a colour, by its hue, or by its lightness when it has little colour. */
export function colourName({ r, g, b }: { r: number; g: number; b: number }) {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  if (saturation < 0.2 || lightness < 0.1 || lightness > 0.92) return lightness < 0.2 ? "black" : lightness > 0.8 ? "white" : "grey";
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const delta = max - min;
  const hue = (max === red ? ((green - blue) / delta) % 6 : max === green ? (blue - red) / delta + 2 : (red - green) / delta + 4) * 60;
  const degrees = (hue + 360) % 360;
  const names: [number, string][] = [
    [15, "red"],
    [45, "orange"],
    [70, "yellow"],
    [160, "green"],
    [195, "teal"],
    [255, "blue"],
    [290, "purple"],
    [335, "pink"],
    [360, "red"],
  ];
  return names.find(([upTo]) => degrees < upTo)![1];
}

function hasImage(content: ChatMessage["content"] | undefined) {
  return Array.isArray(content) && content.some((part) => part.type === "image_url" || UNSEEN_IMAGE.test(part.text));
}

/** The first sentence, at most 20 words, so the echo stays a quote and not a wall of text. */
function snippet(text: string) {
  const sentence = text.split(/(?<=[.!?])\s/)[0].replace(/\s+/g, " ");
  const words = sentence.split(" ");
  return words.length > 20 ? `${words.slice(0, 20).join(" ")}…` : sentence;
}

function pick<T>(choices: T[], seed: number) {
  return choices[seed % choices.length];
}

/** FNV-1a: a stable, dependency-free way to vary the wording by conversation. */
function hash(text: string) {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}
