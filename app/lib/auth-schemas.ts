import { z } from "zod";
import { accountTexts } from "./account";
import { authTexts, PASSWORD_MAX, PASSWORD_MIN, SIMPLE_EMAIL } from "./auth-forms";

// The account forms' schemas, apart from their texts and limits (auth-forms.ts): building a zod
// schema is code that runs when its module loads, so a module the browser loads on every page
// (the sign-in dialog's) must not hold one, or zod ships to every visitor.

const email = z.string({ error: authTexts.invalidEmail }).trim().toLowerCase().max(254, authTexts.invalidEmail).regex(SIMPLE_EMAIL, authTexts.invalidEmail);

const newPassword = z
  .string({ error: authTexts.passwordRequired })
  .min(1, authTexts.passwordRequired)
  .min(PASSWORD_MIN, authTexts.passwordTooShort)
  .max(PASSWORD_MAX, authTexts.passwordTooLong);

export const signUpSchema = z
  .object({ email, password: newPassword, confirmPassword: z.string().optional() })
  .refine((form) => form.confirmPassword === undefined || form.confirmPassword === form.password, {
    path: ["confirmPassword"],
    message: authTexts.passwordsDiffer,
  });

/**
 * The sign-up page's and dialog's posts: a new account (the page asks for the password twice; the
 * dialog, as the spec draws it, once), or another link (`intent=resend`). Either carries where the
 * person was headed.
 */
export const signUpPageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), email: z.string().default(""), redirectTo: z.string().optional() }),
  signUpSchema.safeExtend({ intent: z.literal("sign-up").optional(), redirectTo: z.string().optional() }),
]);

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** Settings' Change password: the current password, and the new one typed twice under the sign-up rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: accountTexts.currentPasswordRequired })
      .min(1, accountTexts.currentPasswordRequired)
      .max(PASSWORD_MAX, accountTexts.currentPasswordWrong),
    newPassword,
    confirmPassword: z.string({ error: authTexts.passwordsDiffer }),
  })
  .refine((form) => form.confirmPassword === form.newPassword, { path: ["confirmPassword"], message: authTexts.passwordsDiffer });
