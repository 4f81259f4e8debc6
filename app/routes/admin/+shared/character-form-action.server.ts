import { data } from "react-router";
import { adminUserTexts } from "~/lib/admin-users";
import type { ToastCode } from "~/lib/toasts";
import { characterFormFields } from "~/lib/character-form";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { CHARACTER_FORM_MAX_BYTES, CHARACTER_FORM_TOO_LARGE, readCharacterForm } from "~/modules/catalogue/character-editor.server";
import { EVERY_MODEL } from "~/modules/chat/model-choice.server";
import { errorData, redirectWithToast, saveFailureData } from "~/modules/http/errors.server";
import { BodyTooLargeError, parseFormData, readForm } from "~/modules/http/form.server";

type Submission = Exclude<Awaited<ReturnType<typeof readCharacterForm>>, { rows: unknown }>;

/**
 * The action of the character form (build and edit): the admin guard, then either the form shown
 * again with a list changed ("Add another" without JavaScript), a refusal with its field errors,
 * or `save` and `back` to the list with `toast`. A form over its limit is shown its text (413), an
 * intent other than the form's answers 400.
 */
export async function characterFormAction(
  request: Request,
  {
    intent,
    save,
    toast,
    back = "/admin/characters",
    failed,
  }: {
    intent: string;
    save: (admin: AuditActor, submission: Submission) => Promise<unknown>;
    toast: ToastCode;
    back?: string;
    /** The spec's text for a save that failed for another reason than the form ("Error saving character"). */
    failed: string;
  },
) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: CHARACTER_FORM_MAX_BYTES, tooLarge: CHARACTER_FORM_TOO_LARGE });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return errorData(error);
    throw error;
  }
  if (form.get("intent") !== intent) return data({ ok: false as const, error: adminUserTexts.unknownIntent, fields: {} }, { status: 400 });
  try {
    const submission = await readCharacterForm(parseFormData(form, characterFormFields), EVERY_MODEL);
    if ("rows" in submission) return { values: submission.rows, changed: submission.changed };
    await save(admin, submission);
  } catch (error) {
    return saveFailureData(error, failed);
  }
  return redirectWithToast(back, toast);
}
