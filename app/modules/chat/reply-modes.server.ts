import { chatModeTexts } from "~/lib/chat-modes";
import type { PromptCard } from "~/modules/ai/prompt.server";
import type { ChatPart } from "~/modules/ai/providers/types";
import { AppError, InvalidInputError } from "~/modules/http/errors.server";
import { picturePromptPart, type ChatPicture } from "./last-picture.server";

/**
 * Modes answered by a chat reply besides chat itself (decision 034): vision (a model that reads
 * pictures answers about the attached or the chat's last picture) and voice (the reply becomes a
 * voice note). Their asks and replies are saved in that mode, so they stay out of the history a
 * chat reply sends (spec: the last chat-mode messages).
 */
export type ReplyMode = "vision" | "voice";

/** Vision: no published chat model that reads pictures can be called (503). */
export class NoVisionModelError extends AppError {
  constructor() {
    super("no-vision-model", 503, chatModeTexts.noVisionModel);
  }
}

/**
 * The mode of a send answered by a streamed reply: chat (none given) or vision. A picture, video
 * or voice-note request is posted to the chat page instead; it, or any other value, is refused (400).
 */
export function readReplyMode(mode: string | undefined): Extract<ReplyMode, "vision"> | undefined {
  if (mode === undefined || mode === "" || mode === "chat") return undefined;
  if (mode === "vision") return mode;
  throw new InvalidInputError(chatModeTexts.notStreamed);
}

/** What a voice note's model is told after the conversation: its reply is spoken, so it reads as speech. */
const VOICE_NOTE_INSTRUCTION = "Your reply will be spoken aloud as a voice note: answer in a few natural spoken sentences, without lists or formatting.";

/** The card's instructions after the conversation, with a voice note's added. */
export function cardForMode(card: PromptCard, mode: ReplyMode | null): PromptCard {
  if (mode !== "voice") return card;
  return { ...card, postHistoryInstructions: [card.postHistoryInstructions?.trim(), VOICE_NOTE_INSTRUCTION].filter(Boolean).join("\n") };
}

/** Vision's picture (the chat's last one) after the person's words, as the picture an attachment would be. */
export async function withPicture(content: string | ChatPart[], picture: ChatPicture | null): Promise<string | ChatPart[]> {
  const part = picture ? await picturePromptPart(picture) : null;
  if (!part) return content;
  return [...(typeof content === "string" ? [{ type: "text" as const, text: content }] : content), part];
}
