import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/auth-forms";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { toasts } from "~/lib/toasts";
import { env, type Env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { AppError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { DEFAULT_AVATAR_URL, defaultNameFor } from "./accounts.server";
import { roleFor } from "./admin.server";
import { knownDeviceCookie } from "./device.server";
import { startLoginSession } from "./login-session.server";

/** remix-auth-oauth2 keeps state and PKCE verifier in cookies named `<this>:<random id>`. */
const STATE_COOKIE = "cv_google_state";
/** Where to go after sign-in; not under STATE_COOKIE's prefix, which the library reads as state. */
const RETURN_COOKIE = "cv_google_return";
const FLOW_COOKIE_PATH = "/auth";
const FLOW_SECONDS = 5 * 60;

type SignedIn = { id: string; email: string };

/** A Google sign-in that cannot complete (the person sees the spec's failure toast); `reason` is for the log. */
export class GoogleSignInError extends AppError {
  readonly reason: string;
  /** Google itself failed or refused (its endpoints), rather than this app's side of the flow. */
  readonly byProvider: boolean;

  constructor(reason: string, { byProvider = false }: { byProvider?: boolean } = {}) {
    super("auth-failed", 401, toasts["auth-failed"].message);
    this.reason = reason;
    this.byProvider = byProvider;
  }
}

/**
 * Which failure the person is told of: 'Failed to sign in with Google' when the identity provider
 * failed or refused (an `error` on the callback, its token or userinfo endpoint refusing or out of
 * reach), else 'Failed to complete authentication' (this app's side: state, cookies, settings).
 */
function failureOf(request: Request, error: unknown): "google-failed" | "auth-failed" {
  const byProvider =
    new URL(request.url).searchParams.has("error") ||
    error instanceof OAuth2RequestError ||
    (error instanceof GoogleSignInError && error.byProvider) ||
    (error instanceof TypeError && error.message === "fetch failed");
  return byProvider ? "google-failed" : "auth-failed";
}

/** Google sign-in exists only when the app has its OAuth client; otherwise the button is hidden. */
export function isGoogleConfigured(config: Env = env()) {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** Browsers apply CSP form-action to the redirect after the button's POST, so it names the provider. */
export function googleFormActionSources(config: Env = env()) {
  return isGoogleConfigured(config) ? [new URL(config.GOOGLE_AUTHORIZATION_URL).origin] : [];
}

class GoogleStrategy extends OAuth2Strategy<GoogleProfile> {
  name = "google";

  // Spec: offline access and a forced consent prompt.
  protected authorizationParams(params: URLSearchParams) {
    const extended = new URLSearchParams(params);
    extended.set("access_type", "offline");
    extended.set("prompt", "consent");
    return extended;
  }
}

let cached: Authenticator<GoogleProfile> | undefined;

function authenticator() {
  if (!cached) {
    const config = env();
    const strategy = new GoogleStrategy(
      {
        clientId: config.GOOGLE_CLIENT_ID!,
        clientSecret: config.GOOGLE_CLIENT_SECRET!,
        authorizationEndpoint: config.GOOGLE_AUTHORIZATION_URL,
        tokenEndpoint: config.GOOGLE_TOKEN_URL,
        redirectURI: `${config.APP_URL}/auth/callback`,
        scopes: ["openid", "email", "profile"],
        cookie: {
          name: STATE_COOKIE,
          path: FLOW_COOKIE_PATH,
          maxAge: FLOW_SECONDS,
          httpOnly: true,
          sameSite: "Lax",
          ...(secureCookies() ? { secure: true as const } : {}),
        },
      },
      async ({ tokens }) => fetchProfile(tokens.accessToken()),
    );
    cached = new Authenticator<GoogleProfile>().use(strategy, "google");
  }
  return cached;
}

/** Tests change the provider's URLs and credentials between files. */
export function resetGoogleForTests() {
  cached = undefined;
}

/** The button's POST: where to send the browser (the provider) and the cookies that keep the flow's state and return path. */
export async function startGoogleSignIn(returnTo: string) {
  try {
    // A fresh request without a query: the strategy starts a flow only when there is no state.
    await authenticator().authenticate("google", new Request(`${env().APP_URL}/auth/google`));
  } catch (thrown) {
    // The library answers with the redirect to the provider as a thrown Response; its parts are passed on.
    if (!(thrown instanceof Response) || !thrown.headers.has("Location")) throw thrown;
    const returnCookie = flowCookie(RETURN_COOKIE, encodeURIComponent(safeRedirectPath(returnTo)), FLOW_SECONDS);
    return { location: thrown.headers.get("Location")!, cookies: [...thrown.headers.getSetCookie(), returnCookie] };
  }
  throw new Error("The Google strategy did not redirect to the provider");
}

/**
 * The provider's redirect back: the library checks the state against its cookie and exchanges
 * the code with the PKCE verifier; the person gets a login session and the path they started
 * from. Any failure, including a callback without state, is `signedIn: false` (the spec's failure
 * toast). The flow's cookies end either way. `language` is the page's, kept on an account this
 * sign-in creates.
 */
export async function finishGoogleSignIn(request: Request, clientIp: string | null, language: Language = DEFAULT_LANGUAGE) {
  const cookies = endOfFlowCookies(request);
  try {
    if (!isGoogleConfigured()) throw new GoogleSignInError("Google sign-in is not configured");
    if (!new URL(request.url).searchParams.get("state")) throw new GoogleSignInError("the callback has no state");
    const user = await accountFor(await authenticator().authenticate("google", request), language);
    cookies.push(await startLoginSession(user.id, request, clientIp), knownDeviceCookie(user.email));
    return { signedIn: true, failure: null, returnTo: returnPath(request), cookies };
  } catch (error) {
    logFailure(error);
    return { signedIn: false, failure: failureOf(request, error), returnTo: "/", cookies };
  }
}

/** Refusals (bad state, declined consent, unverified e-mail) are expected; anything else is a fault. */
function logFailure(error: unknown) {
  // remix-auth-oauth2 reports a missing or mismatched state as ReferenceError or RangeError.
  const refused = [GoogleSignInError, OAuth2RequestError, RangeError, ReferenceError].some((kind) => error instanceof kind);
  if (refused) logger.warn({ reason: error instanceof GoogleSignInError ? error.reason : (error as Error).message }, "Google sign-in refused");
  else logger.error({ err: error }, "Google sign-in failed");
}

const profileSchema = z.object({
  sub: z.string().min(1),
  email: z.string().trim().toLowerCase().email(),
  // Google's userinfo answers a boolean; some of its older endpoints answered the string "true".
  email_verified: z.union([z.boolean(), z.literal("true").transform(() => true)]).catch(false),
  name: z.string().trim().min(1).max(100).optional().catch(undefined),
  picture: z
    .url({ protocol: /^https?$/ })
    .optional()
    .catch(undefined),
});

type GoogleProfile = z.infer<typeof profileSchema>;

async function fetchProfile(accessToken: string) {
  const response = await fetch(env().GOOGLE_USERINFO_URL, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new GoogleSignInError(`the userinfo endpoint answered ${response.status}`, { byProvider: true });
  const profile = profileSchema.parse(await response.json());
  if (profile.email_verified !== true) throw new GoogleSignInError("the Google account's e-mail is not verified");
  return profile;
}

/**
 * The account for a Google identity: the one already linked to it, else the account with the
 * same e-mail (Google has verified the person owns it), else a new verified account in `language`.
 */
async function accountFor(profile: GoogleProfile, language: Language): Promise<SignedIn> {
  const identity = { provider: "google", providerAccountId: profile.sub };
  const linked = await prisma().oAuthAccount.findUnique({ where: { provider_providerAccountId: identity }, include: { user: true } });
  if (linked) return usable(linked.user);

  const existing = await prisma().user.findUnique({ where: { email: profile.email } });
  if (existing) {
    usable(existing);
    // A password set on an unconfirmed account was never proven to be the owner's: it could be
    // someone who registered this e-mail first. Confirming through Google drops it.
    const confirm = existing.emailVerifiedAt ? {} : { emailVerifiedAt: new Date(), status: "active" as const, passwordHash: null };
    await prisma().$transaction(async (tx) => {
      await tx.user.update({ where: { id: existing.id }, data: { ...confirm, oauthAccounts: { create: identity } } });
      // Confirmed now: the month's free tokens come with it, as with a confirmation link.
      if (!existing.emailVerifiedAt) await claimMonthlyFreeTokens(existing.id, new Date(), tx);
    });
    return { id: existing.id, email: existing.email };
  }

  // A Google sign-up is confirmed from the start: its month's free tokens come in the same commit.
  return prisma().$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: profile.email,
        emailVerifiedAt: new Date(),
        status: "active",
        name: profile.name ?? defaultNameFor(profile.email),
        avatarUrl: profile.picture ?? DEFAULT_AVATAR_URL,
        role: roleFor(profile.email),
        language,
        oauthAccounts: { create: identity },
      },
      select: { id: true, email: true },
    });
    await claimMonthlyFreeTokens(user.id, new Date(), tx);
    return user;
  });
}

function usable(user: { id: string; email: string; status: string }) {
  if (user.status === "inactive") throw new GoogleSignInError("the account is deactivated");
  return { id: user.id, email: user.email };
}

function returnPath(request: Request) {
  const value = cookiesOf(request).get(RETURN_COOKIE);
  try {
    return safeRedirectPath(value ? decodeURIComponent(value) : null);
  } catch {
    return "/";
  }
}

/** Clears the state cookies of every flow this browser started and the return path. */
function endOfFlowCookies(request: Request) {
  return [...cookiesOf(request).keys()].filter((name) => name.startsWith(`${STATE_COOKIE}:`) || name === RETURN_COOKIE).map((name) => flowCookie(name, "", 0));
}

function flowCookie(name: string, value: string, maxAgeSeconds: number) {
  return [`${name}=${value}`, `Path=${FLOW_COOKIE_PATH}`, "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, ...(secureCookies() ? ["Secure"] : [])].join(
    "; ",
  );
}

/** The same rule as the session cookie: Secure when the production app is served over https. */
function secureCookies() {
  return env().NODE_ENV === "production" && env().APP_URL.startsWith("https://");
}

function cookiesOf(request: Request) {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0) cookies.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  return cookies;
}
