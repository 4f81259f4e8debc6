import { data } from "react-router";
import { AUTH_FORM_MAX_BYTES, authTexts, type FieldErrors } from "~/lib/auth-forms";
import { readFormWithin } from "~/modules/http/form.server";

/** The form of an account page's post (sign-in, sign-up, resend, confirmation, password reset, the Google button), or null when it is larger than such a form can be. */
export function readAccountForm(request: Request) {
  return readFormWithin(request, AUTH_FORM_MAX_BYTES);
}

/** The answer to a form readAccountForm refused, shown above the page's fields. */
export function accountFormTooLarge() {
  return data({ status: "invalid" as const, errors: { form: authTexts.formTooLarge } as FieldErrors }, { status: 413 });
}
