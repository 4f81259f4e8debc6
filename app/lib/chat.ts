import type { AttachmentView } from "./attachments";
import type { Translate } from "./i18n/react";

/** Chat shapes the browser receives, and the spec's chat texts (sections 2, 8 and 9). */

export type ChatMessageView = {
  id: string;
  senderType: "user" | "agent";
  message: string;
  messageType: string;
  createdAt: string;
  attachments?: AttachmentView[];
  /** Swipes: which of the message's versions is shown (0-based) and how many there are, when more than one. */
  versions?: { selected: number; count: number };
  /** A picture request's reply: the media once its job completed, or `generating` until then. */
  media?: ChatMediaView[];
  generating?: boolean;
  /** The reply shown was stopped by the person before the model finished it (and charged for what it holds). */
  stopped?: boolean;
  /** When the person last edited the message's text (ISO), if ever: replies older than that answered what it said before. */
  edited?: string;
};

/** What a message holds besides its words, as the session list names it ("Picture"). */
export type MessageAttachmentKind = "picture" | "video" | "audio" | "file";

export type ChatMediaView = { kind: "image" | "video" | "audio"; url: string; thumbUrl: string };

export type PresentMessages = {
  /** The session's messages from `since` on, newest first. */
  ids: string[];
  /**
   * Every message at or after `since` is listed (complete), or, when there were more than
   * PRESENT_IDS_MAX, every message after `from` (the oldest listed one's time) is.
   */
  complete: boolean;
  from: string;
};

export type ChatSessionSummary = {
  id: string;
  agentId: string;
  agentName: string;
  agentAvatar: string | null;
  characterId: string;
  /** The name the person gave the chat, when they gave one. */
  title?: string | null;
  lastMessage: string | null;
  /** The last message's picture, video, sound or file, when it has one. */
  lastMessageKind?: MessageAttachmentKind;
  lastMessageTime: string;
};

export const MESSAGES_PAGE_SIZE = 25;
/** The person's own messages longer than this are collapsed with an expand toggle; the character's replies show whole. */
export const COLLAPSE_OVER_CHARS = 300;
/** Spec section 9: a copy's confirmation shows for 2 s. */
export const COPY_CONFIRM_MS = 2000;
export const MESSAGE_MAX_CHARS = 4000;
/** The composer counts the characters from this many on, so a long paste is not cut off unseen. */
export const MESSAGE_COUNT_FROM_CHARS = 3600;
/** The session list shows this many chats at a time, newest first; "Show older chats" adds the next as many. */
export const SESSION_LIST_LIMIT = 200;
/** At most this many chats in one read of the list (the older chats shown, read again after the list reloads). */
export const SESSION_LIST_READ_MAX = 5 * SESSION_LIST_LIMIT;

export const chatTexts = {
  /** The composer's settings (each mode's model and price) could not be read. */
  modelSettingsFailed: "Failed to load model settings",
  versionUnavailable: "Only the last reply can be switched, once it is written",
  stopped: "Stopped",
  previousVersion: "Previous version",
  nextVersion: "Next version",
  newVersion: "Regenerate: a new version",
  moreTools: "More options",
  greeting: (name: string) => `Hi there! I'm ${name}. How can I help you today?`,
  thinking: "Thinking...",
  loadingSessions: "Loading sessions...",
  olderSessions: "Show older chats",
  olderMatches: "Show older matches",
  loadingOlderSessions: "Loading older chats...",
  olderSessionsFailed: "Could not load older chats. Please try again.",
  newestSessions: "Back to the newest chats",
  sessionsNotSignedIn: "Please sign in to see your chats.",
  sendFailed: "Failed to send message",
  voiceUnsupported: "Voice input is not supported yet",
  messageCopied: "Message copied to clipboard",
  copyMessageFailed: "Failed to copy message",
  promptCopied: "Prompt copied to clipboard",
  copyPromptFailed: "Failed to copy prompt",
  messageDeleted: "Message deleted successfully",
  deleteFailed: "Failed to delete message",
  startFailed: "Failed to start or retrieve chat session. Please try again.",
  characterLoadFailed: "Failed to load character data",
  replyTimeout: "I apologize, but the request timed out. Please try again with a shorter message or try again later.",
  replyNotSignedIn: "I apologize, but you need to be logged in to continue. Please log in and try again.",
  replyFailed: "I'm sorry, I encountered an error while processing your request. Please try again later.",
  replyAgentFailed: "I'm sorry, I'm having trouble responding right now. Please try again later.",
  replyBusy: "A reply is still being written in this chat. Wait for it to finish, or stop it, then try again.",
  tooManyReplies: (seconds: number) =>
    seconds === 1
      ? "You are sending messages faster than anyone can read the replies. Please wait 1 second and try again."
      : `You are sending messages faster than anyone can read the replies. Please wait ${seconds} seconds and try again.`,
  noMessageToAnswer: "There is no message to answer yet.",
  /** What can be done about it (claim, buy, the next free tokens) shows beneath: OutOfTokensOptions. */
  insufficientTokens: (cost: number, balance: number) => `You need ${cost} tokens for this message, and your balance is ${balance}.`,
  messageTooLong: `Messages can be at most ${MESSAGE_MAX_CHARS} characters.`,
  messageLength: (count: number) =>
    `${count.toLocaleString("en-US")} / ${MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters${count >= MESSAGE_MAX_CHARS ? ": the most a message can hold" : ""}`,
  emptyMessage: "Write a message first.",
} as const;

/**
 * Where the browser remembers the last open chat, for the sidebar's Chat item (spec section 2).
 * One entry per person, so whoever signs in next on the same browser is never sent to someone
 * else's chat. The person is known by a short hash of their e-mail (unique, and it cannot be
 * changed), so the browser's storage does not list who has used it.
 */
export function lastChatKey(email: string) {
  return `cv:last-chat-session:${fnv1a(email.toLowerCase())}`;
}

export function rememberLastChat(email: string, sessionId: string) {
  window.localStorage.setItem(lastChatKey(email), sessionId);
  // The one entry every person once shared.
  window.localStorage.removeItem("cv:last-chat-session");
}

export function lastChatOf(email: string) {
  return window.localStorage.getItem(lastChatKey(email));
}

function fnv1a(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/** Spec section 9: Free at 0, else the cost per its unit, without a 1_ or 5_ prefix ('message' by default). */
export function costLabel(cost: number, unit: string | null) {
  return cost === 0 ? "Free" : `${cost} tokens per ${unit?.replace(/^[15]_/, "") || "message"}`;
}

/** costLabel in the page's language (English: the same text). */
export function costText(t: Translate, cost: number, unit: string | null) {
  if (cost === 0) return t("chat.cost.free");
  const per = unit?.replace(/^[15]_/, "") || "message";
  if (per === "message") return t("chat.cost.perMessage", { cost });
  if (per === "file") return t("chat.cost.perFile", { cost });
  if (per === "seconds") return t("chat.cost.perSeconds", { cost });
  return t("chat.cost.perUnit", { cost, unit: per });
}
