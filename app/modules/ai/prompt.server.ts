import type { DepthPrompt } from "~/lib/documents/card-extras";
import type { CharacterBook, LorebookEntry } from "~/lib/documents/character-book";
import { fillNames, type CharacterNames } from "~/lib/macros";
import type { Language } from "~/lib/i18n/languages";
import type { ChatMessage } from "~/modules/ai/providers/types";

/** Spec §9, AI defaults. */
export const DEFAULT_SYSTEM_INSTRUCTION = "You are a helpful AI assistant.";
export const DEFAULT_TEMPERATURE = 0.6;

export type PromptAgent = {
  name: string;
  description: string;
  bio?: string | null;
  systemInstruction?: string | null;
  messageInstruction?: string | null;
  temperature?: number | null;
};

export type PromptModel = {
  systemInstruction?: string | null;
  messageInstruction?: string | null;
  /** The model's context window in tokens (set by an admin): the history is trimmed, oldest first, to fit. */
  contextTokens?: number | null;
};

/** In a bounded context, room kept for the reply itself: this many tokens, or a quarter of a small context. */
export const REPLY_ROOM_TOKENS = 1024;
/** What a message costs beyond its text (its role and separators), roughly. */
const MESSAGE_OVERHEAD_TOKENS = 4;

export type PromptCard = {
  personality?: string | null;
  scenario?: string | null;
  mesExample?: string | null;
  postHistoryInstructions?: string | null;
  /** The character's note (the card's `extensions.depth_prompt`): a message placed `depth` messages from the end of the chat. */
  depthPrompt?: DepthPrompt | null;
};

/**
 * The line that asks a character to answer in the person's language. None for English: the
 * characters' own texts are mostly English, and a prompt without it stays as authored.
 */
const ANSWER_IN: Record<Exclude<Language, "en">, string> = {
  es: "Always answer in Spanish (español), whatever language the texts above are written in.",
  ja: "Always answer in Japanese (日本語), whatever language the texts above are written in.",
};
export function answerInstruction(language: Language | null | undefined) {
  return language && language !== "en" ? ANSWER_IN[language] : null;
}

/** Where a card's example dialogue starts in the system message. */
export const EXAMPLES_HEADING = "Example dialogue:";

export type PromptHistoryMessage = { senderType: "user" | "agent"; message: string; messageType?: string | null };

export type ChatPrompt = { messages: ChatMessage[]; temperature: number };

/**
 * How an attached image reaches a model that cannot read images: by name, so that it can answer
 * the rest of the message and say it cannot see the picture.
 */
export function unseenImageText(name: string) {
  return `[Attached image: ${name} (not visible to this model)]`;
}
export const UNSEEN_IMAGE = /\[Attached image: [^\]]* \(not visible to this model\)\]/;

/** What a new chat's greeting is asked with: the model greets in character, unprompted by the person. */
export const GREETING_REQUEST = "Someone has just opened a chat with you. Greet them in character, in one or two short sentences.";

/**
 * The messages sent to the model for one reply: the character's instructions and profile as the
 * system message, the recent conversation, then what the person just wrote. `{{char}}` and
 * `{{user}}` in the character's texts (lib/macros.ts) are the agent's name and `userName`.
 */
export function buildChatPrompt({
  agent,
  model,
  userName,
  userPersona = null,
  answerIn = null,
  history,
  memoryMessages,
  userMessage,
  lorebook = null,
  card = {},
}: {
  agent: PromptAgent;
  model: PromptModel;
  /** Who the person is to the character (personaName). */
  userName: string;
  /** The chat's persona's description: who the person is, told to the character. */
  userPersona?: string | null;
  /** The person's language, when the character is asked to answer in it (their setting, on by default). */
  answerIn?: Language | null;
  history: PromptHistoryMessage[];
  /** The person's plan's conversation memory (docs/plans.md): at most this many of the latest history messages are sent. */
  memoryMessages: number;
  userMessage: ChatMessage["content"];
  /** The character's lorebook: its entries that apply join the system message. */
  lorebook?: CharacterBook | null;
  /** From a character card: personality, scenario and example dialogue (mes_example) for the system message, and instructions that follow the conversation. */
  card?: PromptCard;
}): ChatPrompt {
  const names: CharacterNames = { char: agent.name, user: userName };
  const fill = (text: string) => fillNames(text, names);
  const instruction = fill(firstFilled(agent.systemInstruction, model.systemInstruction) ?? DEFAULT_SYSTEM_INSTRUCTION);
  const messageInstruction = firstFilled(agent.messageInstruction, model.messageInstruction);

  // Image and video requests live in the same conversation but are not dialogue the model should continue.
  const said = history.filter((entry) => (entry.messageType ?? "chat") === "chat" && entry.message.trim() !== "");
  const dialogue = said.slice(Math.max(0, said.length - memoryMessages));
  const recent = dialogue.map((entry): ChatMessage => ({ role: entry.senderType === "agent" ? "assistant" : "user", content: entry.message }));
  const scanned = [...dialogue.map((entry) => entry.message), textOf(userMessage)];
  const lore = lorebook ? lorebookEntriesFor(lorebook, scanned) : [];
  const system = [
    instruction,
    characterProfile(agent, fill),
    // Where SillyTavern puts them: after the description.
    card.personality?.trim() && `${agent.name}'s personality: ${fill(card.personality.trim())}`,
    card.scenario?.trim() && `Scenario: ${fill(card.scenario.trim())}`,
    // Where SillyTavern puts the persona's description: after the scenario.
    userPersona?.trim() && `${PERSONA_HEADING(userName)}\n${fill(userPersona.trim())}`,
    lore.length > 0 && [LORE_HEADING, ...lore.map((entry) => fill(entry.content.trim()))].join("\n"),
    card.mesExample?.trim() && `${EXAMPLES_HEADING}\n${fill(card.mesExample.trim())}`,
    messageInstruction && `Message instruction: ${fill(messageInstruction)}`,
    answerInstruction(answerIn),
  ]
    .filter(Boolean)
    .join("\n\n");
  const after = card.postHistoryInstructions?.trim();
  const note = characterNote(card.depthPrompt, fill);
  const fixed = [system, textOf(userMessage), after ? fill(after) : "", ...(note ? [note.content] : [])].reduce(
    (sum, text) => sum + estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS,
    0,
  );
  const chat = withCharacterNote([...fitHistory(recent, fixed, model.contextTokens), { role: "user", content: userMessage }], note, card.depthPrompt?.depth);

  return {
    messages: [{ role: "system", content: system }, ...chat, ...(after ? [{ role: "system" as const, content: fill(after) }] : [])],
    temperature: isTemperature(agent.temperature) ? agent.temperature : DEFAULT_TEMPERATURE,
  };
}

/** The line before the persona's description in the system message. */
export const PERSONA_HEADING = (userName: string) => `About ${userName}, the person you are talking with:`;

/** The character's note as a message of its role, its names filled in; none without text. */
function characterNote(note: DepthPrompt | null | undefined, fill: (text: string) => string): (ChatMessage & { content: string }) | null {
  const text = note?.prompt.trim();
  return note && text ? { role: note.role, content: fill(text) } : null;
}

/**
 * The chat (the history sent and the person's new message) with the character's note inserted
 * `depth` messages from its end, as SillyTavern places a card's depth prompt: 0 after the new
 * message, 1 before it; a depth past the start puts it first.
 */
export function withCharacterNote(chat: ChatMessage[], note: ChatMessage | null, depth = 0): ChatMessage[] {
  if (!note) return chat;
  const at = Math.max(0, chat.length - depth);
  return [...chat.slice(0, at), note, ...chat.slice(at)];
}

/** Lorebook entries together may take at most this many tokens of a prompt (a lorebook may ask for fewer). */
export const LOREBOOK_TOKEN_BUDGET = 1024;
/** How many of the most recent messages (the new one included) are searched for an entry's keys, unless the lorebook says fewer. */
export const LOREBOOK_SCAN_DEPTH = 4;
const LORE_HEADING = "World and lore:";

/**
 * The most recent messages of `recent` that fit a context of `contextTokens` beside the prompt's
 * other parts (`fixedTokens`) and room for the reply: the oldest are left out first. Without a
 * bound, all of them.
 */
function fitHistory(recent: ChatMessage[], fixedTokens: number, contextTokens: number | null | undefined) {
  if (!contextTokens) return recent;
  const room = contextTokens - Math.min(REPLY_ROOM_TOKENS, Math.floor(contextTokens / 4)) - fixedTokens;
  let used = 0;
  let first = recent.length;
  while (first > 0) {
    const cost = estimateTokens(textOf(recent[first - 1]!.content)) + MESSAGE_OVERHEAD_TOKENS;
    if (used + cost > room) break;
    used += cost;
    first -= 1;
  }
  return recent.slice(first);
}

/** A rough token count, as a budget needs it: about four characters a token in English. */
export function estimateTokens(text: string) {
  return Math.ceil(text.length / 4);
}

/**
 * The lorebook entries a reply's prompt carries, in insertion order: the enabled ones that are
 * constant or whose key appears in the recent messages (case-sensitive only when the entry says
 * so), as long as they fit in the token budget; an entry that does not fit is left out.
 */
export function lorebookEntriesFor(book: CharacterBook, messages: string[]): LorebookEntry[] {
  const depth = Math.max(1, Math.min(book.scan_depth ?? LOREBOOK_SCAN_DEPTH, LOREBOOK_SCAN_DEPTH));
  const scanned = messages.slice(-depth).join("\n");
  const lowered = scanned.toLowerCase();
  const matches = (entry: LorebookEntry) =>
    entry.keys.some((key) => key.trim() !== "" && (entry.case_sensitive ? scanned.includes(key.trim()) : lowered.includes(key.trim().toLowerCase())));
  const budget = Math.min(book.token_budget && book.token_budget > 0 ? book.token_budget : LOREBOOK_TOKEN_BUDGET, LOREBOOK_TOKEN_BUDGET);
  let used = 0;
  return book.entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.enabled && entry.content.trim() !== "" && (entry.constant || matches(entry)))
    .sort((a, b) => a.entry.insertion_order - b.entry.insertion_order || a.index - b.index)
    .flatMap(({ entry }) => {
      const cost = estimateTokens(entry.content.trim());
      if (used + cost > budget) return [];
      used += cost;
      return [entry];
    });
}

function textOf(content: ChatMessage["content"]) {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

export type CharacterProfile = { name?: string; description?: string; bio?: string };

const PROFILE_HEADING = "Character profile:";
const PROFILE_FIELDS = [
  ["name", "Name"],
  ["description", "Description"],
  ["bio", "Bio"],
] as const;

/** One line per field, so the profile reads plainly to a model and can be read back by the demo model. */
function characterProfile(agent: PromptAgent, fill: (text: string) => string) {
  const lines = PROFILE_FIELDS.map(([key, label]) => [label, oneLine(fill(agent[key] ?? ""))] as const)
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
  return lines.length > 0 ? [PROFILE_HEADING, ...lines].join("\n") : "";
}

/** Reads back the profile block `buildChatPrompt` wrote into a system message. */
export function readCharacterProfile(systemText: string): CharacterProfile {
  const start = systemText.indexOf(PROFILE_HEADING);
  if (start === -1) return {};
  const lines = systemText.slice(start + PROFILE_HEADING.length).split("\n");
  const profile: CharacterProfile = {};
  for (const [key, label] of PROFILE_FIELDS) {
    const line = lines.find((candidate) => candidate.startsWith(`${label}: `));
    if (line) profile[key] = line.slice(label.length + 2).trim();
  }
  return profile;
}

function oneLine(value: string | null | undefined) {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

function firstFilled(...values: (string | null | undefined)[]) {
  return values.map((value) => value?.trim()).find((value): value is string => Boolean(value));
}

function isTemperature(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 2;
}
