import { randomUUID } from "node:crypto";
import { Prisma, type Character } from "~/generated/prisma/client";
import {
  changedList,
  changedRows,
  characterFormTexts,
  characterFormValues,
  characterFormValuesOf,
  parseCharacterForm,
  type CharacterFormChoices,
  type CharacterFormFields,
  type CharacterFormValues,
  type CharacterInput,
  type GrowingList,
} from "~/lib/character-form";
import { cardExtrasWithNote } from "~/lib/documents/card-extras";
import { parseCharacterBook, type LorebookEntry } from "~/lib/documents/character-book";
import { DETAIL_KEYS, parseCharacterDetails } from "~/lib/documents/character-details";
import { parseCustomModels } from "~/lib/documents/custom-models";
import { parseDetailOptions } from "~/lib/documents/detail-options";
import { parsePromptGuide } from "~/lib/documents/prompt-guide";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { isUuid } from "~/modules/db/sql.server";
import { prisma } from "~/modules/db/db.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { IMAGE_MAX_BYTES, ImageRejectedError, storeImage } from "~/modules/storage/images.server";
import { removeObject } from "~/modules/storage/storage.server";
import { catalogueChanged } from "./cache.server";
import { listCategories } from "./categories.server";

/** A character form's texts (instructions, a prompt guide and a lorebook can be long) beside its avatar. */
const CHARACTER_FORM_TEXT_MAX_BYTES = 2 * 1024 * 1024;
/** A character form: its avatar and texts. */
export const CHARACTER_FORM_MAX_BYTES = IMAGE_MAX_BYTES + CHARACTER_FORM_TEXT_MAX_BYTES;
export const CHARACTER_FORM_TOO_LARGE = `${characterFormTexts.uploadFailed}: Choose an image up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB (the form's texts can take ${CHARACTER_FORM_TEXT_MAX_BYTES / 1024 / 1024} MB more)`;

const AVATAR_PREFIX = "/storage/avatars/";

/** Published models, early-access ones only for `access` that has early access. */
const publishedFor = (access: ModelAccess) => ({ isPublished: true, ...(access.earlyAccess ? {} : { earlyAccess: false }) });

/**
 * What the character form offers: categories, the detail definitions and the published models of
 * each type that `access` allows (the console: EVERY_MODEL; an owner: their plan's perks).
 */
export async function characterFormOptions(access: ModelAccess): Promise<CharacterFormChoices> {
  const [categories, definitions, models, types] = await Promise.all([
    listCategories(),
    prisma().characterDetailDefinition.findMany({ orderBy: [{ seq: "asc" }, { id: "asc" }] }),
    prisma().chatModel.findMany({ where: publishedFor(access), select: { chatModel: true, modelType: true }, orderBy: { chatModel: "asc" } }),
    prisma().modelType.findMany({ where: { isActive: true }, orderBy: [{ seq: "asc" }, { name: "asc" }], select: { name: true } }),
  ]);
  const modelsByType: Record<string, string[]> = {};
  for (const model of models) (modelsByType[model.modelType] ??= []).push(model.chatModel);
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    definitions: definitions.map((definition) => ({
      name: definition.name,
      description: definition.description,
      options: parseDetailOptions(definition.details).map((option) => (typeof option === "string" ? option : (option.name ?? Object.values(option)[0] ?? ""))),
    })),
    modelTypes: types.length > 0 ? types.map((type) => type.name) : Object.keys(modelsByType),
    modelsByType,
  };
}

/** A refused form: the message, the spec's description line, each field's problem and the values to show again. */
function refused(message: string, values: CharacterFormValues, fields: Record<string, string>, description?: string) {
  return new AppError("invalid-input", 400, message, { details: { fields, values, ...(description ? { description } : {}) } });
}

export type CharacterFormSubmission =
  { rows: CharacterFormValues; changed: GrowingList } | { input: CharacterInput; values: CharacterFormValues; avatar: File | null };

/**
 * The character form as posted: either an "Add another"/"Remove" press (the values to show again
 * with the list changed), or a save, checked (the category and models must exist, among those
 * `access` allows). A refusal is an invalid-input AppError carrying the field errors and the
 * values as sent.
 */
export async function readCharacterForm(form: CharacterFormFields, access: ModelAccess): Promise<CharacterFormSubmission> {
  const values = characterFormValues(form);
  const rows = changedRows(form, values);
  if (rows) return { rows, changed: changedList(form)! };
  const parsed = parseCharacterForm(values);
  if ("refusal" in parsed) throw refused(parsed.refusal.error, values, parsed.refusal.fields, parsed.refusal.description);
  const fields = await unknownChoices(parsed.input, access);
  if (Object.keys(fields).length > 0) throw refused(Object.values(fields)[0]!, values, fields);
  const file = form.avatar;
  return { input: parsed.input, values, avatar: file instanceof File && file.size > 0 ? file : null };
}

/** The category and every chosen model must exist (models: published, of the chosen type, allowed by `access`). */
async function unknownChoices(input: CharacterInput, access: ModelAccess) {
  const fields: Record<string, string> = {};
  const chosen = input.customModels.flatMap((entry) => Object.entries(entry));
  const names = [...chosen.map(([, name]) => name), ...(input.chatModel ? [input.chatModel] : [])];
  const [category, models] = await Promise.all([
    prisma().category.findUnique({ where: { id: input.categoryId }, select: { id: true } }),
    prisma().chatModel.findMany({ where: { chatModel: { in: names }, ...publishedFor(access) }, select: { chatModel: true, modelType: true } }),
  ]);
  if (!category) fields.categoryId = characterFormTexts.unknownCategory;
  const published = (type: string, name: string) => models.some((model) => model.chatModel === name && model.modelType === type);
  const unknown = chosen.find(([type, name]) => !published(type, name));
  if (unknown) fields.customModels = characterFormTexts.unknownModel(unknown[0]);
  if (input.chatModel && !published("chat", input.chatModel)) fields.chatModel = characterFormTexts.unknownModel("chat");
  return fields;
}

async function findCharacter(characterId: string) {
  const character = isUuid(characterId) ? await prisma().character.findUnique({ where: { id: characterId } }) : null;
  if (!character) throw new NotFoundError();
  return character;
}

/** A stored character as its editor shows it. */
export async function getCharacterForEditor(characterId: string) {
  const character = await findCharacter(characterId);
  return { id: character.id, name: character.name, avatarUrl: character.avatarUrl, values: formValuesOf(character) };
}

export function formValuesOf(character: Character) {
  return characterFormValuesOf({
    ...character,
    details: parseCharacterDetails(character.details).texts,
    customModels: parseCustomModels(character.customModels),
    promptGuide: parsePromptGuide(character.promptGuide),
    characterBook: parseCharacterBook(character.characterBook),
  });
}

/**
 * Stores an avatar at avatars/{characterId}/{random}.webp (images only, checked by content; the
 * picture is re-encoded, so its name keeps the extension of what is stored) and answers its URL.
 */
export async function storeCharacterAvatar(characterId: string, avatar: File, values: CharacterFormValues) {
  try {
    return await storeImage(avatar, { bucket: "avatars", folder: characterId, width: 512, height: 512, notAnImage: characterFormTexts.notAnImage });
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    throw refused(`${characterFormTexts.uploadFailed}: ${error.message}`, values, { avatar: error.message });
  }
}

/** Removes an avatar this editor stored for the character (in its own folder); any other picture is left alone. */
export async function removeOwnAvatar(characterId: string, avatarUrl: string | null) {
  const prefix = `${AVATAR_PREFIX}${characterId}/`;
  if (!avatarUrl?.startsWith(prefix)) return;
  const name = avatarUrl.slice(prefix.length);
  if (!/^[0-9a-z]+\.[0-9a-z]+$/.test(name)) return;
  await removeObject("avatars", `${characterId}/${name}`).catch((error: unknown) =>
    logger.warn({ err: error, avatarUrl }, "could not remove a character avatar"),
  );
}

/**
 * The lorebook a save writes: the form's entries inside the stored lorebook's own settings (its
 * name, scan depth, token budget, extensions), which the form does not show. No entries is no
 * lorebook, whatever settings the stored one had: they mean nothing without entries.
 */
export function characterBookOf(entries: LorebookEntry[], storedBook: Prisma.JsonValue = null) {
  if (entries.length === 0) return Prisma.JsonNull;
  const { entries: _stored, ...settings } = parseCharacterBook(storedBook) ?? { extensions: {} };
  return { ...settings, entries } as Prisma.InputJsonObject;
}

/**
 * The character's columns for a checked form; `keptDetails` are stored settings the form does
 * not show, `storedBook` the lorebook being edited (its settings are kept), `storedExtras` the
 * card's extras, rewritten only when the character's note changed (decision 047).
 */
export function columnsOf(
  input: CharacterInput,
  keptDetails: Record<string, unknown> = {},
  storedBook: Prisma.JsonValue = null,
  storedExtras: Prisma.JsonValue = null,
) {
  const cardExtras = cardExtrasWithNote(storedExtras, input.characterNote);
  return {
    ...(cardExtras ? { cardExtras: cardExtras as Prisma.InputJsonObject } : {}),
    categoryId: input.categoryId,
    name: input.name,
    description: input.description,
    welcomeMessage: input.welcomeMessage || null,
    personality: input.personality || null,
    scenario: input.scenario || null,
    alternateGreetings: input.alternateGreetings,
    mesExample: input.mesExample || null,
    postHistoryInstructions: input.postHistoryInstructions || null,
    creatorNotes: input.creatorNotes || null,
    chatModel: input.chatModel || null,
    isPublished: input.isPublished,
    tags: input.tags,
    details: { ...keptDetails, ...input.details } as Prisma.InputJsonObject,
    customModels: input.customModels,
    systemInstruction: input.systemInstruction || null,
    messageInstruction: input.messageInstruction || null,
    imagePrompt: input.imagePrompt || null,
    promptGuide: input.promptGuide as Prisma.InputJsonObject,
    characterBook: characterBookOf(input.lorebook, storedBook),
  };
}

const summaryOf = (character: Pick<Character, "name" | "categoryId" | "isPublished" | "tags" | "chatModel" | "avatarUrl">) => ({
  name: character.name,
  categoryId: character.categoryId,
  isPublished: character.isPublished,
  tags: character.tags,
  chatModel: character.chatModel,
  avatarUrl: character.avatarUrl,
});

/** Runs a write with a newly stored avatar; a write that fails takes the new avatar away again. */
async function withAvatar<T>(characterId: string, stored: string | null, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    await removeOwnAvatar(characterId, stored);
    throw error;
  }
}

/** A new character (spec: insert category_id, name, description, welcome_message, avatar_url or null, document, instructions, image_prompt, custom_models). */
export async function createCharacter(
  actor: AuditActor,
  submission: { input: CharacterInput; values: CharacterFormValues; avatar: File | null },
  { createdById = null }: { createdById?: string | null } = {},
) {
  const id = randomUUID();
  const avatarUrl = submission.avatar ? await storeCharacterAvatar(id, submission.avatar, submission.values) : null;
  const character = await withAvatar(id, avatarUrl, () =>
    auditedWrite(actor, async (tx) => {
      const created = await tx.character.create({ data: { id, ...columnsOf(submission.input), avatarUrl, createdById } });
      return {
        result: created,
        audit: { action: "create", entityType: "character", entityId: id, summary: `Added character ${created.name}`, after: summaryOf(created) },
      };
    }),
  );
  await catalogueChanged();
  return character;
}

/** The stored settings (temperature, streaming) the form does not show, kept on a save. */
export function keptSettings(details: Prisma.JsonValue) {
  const stored = parseCharacterDetails(details);
  return {
    ...(stored.temperature === null ? {} : { [DETAIL_KEYS.temperature]: stored.temperature }),
    ...(stored.isStream === null ? {} : { [DETAIL_KEYS.isStream]: stored.isStream }),
  };
}

/** Saves a character; a new avatar replaces the old one, which is then removed from storage. */
export async function updateCharacter(
  actor: AuditActor,
  characterId: string,
  submission: { input: CharacterInput; values: CharacterFormValues; avatar: File | null },
) {
  const before = await findCharacter(characterId);
  const newAvatar = submission.avatar ? await storeCharacterAvatar(characterId, submission.avatar, submission.values) : null;
  const settings = keptSettings(before.details);
  const character = await withAvatar(characterId, newAvatar, () =>
    auditedWrite(actor, async (tx) => {
      const updated = await tx.character.update({
        where: { id: characterId },
        data: { ...columnsOf(submission.input, settings, before.characterBook, before.cardExtras), avatarUrl: newAvatar ?? before.avatarUrl },
      });
      const audit = {
        action: "update",
        entityType: "character",
        entityId: characterId,
        summary: `Updated character ${updated.name}`,
        before: summaryOf(before),
        after: summaryOf(updated),
      };
      return { result: updated, audit };
    }),
  );
  if (newAvatar) await removeOwnAvatar(characterId, before.avatarUrl);
  await catalogueChanged();
  return character;
}

/** The Published switch of the admin list (spec: update document with flipped isPublished by id). */
export async function setCharacterPublished(actor: AuditActor, characterId: string, isPublished: boolean) {
  const before = await findCharacter(characterId);
  const character = await auditedWrite(actor, async (tx) => {
    const updated = await tx.character.update({ where: { id: characterId }, data: { isPublished } });
    return {
      result: updated,
      audit: {
        action: isPublished ? "publish" : "unpublish",
        entityType: "character",
        entityId: characterId,
        summary: `${isPublished ? "Published" : "Unpublished"} character ${updated.name}`,
        before: { isPublished: before.isPublished },
        after: { isPublished },
      },
    };
  });
  await catalogueChanged();
  return character;
}

/** Deletes a character (its agents and chats go with it) and then the avatar stored for it. */
export async function deleteCharacter(actor: AuditActor, characterId: string) {
  const before = await findCharacter(characterId);
  await auditedWrite(actor, async (tx) => {
    const { count } = await tx.character.deleteMany({ where: { id: characterId } });
    if (count === 0) throw new NotFoundError();
    return {
      result: null,
      audit: { action: "delete", entityType: "character", entityId: characterId, summary: `Deleted character ${before.name}`, before: summaryOf(before) },
    };
  });
  await removeOwnAvatar(characterId, before.avatarUrl);
  await catalogueChanged();
}
