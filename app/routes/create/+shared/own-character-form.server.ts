import { data } from "react-router";
import { characterFormValues, type CharacterFormFields } from "~/lib/character-form";
import type { ToastCode } from "~/lib/toasts";
import {
  CHARACTER_FORM_MAX_BYTES,
  CHARACTER_FORM_TOO_LARGE,
  characterFormOptions,
  readCharacterForm,
  type CharacterFormSubmission,
} from "~/modules/catalogue/character-editor.server";
import { errorBody, errorData, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import type { FormLimit } from "~/modules/http/form.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";

// The character form's controller for its owner (route-only code, beside /create and its edit
// page): the form's answer, built from the catalogue's rules.

/** The character form's limit: its avatar and its texts. */
export const CHARACTER_FORM: FormLimit = { maxBytes: CHARACTER_FORM_MAX_BYTES, tooLarge: CHARACTER_FORM_TOO_LARGE };

/** A checked form; `generateAvatar`: the owner asked for the avatar to be drawn from the image prompt, and uploaded none. */
type Saved = Exclude<CharacterFormSubmission, { rows: unknown }> & { generateAvatar: boolean };

/**
 * The character form posted on /create or its edit page by `userId`: either shown again (a list
 * changed without JavaScript, or a refusal with its field errors and what was typed), or `save`d
 * and back to /create with the toast `save` answers. Its models are those the person's plan offers.
 */
export async function ownCharacterFormAnswer(userId: string, form: CharacterFormFields, save: (submission: Saved) => Promise<ToastCode>) {
  const generateAvatar = form.generateAvatar === "on";
  try {
    const submission = await readCharacterForm(form, await planPerksOf(userId));
    if ("rows" in submission) return { values: submission.rows, changed: submission.changed, generateAvatar };
    const toast = await save({ ...submission, generateAvatar: generateAvatar && submission.avatar === null });
    return redirectWithToast("/create", toast);
  } catch (error) {
    // A refusal that is not the form's own (too many created, too few tokens) still gives the typed values back.
    if (!isAppError(error) || error.status === 404) return errorData(error);
    return data(
      { ok: false as const, values: characterFormValues(form), ...errorBody(error), generateAvatar },
      { status: error.status, headers: error.headers },
    );
  }
}

/** What the character form offers an owner: its models are those the person's plan offers. */
export async function ownCharacterFormOptions(userId: string) {
  return characterFormOptions(await planPerksOf(userId));
}
