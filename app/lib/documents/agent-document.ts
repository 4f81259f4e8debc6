import { z } from "zod";
import {
  characterDetailsReading,
  characterDetailsSchema,
  detailTexts,
  parseCharacterDetails,
  storedDetails,
  temperatureReading,
  TEMPERATURE_RANGE,
  type CharacterDetails,
} from "./character-details";
import { readWith } from "./reading";

/**
 * A chat agent's document (spec section 3, agent info): the chat model it was made with, its own
 * temperature, and the details copied from its character (whose temperature counts when the
 * document sets none, and whose isStream false asks for whole replies).
 */

/** The fields' names, shared with the SQL that reads them in a reply's opening statement. */
export const AGENT_DOCUMENT_KEYS = { chatModel: "chat_model", temperature: "temperature", details: "details" } as const;
const KEYS = AGENT_DOCUMENT_KEYS;

export type AgentDocument = { chat_model: string | null; temperature: number | null; details: CharacterDetails };

const agentDocumentReading = z.object({
  [KEYS.chatModel]: z.string().nullable().catch(null),
  [KEYS.temperature]: temperatureReading,
  [KEYS.details]: characterDetailsReading,
});

/** Reads a stored agent document: a part of the wrong type reads as not set. Never throws. */
export function parseAgentDocument(value: unknown): AgentDocument {
  return readWith(agentDocumentReading, value, () => ({ chat_model: null, temperature: null, details: parseCharacterDetails(null) }));
}

/** The temperature the agent answers at: its own, else its details', else null (the default). */
export function agentTemperature(document: AgentDocument) {
  return document.temperature ?? document.details.temperature;
}

/** Whether its replies stream: unless its details say isStream false. */
export function agentStreams(document: AgentDocument) {
  return document.details.isStream !== false;
}

export const agentDocumentTexts = { chatModel: "chat_model must be a model's name" } as const;

/** What is written to an agent's document. */
export const agentDocumentSchema = z.strictObject({
  [KEYS.chatModel]: z
    .string(agentDocumentTexts.chatModel)
    .trim()
    .nullish()
    .transform((name) => name || null),
  [KEYS.temperature]: z
    .number(detailTexts.temperature)
    .min(TEMPERATURE_RANGE.min, detailTexts.temperature)
    .max(TEMPERATURE_RANGE.max, detailTexts.temperature)
    .optional(),
  [KEYS.details]: characterDetailsSchema.default({}),
});

/** The document of a new agent: its character's chat model and details (spec section 4, start chat). */
export function agentDocumentFor(character: { chatModel: string | null; details: unknown }) {
  return agentDocumentSchema.parse({ [KEYS.chatModel]: character.chatModel, [KEYS.details]: storedDetails(parseCharacterDetails(character.details)) });
}
