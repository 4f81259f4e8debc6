import { z } from "zod";
import { listOf, readWith } from "./reading";

/**
 * prompt_guide (spec section 3): ask_me is a list of {category, prompts}; send_me, show_me,
 * can_i_see and chat_basics are one such group each.
 */
export type PromptGroup = { category: string; prompts: string[] };
export type PromptGuide = {
  ask_me: PromptGroup[];
  send_me: PromptGroup | null;
  show_me: PromptGroup | null;
  can_i_see: PromptGroup | null;
  chat_basics: PromptGroup | null;
};

export const promptGuideTexts = {
  category: "Give each prompt group a category",
  prompt: "A prompt cannot be empty",
  prompts: "Give each prompt group at least one prompt",
} as const;

/** A group with at least one prompt that is a text with words; a category that is not a text reads as "". */
const groupReading = z
  .object({
    category: z.string().catch(""),
    prompts: listOf(z.string().refine((prompt) => prompt.trim() !== "")),
  })
  .refine((group) => group.prompts.length > 0);

/** Groups from a list, or from one group stored where a list belongs. */
const groupsReading = z
  .union([z.array(z.unknown()), z.looseObject({}).transform((group) => [group])])
  .catch([])
  .pipe(listOf(groupReading));

/** One group, or the first usable one of a list stored where one group belongs. */
const oneGroupReading = groupsReading.transform((groups): PromptGroup | null => groups[0] ?? null);

const promptGuideReading = z
  .object({
    ask_me: groupsReading,
    send_me: oneGroupReading,
    show_me: oneGroupReading,
    can_i_see: oneGroupReading,
    chat_basics: oneGroupReading,
  })
  .catch(() => emptyPromptGuide());

export function emptyPromptGuide(): PromptGuide {
  return { ask_me: [], send_me: null, show_me: null, can_i_see: null, chat_basics: null };
}

/** Reads a stored prompt_guide: groups without prompts, and parts of the wrong shape, are left out. Never throws. */
export function parsePromptGuide(value: unknown): PromptGuide {
  return readWith(promptGuideReading, value, emptyPromptGuide);
}

const promptGroupSchema = z.strictObject({
  category: z.string(promptGuideTexts.category).trim().min(1, promptGuideTexts.category),
  prompts: z.array(z.string(promptGuideTexts.prompt).trim().min(1, promptGuideTexts.prompt), promptGuideTexts.prompts).min(1, promptGuideTexts.prompts),
});

/** What is written to prompt_guide (the admin console, character creation, the seed). */
export const promptGuideSchema = z.strictObject({
  ask_me: z.array(promptGroupSchema).default([]),
  send_me: promptGroupSchema.optional(),
  show_me: promptGroupSchema.optional(),
  can_i_see: promptGroupSchema.optional(),
  chat_basics: promptGroupSchema.optional(),
});
