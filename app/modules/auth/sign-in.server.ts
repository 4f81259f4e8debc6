import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authTexts, safeRedirectPath, signInSchema, tooManyAttempts } from "~/lib/auth-forms";
import { clearLimit, RateLimitedError, recordAttempts, refundAttempt, SIGN_IN_FAILURES } from "~/modules/security/rate-limit.server";
import { readAccountForm } from "./account-form.server";
import { checkPassword, confirmationLink, SignInError } from "./accounts.server";
import { endLoginSession, startLoginSession } from "./login-session.server";

const authenticator = new Authenticator<{ id: string; email: string }>();
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

/** A new login session: the cookie that carries it and where to go now. */
export type SignedIn = { cookie: string; redirectTo: string };

/**
 * Password sign-in with the spec's texts. Failures count per client address and per account
 * (10 in 15 minutes); once either is used up, the password is not even checked. Refusals are
 * thrown: SignInError, RateLimitedError, or BodyTooLargeError for a form larger than a sign-in's.
 */
export async function signInWithPassword(request: Request, clientIp: string | undefined): Promise<SignedIn> {
  // FormStrategy buffers whatever body it is given (request.clone().formData()): it gets only a capped copy.
  const form = await readAccountForm(request);
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const user = await underSignInLimits(email, clientIp, () => authenticator.authenticate("password", new Request(request.url, { method: "POST", body: form })));
  return { cookie: await startLoginSession(user.id, request, clientIp ?? null), redirectTo: safeRedirectPath(form.get("redirectTo")) };
}

/**
 * The confirmation link's form: confirms the account with the password chosen at its sign-up
 * (see confirmationLink) and signs in. The password is checked under the sign-in form's limits, for
 * the account the link is for, with the same refusals. Null when the link is not valid (any more).
 */
export async function confirmEmailAndSignIn(form: FormData, request: Request, clientIp: string | undefined): Promise<SignedIn | null> {
  const token = String(form.get("token") ?? "");
  const link = await confirmationLink(token);
  if (!link) return null;
  const password = signInSchema.shape.password.safeParse(form.get("password"));
  const user = await underSignInLimits(link.email, clientIp, () => {
    if (!password.success) throw new SignInError(authTexts.invalidCredentials);
    return link.confirm(password.data);
  });
  if (!user) return null;
  // Whoever this browser was signed in as is signed out first, as a password reset does.
  await endLoginSession(request);
  return { cookie: await startLoginSession(user.id, request, clientIp ?? null), redirectTo: "/" };
}

/**
 * Runs one password check under the sign-in limits. Every attempt is counted before its password
 * is checked, each in one statement, so parallel guesses take numbers in turn and only the first
 * 10 reach the check (the rest get RateLimitedError); a success then gives its count back (and
 * forgives the account's failures), so only failures stay counted. `check` throws SignInError to
 * refuse, which leaves the attempt counted, or finds nobody (null: a link that died meanwhile),
 * which gives the count back without forgiving the account's failures.
 */
async function underSignInLimits<User>(email: string, clientIp: string | undefined, check: () => Promise<User>): Promise<User> {
  const [ipKey, ownerKey] = [`sign-in:ip:${clientIp ?? "unknown"}`, accountKey(email)];
  const counted = await recordAttempts([
    [ipKey, SIGN_IN_FAILURES],
    [ownerKey, SIGN_IN_FAILURES],
  ]);
  if (counted.limited) throw new RateLimitedError(tooManyAttempts("sign-in", counted.retryAfterSeconds), counted.retryAfterSeconds);
  const user = await check();
  await Promise.all([refundAttempt(ipKey), user ? clearLimit(ownerKey) : refundAttempt(ownerKey)]);
  return user;
}
