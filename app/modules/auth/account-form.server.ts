import { AUTH_FORM_MAX_BYTES, authTexts } from "~/lib/auth-forms";
import type { FormLimit } from "~/modules/http/form.server";

/**
 * The limit of an account page's post (sign-in, sign-up, resend, confirmation, password reset, the
 * Google button), and the text shown above the page's fields when a post is larger.
 */
export const ACCOUNT_FORM: FormLimit = { maxBytes: AUTH_FORM_MAX_BYTES, tooLarge: authTexts.formTooLarge };
