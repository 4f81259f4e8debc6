/**
 * Texts from the spec (sections 5 and 8) and the limits the server enforces. The English
 * constants stay here (the server answers with them); each is also in app/locales/<lang>/auth.json.
 */
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
  accountSuspended: "This account has been suspended. Please contact us if you think this is a mistake.",
  fallback: "An unexpected error occurred. Please try again.",
  loggedIn: "Logged in successfully",
  resetLinkSent: "If an account exists for that e-mail, we have sent a link to reset the password.",
  resetLinkInvalid: "This reset link is invalid, has expired or was already used.",
  passwordChanged: "Your password has been changed. Sign in with your new password.",
  formTooLarge: "This form is too large to be sent. Please reload the page and try again.",
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * The largest body an account form (sign-in, sign-up, resend, confirmation, password reset, the Google button)
 * may have: its few fields at their longest, every character percent-encoded, fit with room to
 * spare. Anything larger is refused before it is buffered.
 */
export const AUTH_FORM_MAX_BYTES = 8 * 1024;

/** The refusal while a rate limit holds, e.g. "Too many sign-in attempts. Please try again in 3 minutes." */
export function tooManyAttempts(what: "sign-in" | "sign-up", retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // Each wording written out whole: the server finds its translation by the English text (auth.json).
  if (what === "sign-in")
    return minutes === 1 ? "Too many sign-in attempts. Please try again in 1 minute." : `Too many sign-in attempts. Please try again in ${minutes} minutes.`;
  return minutes === 1 ? "Too many sign-up attempts. Please try again in 1 minute." : `Too many sign-up attempts. Please try again in ${minutes} minutes.`;
}

/** "text, @, text, dot, text" (spec section 5). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Any fixed origin: a return path is resolved against it and must stay on it. */
const PATH_BASE = "http://app.invalid";
/** Browsers drop tabs and newlines inside addresses and read a backslash as a slash. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

/**
 * The path to follow after sign-in, or `fallback` for anything that could leave this site. The
 * candidate is normalised as a browser would (`/.//evil.com` becomes `//evil.com`), and the
 * result must stay on the base origin and not start like a protocol-relative address, even once
 * percent-decoded (a router or proxy that decodes `/%2F/evil.com` would see `//evil.com`).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/") || UNSAFE_IN_PATH.test(target)) return fallback;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(target, PATH_BASE);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.origin !== PATH_BASE) return fallback;
  if ([url.pathname, decodedPath].some((path) => path.startsWith("//") || UNSAFE_IN_PATH.test(path))) return fallback;
  return url.pathname + url.search;
}
