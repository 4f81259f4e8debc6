import { data } from "react-router";
import { personaTexts } from "~/lib/personas";
import { personaFields, type PersonaInput } from "~/modules/chat/personas.server";
import { errorData } from "~/modules/http/errors.server";
import { BodyTooLargeError, parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { IMAGE_MAX_BYTES, ImageRejectedError } from "~/modules/storage/images.server";

/** A persona form at most: its picture and its texts. */
const PERSONA_FORM = { maxBytes: IMAGE_MAX_BYTES + 64 * 1024 };

/**
 * Reads a persona form and saves it with `save` (null when saved): a refused form or picture is
 * answered as data with its status, the form's texts kept; someone else's persona is the 404 page.
 */
export async function savePersonaForm(request: Request, save: (input: PersonaInput) => Promise<unknown>) {
  try {
    const input = await parseForm(request, personaFields, PERSONA_FORM);
    await save(input);
    return null;
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof ImageRejectedError) {
      const why = error instanceof BodyTooLargeError ? "Choose an image up to 5 MB" : error.message;
      const reason = `${translateMessage(personaTexts.avatarFailed)}: ${translateMessage(why)}`;
      return data({ ok: false as const, error: reason, fields: { avatar: reason } }, { status: error.status });
    }
    // A refused form is answered as data; someone else's persona throws the error page's 404.
    return errorData(error);
  }
}
