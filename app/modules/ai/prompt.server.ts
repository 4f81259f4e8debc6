import type { ChatMessage } from "~/modules/ai/providers/types";

/** Spec §9, AI defaults. */
export const DEFAULT_SYSTEM_INSTRUCTION = "You are a helpful AI assistant.";
export const DEFAULT_TEMPERATURE = 0.6;
export const HISTORY_LIMIT = 10;

export type PromptAgent = {
  name: string;
  description: string;
  bio?: string | null;
  systemInstruction?: string | null;
  messageInstruction?: string | null;
  temperature?: number | null;
};

export type PromptModel = { systemInstruction?: string | null; messageInstruction?: string | null };

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
 * system message, the recent conversation, then what the person just wrote.
 */
export function buildChatPrompt({
  agent,
  model,
  history,
  userMessage,
}: {
  agent: PromptAgent;
  model: PromptModel;
  history: PromptHistoryMessage[];
  userMessage: ChatMessage["content"];
}): ChatPrompt {
  const instruction = firstFilled(agent.systemInstruction, model.systemInstruction) ?? DEFAULT_SYSTEM_INSTRUCTION;
  const messageInstruction = firstFilled(agent.messageInstruction, model.messageInstruction);
  const system = [instruction, characterProfile(agent), messageInstruction && `Message instruction: ${messageInstruction}`].filter(Boolean).join("\n\n");

  // Image and video requests live in the same conversation but are not dialogue the model should continue.
  const recent = history
    .filter((entry) => (entry.messageType ?? "chat") === "chat" && entry.message.trim() !== "")
    .slice(-HISTORY_LIMIT)
    .map((entry): ChatMessage => ({ role: entry.senderType === "agent" ? "assistant" : "user", content: entry.message }));

  return {
    messages: [{ role: "system", content: system }, ...recent, { role: "user", content: userMessage }],
    temperature: isTemperature(agent.temperature) ? agent.temperature : DEFAULT_TEMPERATURE,
  };
}

export type CharacterProfile = { name?: string; description?: string; bio?: string };

const PROFILE_HEADING = "Character profile:";
const PROFILE_FIELDS = [
  ["name", "Name"],
  ["description", "Description"],
  ["bio", "Bio"],
] as const;

/** One line per field, so the profile reads plainly to a model and can be read back by the demo model. */
function characterProfile(agent: PromptAgent) {
  const lines = PROFILE_FIELDS.map(([key, label]) => [label, oneLine(agent[key])] as const)
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
