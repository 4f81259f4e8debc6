import { z } from "zod";
import { listOf, readWith, recordOf } from "./reading";

/** custom_models (spec section 3): a list of single-entry maps from a model type to the chosen model's name. */
export type CustomModels = Record<string, string>[];

/** The model type that answers a chat; model-choice.server.ts reads the same entry in SQL. */
export const CHAT_MODEL_TYPE = "chat";

export const customModelTexts = {
  incomplete: "A custom model needs both type and model",
  oneEach: "Each custom model names one type and one model",
  repeated: (type: string) => `Choose one ${type} model only`,
} as const;

/** Every text entry of every map, in order, as its own single-entry map; anything else is dropped. */
const customModelsReading = listOf(recordOf(z.string())).transform((entries) =>
  entries.flatMap((entry) => Object.entries(entry).map(([type, name]) => ({ [type]: name }))),
);

/** Reads stored custom_models; never throws. */
export function parseCustomModels(value: unknown): CustomModels {
  return readWith(customModelsReading, value, () => []);
}

/** The chosen model per type: the first entry of a type counts (as in SQL); an empty name chooses none. */
export function modelsByType(models: CustomModels): Record<string, string> {
  const byType: Record<string, string> = {};
  for (const entry of models) for (const [type, name] of Object.entries(entry)) byType[type] ??= name;
  return byType;
}

const filled = (name: unknown): name is string => typeof name === "string" && name.trim() !== "";

/** One model type to one model's name; both kept as given (to match the models' own names), neither blank. */
const customModelEntry = z.record(z.string(), z.unknown(), customModelTexts.incomplete).superRefine((entry, context) => {
  const pairs = Object.entries(entry);
  if (pairs.length > 1) context.addIssue({ code: "custom", message: customModelTexts.oneEach });
  if (pairs.length === 0) context.addIssue({ code: "custom", message: customModelTexts.incomplete });
  for (const [type, name] of pairs)
    if (!filled(type) || !filled(name)) context.addIssue({ code: "custom", path: [type], message: customModelTexts.incomplete });
}) as z.ZodType<Record<string, string>>;

/** What is written to custom_models (the edit agent form, the admin console, character creation). */
export const customModelsSchema = z.array(customModelEntry).superRefine((entries, context) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    for (const type of Object.keys(entry)) {
      if (seen.has(type)) context.addIssue({ code: "custom", path: [index], message: customModelTexts.repeated(type) });
      seen.add(type);
    }
  });
});
