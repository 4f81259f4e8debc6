import type { Language } from "~/lib/i18n/languages";
import { chatTexts } from "~/lib/chat";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { fillNames } from "~/lib/macros";
import { buildChatPrompt, GREETING_REQUEST } from "~/modules/ai/prompt.server";
import { chatProviderFor } from "~/modules/ai/providers/registry.server";
import { logger } from "~/modules/logging/logger.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { chooseChatModel } from "./model-choice.server";

/** A new chat waits for its greeting before it opens: not longer than this. */
export const GREETING_TIMEOUT_MS = 10_000;

type GreetingCharacter = {
  name: string;
  description: string | null;
  welcomeMessage: string | null;
  alternateGreetings: string[];
  chatModel: string | null;
  customModels: unknown;
  systemInstruction: string | null;
  /** The character's details, copied into its agents' documents: a `temperature` there is the agent's (agent-settings.server.ts). */
  details: unknown;
};

/**
 * The first message of a new chat, and its other versions (the character's alternate greetings),
 * with `{{char}}` and `{{user}}` filled in for `userName`. A character's own greeting (its welcome
 * message, a card's `first_mes`) opens the chat at once, without a model. One without it is greeted
 * by its chat model as spec section 4 says (greetingFromModel), one the person's plan gives `access` to.
 */
export async function greetingsFor(character: GreetingCharacter, userName: string, access: ModelAccess, answerIn: Language | null = null): Promise<string[]> {
  const fill = (text: string) => fillNames(text, { char: character.name, user: userName });
  const authored = character.welcomeMessage?.trim();
  const first = authored ? fill(authored) : await greetingFromModel(character, userName, access, answerIn);
  return [first, ...character.alternateGreetings.filter((text) => text.trim() !== "").map(fill)];
}

/**
 * Spec section 4: a greeting from the character's chat model, asked with the character's name and
 * description (one call, not streamed, not charged: there is one new chat per person and
 * character), at the temperature the new agent will answer at. When no model answers, the spec's
 * 'Hi there! I'm {name}...'.
 */
async function greetingFromModel(character: GreetingCharacter, userName: string, access: ModelAccess, answerIn: Language | null): Promise<string> {
  const fallback = chatTexts.greeting(character.name);
  try {
    const model = await chooseChatModel({ customModels: character.customModels, document: null, characterChatModel: character.chatModel }, access);
    if (!model) return fallback;
    const prompt = buildChatPrompt({
      agent: {
        name: character.name,
        description: character.description ?? "",
        systemInstruction: character.systemInstruction,
        temperature: parseCharacterDetails(character.details).temperature,
      },
      model: { systemInstruction: model.systemInstruction },
      userName,
      answerIn,
      history: [],
      memoryMessages: 0,
      userMessage: GREETING_REQUEST,
    });
    const { text } = await chatProviderFor(model).completeChat({ ...prompt, timeoutMs: GREETING_TIMEOUT_MS });
    // A model that writes the placeholders back (seen in its examples) still greets the person by name.
    return fillNames(text.trim(), { char: character.name, user: userName }) || fallback;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), character: character.name }, "no greeting from the model; using the fallback");
    return fallback;
  }
}
