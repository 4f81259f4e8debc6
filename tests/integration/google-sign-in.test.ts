import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUp } from "~/modules/auth/accounts.server";
import { isGoogleConfigured, resetGoogleForTests } from "~/modules/auth/google.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { resetEnvForTests } from "~/modules/config/env.server";
import { loader as callbackLoader } from "~/routes/auth.callback";
import { action as googleAction, loader as googleLoader } from "~/routes/auth.google";
import { startOAuthProvider, type OAuthProvider, type ProviderProfile } from "../fakes/oauth-provider";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { answerOf, routeArgs } from "../helpers/route-args";
import { confirmedAccount, signInAnswer } from "../helpers/accounts";
import { FREE_MONTHLY_TOKENS, tokenTexts } from "~/lib/tokens";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { getBalance } from "~/modules/tokens/ledger.server";

const APP_URL = "http://localhost:3999";
const CLIENT_ID = "characterverse-test-client";
const CLIENT_SECRET = "characterverse-test-secret";
const GOOGLE_VARIABLES = [
  "APP_URL",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_AUTHORIZATION_URL",
  "GOOGLE_TOKEN_URL",
  "GOOGLE_USERINFO_URL",
  "ADMIN_EMAIL",
];

let test: TestDatabase;
let provider: OAuthProvider;

function configure(variables: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  resetGoogleForTests();
}

beforeAll(async () => {
  test = await createTestDatabase();
  provider = await startOAuthProvider();
  configure({
    APP_URL,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTHORIZATION_URL: provider.authorizationUrl,
    GOOGLE_TOKEN_URL: provider.tokenUrl,
    GOOGLE_USERINFO_URL: provider.userinfoUrl,
  });
});
afterAll(async () => {
  configure(Object.fromEntries(GOOGLE_VARIABLES.map((name) => [name, undefined])));
  await provider.close();
  await test.dispose();
});
beforeEach(() => truncateAll(test.database));

const ada: ProviderProfile = {
  sub: "google-ada",
  email: "Ada@Example.com",
  email_verified: true,
  name: "Ada Lovelace",
  picture: "https://lh3.googleusercontent.com/a/ada.png",
};

/** What a route answered, whether it returned or threw the Response. */
async function answer(run: () => unknown): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${JSON.stringify(result)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The Cookie header a browser sends back after this response (cleared cookies left out). */
function cookiesSetBy(response: Response) {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/Max-Age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The browser's POST from the "Continue with Google" button. */
function pressGoogleButton(redirectTo?: string) {
  const body = new URLSearchParams(redirectTo ? { redirectTo } : {});
  const request = new Request(`${APP_URL}/auth/google`, { method: "POST", body });
  return answer(() => googleAction(routeArgs(request)));
}

/** Follows the provider's /authorize, which signs the person in and redirects back to the app. */
async function returnFromProvider(started: Response) {
  const atProvider = await fetch(started.headers.get("Location")!, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  return new URL(atProvider.headers.get("Location")!);
}

function openCallback(callbackUrl: URL | string, cookie: string) {
  const request = new Request(callbackUrl, { headers: cookie ? { Cookie: cookie } : {} });
  return answer(() => callbackLoader(routeArgs(request, { context: { clientIp: "10.9.0.1" } })));
}

/** The whole round trip as a browser makes it; `alter` changes the URL the provider sent back. */
async function signInWithGoogle({ redirectTo, alter }: { redirectTo?: string; alter?: (callbackUrl: URL) => void } = {}) {
  const started = await pressGoogleButton(redirectTo);
  const callbackUrl = await returnFromProvider(started);
  alter?.(callbackUrl);
  return openCallback(callbackUrl, cookiesSetBy(started));
}

async function signedInEmail(response: Response) {
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("cv_session="));
  if (!session) return null;
  const user = await getCurrentUser(new Request(`${APP_URL}/`, { headers: { Cookie: session.split(";")[0] } }));
  return user?.email ?? null;
}

/** Refused, signed out, with the toast for the side that failed: this app's ('auth-failed') or Google's ('google-failed'). */
async function expectRefused(response: Response, toast: "auth-failed" | "google-failed" = "auth-failed") {
  expect(response).toRedirectTo(`/?toast=${toast}`);
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("cv_session="))).toBe(false);
  expect(await test.database.prisma.loginSession.count()).toBe(0);
}

describe("Google sign-in", () => {
  it("the button sends the browser to the provider with PKCE, state, offline access and forced consent", async () => {
    const started = await pressGoogleButton();
    expect(started.status).toBe(302);
    const location = new URL(started.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(provider.authorizationUrl);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: `${APP_URL}/auth/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
      access_type: "offline",
      prompt: "consent",
    });
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);

    const stateCookie = started.headers.getSetCookie().find((cookie) => cookie.startsWith("cv_google_state:"));
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
  });

  it("a first sign-in creates a verified, active account linked to the Google identity and signs it in", async () => {
    provider.signInAs(ada);
    const response = await signInWithGoogle();

    expect(response).toRedirectTo("/", { toast: "signed-in" });
    expect(await signedInEmail(response)).toBe("ada@example.com");
    // The flow's one-time cookies end with it.
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("cv_google_state:"))).not.toHaveLength(0);
    expect(
      response.headers
        .getSetCookie()
        .filter((cookie) => cookie.startsWith("cv_google_state:"))
        .every((cookie) => /Max-Age=0/.test(cookie)),
    ).toBe(true);

    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" }, include: { oauthAccounts: true } });
    expect(user).toMatchObject({ name: "Ada Lovelace", avatarUrl: ada.picture, role: "user", status: "active", passwordHash: null });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.oauthAccounts).toMatchObject([{ provider: "google", providerAccountId: "google-ada" }]);

    // The code was exchanged with the client's credentials and the PKCE verifier.
    const exchange = provider.tokenRequests.at(-1)!;
    expect(exchange.body).toMatchObject({ grant_type: "authorization_code", code_verifier: expect.stringMatching(/^[\w-]{43,128}$/) });
    expect(Buffer.from(exchange.authorization!.replace(/^Basic /, ""), "base64").toString()).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
  });

  it("without a name or picture the sign-up defaults apply, and ADMIN_EMAIL makes an admin", async () => {
    configure({ ADMIN_EMAIL: "grace@example.com" });
    try {
      provider.signInAs({ sub: "google-grace", email: "grace@example.com", email_verified: true });
      expect(await signInWithGoogle()).toRedirectTo("/", { toast: "signed-in" });
      const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "grace@example.com" } });
      expect(user).toMatchObject({ name: "grace", avatarUrl: "/default-avatar.svg", role: "admin" });
    } finally {
      configure({ ADMIN_EMAIL: undefined });
    }
  });

  it("a second sign-in with the same Google identity reuses the account, even after an e-mail change at Google", async () => {
    provider.signInAs(ada);
    await signInWithGoogle();
    provider.signInAs({ ...ada, email: "ada.lovelace@example.com" });
    const again = await signInWithGoogle();

    expect(again).toRedirectTo("/", { toast: "signed-in" });
    expect(await signedInEmail(again)).toBe("ada@example.com");
    expect(await test.database.prisma.user.count()).toBe(1);
    expect(await test.database.prisma.oAuthAccount.count()).toBe(1);
    expect(await test.database.prisma.loginSession.count()).toBe(2);
  });

  it("an existing confirmed password account with the same e-mail is linked and keeps its password", async () => {
    const existing = await confirmedAccount();
    provider.signInAs(ada);
    const response = await signInWithGoogle();

    expect(await signedInEmail(response)).toBe("ada@example.com");
    expect(await test.database.prisma.user.count()).toBe(1);
    expect(await test.database.prisma.oAuthAccount.findFirstOrThrow()).toMatchObject({ userId: existing.id, providerAccountId: "google-ada" });
    const body = new URLSearchParams({ email: "ada@example.com", password: "lovelace1" });
    const passwordSignIn = await signInAnswer(new Request(`${APP_URL}/login`, { method: "POST", body }), "10.9.0.2");
    expect(passwordSignIn).toMatchObject({ ok: true });
  });

  it("an unconfirmed account with the same e-mail is linked and confirmed, and its unproven password dropped", async () => {
    await (
      await signUp("ada@example.com", "set-by-someone-else")
    ).delivery;
    provider.signInAs(ada);
    const response = await signInWithGoogle();

    expect(await signedInEmail(response)).toBe("ada@example.com");
    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" }, include: { oauthAccounts: true } });
    expect(user).toMatchObject({ status: "active", passwordHash: null, name: "ada" });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.oauthAccounts).toHaveLength(1);
  });

  it("a Google sign-up starts with the month's 500 free tokens, once; linking a confirmed account gives none", async () => {
    provider.signInAs(ada);
    await signInWithGoogle();
    await signInWithGoogle();
    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(await getBalance(user.id)).toEqual({ free: FREE_MONTHLY_TOKENS, purchased: 0, total: FREE_MONTHLY_TOKENS });
    expect(await test.database.prisma.tokenTransaction.count({ where: { userId: user.id } })).toBe(1);
    expect(await claimMonthlyFreeTokens(user.id)).toEqual({ success: false, message: tokenTexts.alreadyClaimedMessage });

    const confirmed = await confirmedAccount("grace@example.com", "grace-password");
    provider.signInAs({ sub: "google-grace", email: "grace@example.com", email_verified: true });
    await signInWithGoogle();
    expect(await getBalance(confirmed.id)).toMatchObject({ total: 0 });
  });

  it("an unconfirmed account confirmed through Google gets the month's free tokens", async () => {
    await (
      await signUp("ada@example.com", "set-by-someone-else")
    ).delivery;
    provider.signInAs(ada);
    await signInWithGoogle();
    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(await getBalance(user.id)).toMatchObject({ total: FREE_MONTHLY_TOKENS });
  });

  it("the page the person came from survives the round trip; another origin does not", async () => {
    provider.signInAs(ada);
    expect(await signInWithGoogle({ redirectTo: "/explore?category=Anime" })).toRedirectTo("/explore?category=Anime", { toast: "signed-in" });
    expect(await signInWithGoogle({ redirectTo: "//evil.example/steal" })).toRedirectTo("/", { toast: "signed-in" });
  });

  it("a return path that normalises or decodes to another origin lands on the home page", async () => {
    provider.signInAs(ada);
    const hostile = [
      "/\\evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/%2F/evil.com",
      "/%09/evil.com",
      "/\t/evil.com",
      "https://evil.com",
      "javascript:alert(1)",
    ];
    for (const redirectTo of hostile) {
      expect((await signInWithGoogle({ redirectTo })).headers.get("Location"), redirectTo).toBe("/?toast=signed-in");
    }
    expect(await signInWithGoogle({ redirectTo: "/chat/abc?x=1" })).toRedirectTo("/chat/abc?x=1", { toast: "signed-in" });
  });

  it("an oversized button POST is refused before a flow starts", async () => {
    const body = new URLSearchParams({ redirectTo: "/", padding: "x".repeat(64 * 1024) });
    const request = new Request(`${APP_URL}/auth/google`, { method: "POST", body });
    expect(await answerOf(() => googleAction(routeArgs(request)))).toMatchObject({ status: 413, location: null });
  });

  it("a tampered state is refused: no account, no session", async () => {
    provider.signInAs(ada);
    const response = await signInWithGoogle({ alter: (url) => url.searchParams.set("state", "forged-state-value") });
    await expectRefused(response);
    expect(await test.database.prisma.user.count()).toBe(0);
  });

  it("a callback without state, or without the browser's state cookie, is refused", async () => {
    provider.signInAs(ada);
    await expectRefused(await signInWithGoogle({ alter: (url) => url.searchParams.delete("state") }));

    const started = await pressGoogleButton();
    await expectRefused(await openCallback(await returnFromProvider(started), ""));
    expect(await test.database.prisma.user.count()).toBe(0);
  });

  it("a Google account whose e-mail is not verified is refused", async () => {
    provider.signInAs({ ...ada, email_verified: false });
    await expectRefused(await signInWithGoogle());
    expect(await test.database.prisma.user.count()).toBe(0);
  });

  it("the person declining at the provider, or Google's userinfo failing, ends in 'Failed to sign in with Google'", async () => {
    provider.signInAs(ada);
    provider.refuseNextAuthorization("access_denied");
    await expectRefused(await signInWithGoogle(), "google-failed");
    provider.failNextUserinfo(503);
    await expectRefused(await signInWithGoogle(), "google-failed");
    expect(await test.database.prisma.user.count()).toBe(0);
  });

  it("a plain visit to /auth/google goes to the sign-in page", async () => {
    const response = await answer(() => googleLoader());
    expect(response).toRedirectTo("/login");
  });

  it("without Google credentials the sign-in does not exist", async () => {
    configure({ GOOGLE_CLIENT_SECRET: undefined });
    try {
      expect(isGoogleConfigured()).toBe(false);
      const request = new Request(`${APP_URL}/auth/google`, { method: "POST", body: new URLSearchParams() });
      await expect(googleAction(routeArgs(request))).rejects.toMatchObject({ init: { status: 404 } });
      await expect((async () => googleLoader())()).rejects.toMatchObject({ init: { status: 404 } });
      await expectRefused(await openCallback(`${APP_URL}/auth/callback?code=x&state=y`, ""));
    } finally {
      configure({ GOOGLE_CLIENT_SECRET: CLIENT_SECRET });
    }
  });
});

describe("Google sign-in from a signed-in browser", () => {
  it("ends the browser's earlier session, and marks the browser as a known device", async () => {
    const first = await signInWithGoogle();
    const oldSession = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("cv_session="))!
      .split(";")[0];
    expect(await getCurrentUser(new Request(`${APP_URL}/`, { headers: { Cookie: oldSession } }))).not.toBeNull();

    const started = await pressGoogleButton();
    const again = await openCallback(await returnFromProvider(started), `${cookiesSetBy(started)}; ${oldSession}`);

    expect(await signedInEmail(again)).not.toBeNull();
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith("cv_device="))).toBe(true);
    expect(await getCurrentUser(new Request(`${APP_URL}/`, { headers: { Cookie: oldSession } }))).toBeNull();
  });
});
