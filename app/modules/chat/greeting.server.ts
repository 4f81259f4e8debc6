import { chatTexts } from "~/lib/chat";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { buildChatPrompt, GREETING_REQUEST } from "~/modules/ai/prompt.server";
import { chatProviderFor } from "~/modules/ai/providers/registry.server";
import { logger } from "~/modules/logging/logger.server";
import { chooseChatModel } from "./model-choice.server";

/** A new chat waits for its greeting before it opens: not longer than this. */
export const GREETING_TIMEOUT_MS = 10_000;

type GreetingCharacter = {
  name: string;
  description: string | null;
  welcomeMessage: string | null;
  chatModel: string | null;
  customModels: unknown;
  systemInstruction: string | null;
  /** The character's details, copied into its agents' documents: a `temperature` there is the agent's (agent-settings.server.ts). */
  details: unknown;
};

/**
 * Spec section 4: the first message of a new chat is a greeting from the character's chat model,
 * asked with the character's name and description (one call, not streamed, not charged: there is
 * one new chat per person and character), at the temperature the new agent will answer at. When
 * no model answers, the character's welcome message, else the spec's 'Hi there! I'm {name}...'.
 */
export async function greetingFor(character: GreetingCharacter): Promise<string> {
  const fallback = character.welcomeMessage?.trim() || chatTexts.greeting(character.name);
  try {
    const model = await chooseChatModel({ customModels: character.customModels, document: null, characterChatModel: character.chatModel });
    if (!model) return fallback;
    const prompt = buildChatPrompt({
      agent: {
        name: character.name,
        description: character.description ?? "",
        systemInstruction: character.systemInstruction,
        temperature: parseCharacterDetails(character.details).temperature,
      },
      model: { systemInstruction: model.systemInstruction },
      history: [],
      userMessage: GREETING_REQUEST,
    });
    const { text } = await chatProviderFor(model).completeChat({ ...prompt, timeoutMs: GREETING_TIMEOUT_MS });
    return text.trim() || fallback;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), character: character.name }, "no greeting from the model; using the fallback");
    return fallback;
  }
}
