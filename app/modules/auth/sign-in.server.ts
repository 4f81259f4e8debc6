import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authTexts, safeRedirectPath, tooManyAttempts } from "~/lib/auth-forms";
import { signInSchema } from "~/lib/auth-schemas";
import {
  clearLimit,
  clearLimitsStartingWith,
  RateLimitedError,
  recordAttempts,
  refundAttempt,
  SIGN_IN_ACCOUNT_FAILURES,
  SIGN_IN_FAILURES,
  type RateLimitRule,
} from "~/modules/security/rate-limit.server";
import { readForm } from "~/modules/http/form.server";
import { ACCOUNT_FORM } from "./account-form.server";
import { checkPassword, confirmationLink, SignInError } from "./accounts.server";
import { knownDeviceCookie, knownDeviceFor } from "./device.server";
import { startLoginSession } from "./login-session.server";

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
const accountAtAddressPrefix = (email: string) => `sign-in:account:${email}:ip:`;

/** A password reset proves the owner: their account's failed attempts, from every address, no longer count. */
export async function clearSignInFailures(email: string) {
  const normalised = email.trim().toLowerCase();
  await Promise.all([clearLimit(accountKey(normalised)), clearLimitsStartingWith(accountAtAddressPrefix(normalised))]);
}

/** A new login session: the cookie that carries it, the known-device cookie (device.server.ts) and where to go now. */
export type SignedIn = { cookie: string; deviceCookie: string; redirectTo: string };

/**
 * Password sign-in with the spec's texts, under the sign-in limits (underSignInLimits); once one
 * is used up, the password is not even checked. Refusals are thrown: SignInError,
 * RateLimitedError, or BodyTooLargeError for a form larger than a sign-in's.
 */
export async function signInWithPassword(request: Request, clientIp: string | undefined): Promise<SignedIn> {
  // FormStrategy buffers whatever body it is given (request.clone().formData()): it gets only a capped copy.
  const form = await readForm(request, ACCOUNT_FORM);
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const user = await underSignInLimits(request, email, clientIp, () =>
    authenticator.authenticate("password", new Request(request.url, { method: "POST", body: form })),
  );
  return {
    cookie: await startLoginSession(user.id, request, clientIp ?? null),
    deviceCookie: knownDeviceCookie(user.email),
    redirectTo: safeRedirectPath(form.get("redirectTo")),
  };
}

/**
 * The confirmation link's form: confirms the account with the password chosen at its sign-up
 * (see confirmationLink) and signs in. The password is checked under the sign-in form's limits, for
 * the account the link is for, with the same refusals. Null when the link is not valid (any more).
 */
export async function confirmEmailAndSignIn(
  form: { token: string; password?: string; redirectTo?: string },
  request: Request,
  clientIp: string | undefined,
): Promise<SignedIn | null> {
  const link = await confirmationLink(form.token);
  if (!link) return null;
  const password = signInSchema.shape.password.safeParse(form.password);
  const user = await underSignInLimits(request, link.email, clientIp, () => {
    if (!password.success) throw new SignInError(authTexts.invalidCredentials);
    return link.confirm(password.data);
  });
  if (!user) return null;
  // Whoever this browser was signed in as is signed out first: startLoginSession ends that session.
  return {
    cookie: await startLoginSession(user.id, request, clientIp ?? null),
    deviceCookie: knownDeviceCookie(user.email),
    // Where the person was headed when they signed up, carried by the mailed link and the form.
    redirectTo: safeRedirectPath(form.redirectTo),
  };
}

/**
 * Runs one password check under the sign-in limits (decision 016). An attempt counts per client
 * address and per (account, address), 10 failures in 15 minutes each, and toward the account's
 * ceiling from all addresses (50); a browser holding this account's known-device cookie counts
 * under its device id alone (10), so guessers elsewhere, or behind the same address, cannot lock
 * the owner out of a browser they signed in with before.
 *
 * Every attempt is counted before its password is checked, each in one statement, so parallel
 * guesses take numbers in turn and only those within the limits reach the check (the rest get
 * RateLimitedError); a success then gives its counts back and forgives the account's failures at
 * this address (or this device's), so only failures stay counted. `check` throws SignInError to
 * refuse, which leaves the attempt counted, or finds nobody (null: a link that died meanwhile),
 * which gives the counts back without forgiving anything.
 */
async function underSignInLimits<User>(request: Request, email: string, clientIp: string | undefined, check: () => Promise<User>): Promise<User> {
  const deviceId = knownDeviceFor(request, email);
  const address = clientIp ?? "unknown";
  // [key, rule, cleared on success] for each counter this attempt counts toward.
  const counters: [string, RateLimitRule, boolean][] = deviceId
    ? [[`sign-in:device:${deviceId}`, SIGN_IN_FAILURES, true]]
    : [
        [`sign-in:ip:${address}`, SIGN_IN_FAILURES, false],
        [`${accountAtAddressPrefix(email)}${address}`, SIGN_IN_FAILURES, true],
        [accountKey(email), SIGN_IN_ACCOUNT_FAILURES, false],
      ];
  const counted = await recordAttempts(counters.map(([key, rule]) => [key, rule]));
  if (counted.limited) throw new RateLimitedError(tooManyAttempts("sign-in", counted.retryAfterSeconds), counted.retryAfterSeconds);
  const user = await check();
  await Promise.all(counters.map(([key, , cleared]) => (user && cleared ? clearLimit(key) : refundAttempt(key))));
  return user;
}
