import { randomUUID } from "node:crypto";
import type { Character, Prisma } from "~/generated/prisma/client";
import type { CharacterFormValues, CharacterInput } from "~/lib/character-form";
import { OWN_CHARACTERS_PER_HOUR, ownCharacterTexts } from "~/lib/own-characters";
import { prisma } from "~/modules/db/db.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { catalogueChanged } from "./cache.server";
import { columnsOf, formValuesOf, keptSettings, removeOwnAvatar, storeCharacterAvatar } from "./character-editor.server";
import { ownCharacter, saveOwnerEdits, type OwnerEdits } from "./submissions.server";

/**
 * The Create Character page's rules: a person's own characters (`created_by_id`), made private,
 * changed through the review rules of `submissions.server.ts`, deleted by their owner. Another
 * person's character, or one made by the admins, is not found here.
 */

type Submission = { input: CharacterInput; values: CharacterFormValues; avatar: File | null };

/** Characters a person may create in an hour: each stores a picture and a row. */
export const OWN_CHARACTER_CREATES: RateLimitRule = { limit: OWN_CHARACTERS_PER_HOUR, windowSeconds: 3600 };

/** My characters, newest first, with what the list shows of each. */
export async function listOwnCharacters(userId: string) {
  const rows = await prisma().character.findMany({
    where: { createdById: userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, description: true, avatarUrl: true, isPublished: true, review: true, reviewNote: true, pendingChanges: true },
  });
  return rows.map(({ pendingChanges, ...row }) => ({ ...row, hasPendingEdits: pendingChanges !== null }));
}

export { ownCharacter };

/** A person's character as its editor shows it: held edits of a published one, if any, over what is published. */
export async function getOwnCharacterForEditor(userId: string, characterId: string) {
  const character = await ownCharacter(userId, characterId);
  const held = (character.pendingChanges ?? {}) as Partial<Character>;
  const shown = { ...character, ...held } as Character;
  return {
    id: character.id,
    name: shown.name,
    avatarUrl: shown.avatarUrl,
    isPublished: character.isPublished,
    customModels: shown.customModels,
    values: formValuesOf(shown),
  };
}

/** A new character of the person's own: private until an admin approves it. */
export async function createOwnCharacter(userId: string, submission: Submission) {
  const limit = await recordAttempt(`character-create:user:${userId}`, OWN_CHARACTER_CREATES);
  if (limit.limited) throw new RateLimitedError(ownCharacterTexts.tooManyCreated, limit.retryAfterSeconds);
  const id = randomUUID();
  const avatarUrl = submission.avatar ? await storeCharacterAvatar(id, submission.avatar, submission.values) : null;
  try {
    return await prisma().character.create({ data: { id, ...columnsOf(submission.input), isPublished: false, avatarUrl, createdById: userId } });
  } catch (error) {
    await removeOwnAvatar(id, avatarUrl);
    throw error;
  }
}

/**
 * The owner's edits: a private character changes at once; a published one keeps its published
 * version and holds the edits (a new avatar included) for review. Answers whether they are held.
 */
export async function updateOwnCharacter(userId: string, characterId: string, submission: Submission) {
  const before = await ownCharacter(userId, characterId);
  const newAvatar = submission.avatar ? await storeCharacterAvatar(characterId, submission.avatar, submission.values) : null;
  // The lorebook's own settings come from the published version: the form never changes them.
  const { isPublished: _published, ...columns } = columnsOf(submission.input, keptSettings(before.details), before.characterBook, before.cardExtras);
  const changes = { ...columns, ...(newAvatar ? { avatarUrl: newAvatar } : {}) };
  try {
    const { held, replacedAvatar } = await saveOwnerEdits(userId, characterId, changes as OwnerEdits);
    await removeOwnAvatar(characterId, replacedAvatar);
    return { held };
  } catch (error) {
    await removeOwnAvatar(characterId, newAvatar);
    throw error;
  }
}

/** The owner deletes their character (their chats with it go too); a published one leaves the catalogue. */
export async function deleteOwnCharacter(userId: string, characterId: string) {
  const character = await ownCharacter(userId, characterId);
  const { count } = await prisma().character.deleteMany({ where: { id: character.id, createdById: userId } });
  if (count === 0) throw new NotFoundError();
  await removeOwnAvatar(character.id, character.avatarUrl);
  const held = (character.pendingChanges as Prisma.JsonObject | null)?.avatarUrl;
  if (typeof held === "string" && held !== character.avatarUrl) await removeOwnAvatar(character.id, held);
  if (character.isPublished) await catalogueChanged();
  return character;
}
