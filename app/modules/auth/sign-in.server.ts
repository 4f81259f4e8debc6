import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authTexts, safeRedirectPath, signInSchema } from "~/lib/auth-forms";
import { checkLimit, clearLimit, recordAttempt, SIGN_IN_FAILURES } from "~/modules/security/rate-limit.server";
import { checkPassword, SignInError } from "./accounts.server";
import { startLoginSession } from "./login-session.server";

type SignedIn = { id: string; email: string };

const authenticator = new Authenticator<SignedIn>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new SignInError(authTexts.invalidCredentials);
    return checkPassword(parsed.data.email, parsed.data.password);
  }),
  "password",
);

const accountKey = (email: string) => `sign-in:account:${email}`;

/** A password reset proves the owner: their account's failed attempts no longer count. */
export async function clearSignInFailures(email: string) {
  await clearLimit(accountKey(email.trim().toLowerCase()));
}

export type SignInResult =
  | { ok: true; cookie: string; redirectTo: string }
  | { ok: false; status: number; error: string };

/**
 * Password sign-in with the spec's texts. Failures count per client address and per account
 * (10 in 15 minutes); once either is used up, the password is not even checked.
 */
export async function signInWithPassword(request: Request, clientIp: string | undefined): Promise<SignInResult> {
  const form = await request.clone().formData();
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  const keys = [`sign-in:ip:${clientIp ?? "unknown"}`, accountKey(email)];

  const limits = await Promise.all(keys.map((key) => checkLimit(key, SIGN_IN_FAILURES)));
  const blocked = limits.find((state) => state.limited);
  if (blocked) {
    const minutes = Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60));
    return { ok: false, status: 429, error: `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }

  try {
    const user = await authenticator.authenticate("password", request);
    await clearLimit(keys[1]);
    return { ok: true, cookie: await startLoginSession(user.id, request, clientIp ?? null), redirectTo: safeRedirectPath(form.get("redirectTo")) };
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    await Promise.all(keys.map((key) => recordAttempt(key, SIGN_IN_FAILURES)));
    return { ok: false, status: 400, error: error.message };
  }
}
