import { z } from "zod";
import { characterDetailsSchema, parseCharacterDetails, storedDetails, type StoredDetails } from "./character-details";

/**
 * A character's document (spec section 3: isPublished, chat_model, and details with a list of
 * tags). The database keeps isPublished, chat_model and the tags as columns and only the rest of
 * the details as JSON; this file maps between the two.
 */
export type CharacterDocument = { isPublished: boolean; chat_model: string | null; details: DocumentDetails };
type DocumentDetails = { tags: string[]; [name: string]: string | number | boolean | string[] | undefined };

/** The columns a character's document is stored in. */
export type CharacterDocumentColumns = { isPublished: boolean; chatModel: string | null; tags: string[]; details: StoredDetails };

export const characterDocumentTexts = {
  isPublished: "isPublished must be true or false",
  chatModel: "chat_model must be a model's name",
  tag: "Each tag must be a text",
  tags: "Tags must be a list",
  details: "details must be an object of named values",
} as const;

/** Tags as written (spec section 5: "trimmed, de-duplicated"); empty ones are dropped. */
export const characterTagsSchema = z
  .array(z.string(characterDocumentTexts.tag).trim(), characterDocumentTexts.tags)
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ""))]);

/** What the admin console and character creation write: the spec's document, checked and tidied. */
export const characterDocumentSchema = z.strictObject({
  isPublished: z.boolean(characterDocumentTexts.isPublished).default(false),
  chat_model: z
    .string(characterDocumentTexts.chatModel)
    .trim()
    .nullish()
    .transform((name) => name || null),
  details: z
    .record(z.string(), z.unknown(), characterDocumentTexts.details)
    .default({})
    .transform((details, context) => {
      const { tags = [], ...rest } = details;
      const checkedTags = characterTagsSchema.safeParse(tags);
      const checkedRest = characterDetailsSchema.safeParse(rest);
      for (const issue of checkedTags.error?.issues ?? []) context.addIssue({ code: "custom", path: ["tags", ...issue.path], message: issue.message });
      for (const issue of checkedRest.error?.issues ?? []) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return { ...checkedRest.data, tags: checkedTags.data ?? [] };
    }),
});

/** The columns to write for a checked document. */
export function characterDocumentColumns(document: z.output<typeof characterDocumentSchema>): CharacterDocumentColumns {
  const { tags, ...details } = document.details;
  return { isPublished: document.isPublished, chatModel: document.chat_model, tags, details };
}

/** A stored character's document, its details read leniently (what an editor starts from). Never throws. */
export function characterDocumentOf(character: { isPublished: boolean; chatModel: string | null; tags: string[]; details: unknown }): CharacterDocument {
  return {
    isPublished: character.isPublished,
    chat_model: character.chatModel,
    details: { ...storedDetails(parseCharacterDetails(character.details)), tags: character.tags },
  };
}
