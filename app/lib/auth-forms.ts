import { z } from "zod";

/** Texts from the spec (sections 5 and 8) and the limits the server enforces. */
export const authTexts = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Minimum 6 characters",
  passwordTooLong: "Use at most 128 characters",
  passwordRequired: "Please enter a password",
  passwordsDiffer: "Passwords do not match",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  signUpFailed: "Failed to create account",
  unconfirmedEmailPage: "Please check your inbox for email confirmation",
  unconfirmedEmailModal: "Check inbox for email confirmation",
  invalidCredentials: "Invalid login credentials",
  fallback: "An unexpected error occurred. Please try again.",
  loggedIn: "Logged in successfully",
  resetLinkSent: "If an account exists for that e-mail, we have sent a link to reset the password.",
  resetLinkInvalid: "This reset link is invalid, has expired or was already used.",
  passwordChanged: "Your password has been changed. Sign in with your new password.",
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** "text, @, text, dot, text" (spec section 5). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string({ error: authTexts.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, authTexts.invalidEmail)
  .regex(SIMPLE_EMAIL, authTexts.invalidEmail);

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

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
