import { AUTH_FORM_MAX_BYTES, authTexts } from "~/lib/auth-forms";
import { BodyTooLargeError, readFormWithin } from "~/modules/http/form.server";

/**
 * The form of an account page's post (sign-in, sign-up, resend, confirmation, password reset, the
 * Google button). BodyTooLargeError, with the text shown above the page's fields, when it is larger
 * than such a form can be.
 */
export async function readAccountForm(request: Request) {
  const form = await readFormWithin(request, AUTH_FORM_MAX_BYTES);
  if (!form) throw new BodyTooLargeError(authTexts.formTooLarge);
  return form;
}
