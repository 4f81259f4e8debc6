/**
 * A person's own characters on /create (spec: Create Character): the texts the page shows and the
 * status label of each one.
 */

import type { TextId } from "./i18n/ids";

export const OWN_CHARACTERS_PER_HOUR = 20;

export const ownCharacterTexts = {
  tooManyCreated: `You can create up to ${OWN_CHARACTERS_PER_HOUR} characters an hour. Please try again later.`,
  empty: "You haven't created any characters yet",
  deleteNote: "Your chats with this character are deleted with it.",
  avatarNeedsAppearance: "Describe the appearance in the image prompt to generate an avatar",
  generateAvatar: "Generate the avatar from the image prompt",
  noAvatarModel: "No image model can generate an avatar right now: upload a picture instead.",
  generatingAvatar: "Generating avatar…",
  avatarFailed: "The avatar could not be generated; its tokens were returned.",
} as const;

export type OwnCharacterReview = "none" | "submitted" | "declined";

/** The label of a character's place between private and the catalogue. */
export function ownCharacterStatus(character: { isPublished: boolean; review: OwnCharacterReview; reviewNote: string | null }) {
  if (character.review === "declined") return `Declined: ${character.reviewNote ?? ""}`.trim();
  if (character.isPublished) return character.review === "submitted" ? "Published, edits waiting for review" : "Published";
  return character.review === "submitted" ? "Waiting for review" : "Private";
}

/** The same label as a text id for the page (with the admin's note, not translated, when declined). */
export function ownCharacterStatusText(character: { isPublished: boolean; review: OwnCharacterReview; reviewNote: string | null }): {
  id: TextId;
  values?: { note: string };
} {
  if (character.review === "declined")
    return character.reviewNote?.trim()
      ? { id: "create.status.declinedNote", values: { note: character.reviewNote.trim() } }
      : { id: "create.status.declined" };
  if (character.isPublished) return { id: character.review === "submitted" ? "create.status.publishedEditsWaiting" : "create.status.published" };
  return { id: character.review === "submitted" ? "create.status.waiting" : "create.status.private" };
}

/** Whether "Submit for review" has something to submit: a private character, or held edits of a published one, not already waiting. */
export function canSubmitForReview(character: { isPublished: boolean; review: OwnCharacterReview; hasPendingEdits: boolean }) {
  if (character.review === "submitted") return false;
  return !character.isPublished || character.hasPendingEdits;
}
