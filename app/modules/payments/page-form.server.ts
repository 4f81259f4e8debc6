import type { FormLimit } from "~/modules/http/form.server";

/**
 * The tokens and subscription pages post an intent and an id: a few dozen bytes. 4 KiB is far
 * above any of their forms and small enough that nobody can make the server buffer much.
 */
export const PAYMENT_FORM_MAX_BYTES = 4 * 1024;

export const paymentFormTooLarge = "This form is too large. Nothing was changed; please try again.";

/** The limit of a tokens or subscription page post, and what a larger one is told. */
export const PAYMENT_FORM: FormLimit = { maxBytes: PAYMENT_FORM_MAX_BYTES, tooLarge: paymentFormTooLarge };
