import type { AttachmentView } from "./attachments";

/** Chat shapes the browser receives, and the spec's chat texts (sections 2, 8 and 9). */

export type ChatMessageView = {
  id: string;
  senderType: "user" | "agent";
  message: string;
  messageType: string;
  createdAt: string;
  attachments?: AttachmentView[];
};

export type ChatSessionSummary = {
  id: string;
  agentId: string;
  agentName: string;
  agentAvatar: string | null;
  characterId: string;
  lastMessage: string | null;
  lastMessageTime: string;
};

export const MESSAGES_PAGE_SIZE = 25;
/** Messages longer than this are collapsed with an expand toggle. */
export const COLLAPSE_OVER_CHARS = 300;
export const MESSAGE_MAX_CHARS = 4000;

export const chatTexts = {
  greeting: (name: string) => `Hi there! I'm ${name}. How can I help you today?`,
  thinking: "Thinking...",
  composerPlaceholder: "Write a message...",
  searchPlaceholder: "Search for a profile...",
  noSessionsTitle: "No chat sessions found",
  noSessionsHint: "Start a new chat from the Explore page",
  loadingSessions: "Loading sessions...",
  noMessagesTitle: "No messages yet",
  noMessagesHint: "Start the conversation by sending a message",
  selectChat: "Select a chat to start messaging",
  sendFailed: "Failed to send message",
  replyTimeout: "I apologize, but the request timed out. Please try again with a shorter message or try again later.",
  replyNotSignedIn: "I apologize, but you need to be logged in to continue. Please log in and try again.",
  replyFailed: "I'm sorry, I encountered an error while processing your request. Please try again later.",
  replyAgentFailed: "I'm sorry, I'm having trouble responding right now. Please try again later.",
  insufficientTokens: (cost: number, balance: number) =>
    `You need ${cost} tokens for this message, and your balance is ${balance}. Buy tokens or claim your free monthly tokens to continue.`,
  messageTooLong: `Messages can be at most ${MESSAGE_MAX_CHARS} characters.`,
  emptyMessage: "Write a message first.",
} as const;

/** Where the browser remembers the last open chat, for the sidebar's Chat item (spec section 2). */
export const LAST_CHAT_KEY = "cv:last-chat-session";
