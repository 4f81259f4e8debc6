import type { ChatMode } from "./documents/chat-message";
import type { TextId } from "./i18n/ids";

/**
 * The composer's modes (spec section 4, decision 034): what each is called, which are answered by
 * a media job rather than a streamed reply, and which plan setting each paid request in chat needs.
 */

export const MODE_LABELS: Record<ChatMode, TextId> = {
  chat: "chat.mode.chat",
  image: "chat.mode.image",
  design: "chat.mode.design",
  video: "chat.mode.video",
  vision: "chat.mode.vision",
  voice: "chat.mode.voice",
};

/** What each mode does, under its name in the mode picker. */
export const MODE_HINTS: Record<ChatMode, TextId> = {
  chat: "chat.mode.hint.chat",
  image: "chat.mode.hint.image",
  design: "chat.mode.hint.design",
  video: "chat.mode.hint.video",
  vision: "chat.mode.hint.vision",
  voice: "chat.mode.hint.voice",
};

/**
 * Modes whose send posts the composer's form to the page (with or without JavaScript) and is
 * answered by a media job that fills the reply in live: pictures, videos and voice notes.
 */
export function sendsMediaRequest(mode: string): mode is "image" | "design" | "video" | "voice" {
  return mode === "image" || mode === "design" || mode === "video" || mode === "voice";
}

/** The plan settings that allow requests in chat (Plan.chatPictures, chatVideos, chatVoice). */
export type ChatRequestKind = "pictures" | "videos" | "voice";

/** The plan setting a mode needs; chat and vision are plain replies that every plan has. */
export function requestKindOf(mode: ChatMode): ChatRequestKind | null {
  if (mode === "image" || mode === "design") return "pictures";
  if (mode === "video") return "videos";
  if (mode === "voice") return "voice";
  return null;
}

/** One mode as the composer offers it: the model it would use and its price, or that the plan leaves it out. */
export type ModeOption = {
  modelName: string;
  cost: number;
  costUnit: string | null;
  /** The person's plan does not include this mode: the plan's name. */
  notInPlan?: string;
};

/** Every mode with what it would use; null: no model for it can be called now (the mode is not shown). */
export type ModeOptions = Record<ChatMode, ModeOption | null>;

export const SUBSCRIPTION_PATH = "/dashboard/subscription";

const NOT_IN_PLAN: Record<ChatRequestKind, (planName: string) => string> = {
  pictures: (planName) => `Picture requests in chat are not included in the ${planName} plan. See the plans that include them on the Subscription page.`,
  videos: (planName) => `Video requests in chat are not included in the ${planName} plan. See the plans that include them on the Subscription page.`,
  voice: (planName) => `Voice notes in chat are not included in the ${planName} plan. See the plans that include them on the Subscription page.`,
};

export const chatModeTexts = {
  notInPlan: (kind: ChatRequestKind, planName: string) => NOT_IN_PLAN[kind](planName),
  notInPlanShort: (planName: string) => `Not included in the ${planName} plan`,
  noPictureToRedraw: "There is no picture to redraw. Attach one, or send a picture in this chat first.",
  noPictureToSee: "There is no picture to look at. Attach one, or send a picture in this chat first.",
  noVisionModel: "No model that reads pictures can be used right now",
  noRedrawModel: "No model that redraws pictures can be used right now",
  noVoiceModel: "No model that speaks can be used right now",
  notStreamed: "This mode cannot be answered here. Choose it in the chat's composer.",
} as const;

/** A prompt that asks for a voice note ("Send me a voice note"): picked from the guide, it chooses the voice-note mode. */
export function asksForVoiceNote(prompt: string) {
  return /\bvoice (note|message)\b/i.test(prompt);
}
