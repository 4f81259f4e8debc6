import { beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { signUp } from "~/modules/auth/accounts.server";
import { confirmEmail, signInAnswer } from "../helpers/accounts";
import { endLoginSession, getCurrentUser } from "~/modules/auth/login-session.server";
import { loader as shellLoader } from "~/routes/_shell/layout";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { routeArgs } from "../helpers/route-args";

const test = databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

function signInRequest(email: string, password: string) {
  const body = new URLSearchParams({ email, password, redirectTo: "/explore" });
  return new Request("http://localhost/login", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

/** The token from the newest verification mail in the outbox. */
function mailedToken() {
  return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(outboxMails().at(-1)!.text)![1];
}

async function verifiedAccount(email = "ada@example.com", password = "lovelace1") {
  await (
    await signUp(email, password)
  ).delivery;
  await confirmEmail(mailedToken(), password);
  return { email, password };
}

describe("accounts", () => {
  it("a new account gets the spec's defaults and cannot sign in before confirming its e-mail", async () => {
    await (
      await signUp("grace@example.com", "hopper12")
    ).delivery;
    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "grace@example.com" } });
    expect(user).toMatchObject({ name: "grace", role: "user", status: "pending", emailVerifiedAt: null });
    expect(user.passwordHash).toMatch(/^scrypt\$/);

    const refused = await signInAnswer(signInRequest("grace@example.com", "hopper12"), "10.0.0.1");
    expect(refused).toEqual({ ok: false, status: 400, error: authTexts.unconfirmedEmailPage });
  });

  it("the mailed link confirms the account once, with its password; then sign-in works and logout ends the session", async () => {
    await (
      await signUp("ada@example.com", "lovelace1")
    ).delivery;
    const token = mailedToken();
    expect(await confirmEmail(token, "lovelace1")).toMatchObject({ email: "ada@example.com" });
    expect(await confirmEmail(token, "lovelace1")).toBeNull();

    const result = await signInAnswer(signInRequest("ADA@example.com", "lovelace1"), "10.0.0.1");
    expect(result).toMatchObject({ ok: true, redirectTo: "/explore" });
    const cookie = (result as { cookie: string }).cookie;
    expect(cookie).toMatch(/^cv_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);

    const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0] } });
    expect(await getCurrentUser(request)).toMatchObject({ email: "ada@example.com", role: "user" });
    expect((await endLoginSession(request)).startsWith("cv_session=;")).toBe(true);
    expect(await getCurrentUser(new Request(request))).toBeNull();
  });

  it("signing up again with a taken e-mail changes nothing and reveals nothing", async () => {
    await verifiedAccount();
    const before = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    await (
      await signUp("ada@example.com", "another-password")
    ).delivery;
    const after = await test.database.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await test.database.prisma.user.count()).toBe(1);
  });

  it("a wrong password and an unknown e-mail get the same answer", async () => {
    await verifiedAccount();
    const wrong = await signInAnswer(signInRequest("ada@example.com", "nope-nope"), "10.0.0.2");
    const unknown = await signInAnswer(signInRequest("nobody@example.com", "nope-nope"), "10.0.0.3");
    expect(wrong).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(unknown).toEqual(wrong);
  });

  it("the 11th attempt from one address within the window is refused without checking the password, even the right one", async () => {
    const { email, password } = await verifiedAccount();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await signInAnswer(signInRequest(email, `wrong-${attempt}`), "10.1.0.1")).toMatchObject({ status: 400 });
    }
    const eleventh = await signInAnswer(signInRequest(email, password), "10.1.0.1");
    expect(eleventh).toMatchObject({ ok: false, status: 429 });
    expect((eleventh as { error: string }).error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("one address failing 10 times is refused for every account", async () => {
    const { email, password } = await verifiedAccount();
    for (let attempt = 1; attempt <= 10; attempt += 1) await signInAnswer(signInRequest(`ghost${attempt}@example.com`, "x-x-x-x"), "10.2.0.1");
    expect(await signInAnswer(signInRequest(email, password), "10.2.0.1")).toMatchObject({ status: 429 });
    expect(await signInAnswer(signInRequest(email, password), "10.2.0.2")).toMatchObject({ ok: true });
  });

  it("the header data never carries the password hash or the session id", async () => {
    const { email, password } = await verifiedAccount();
    const { cookie } = (await signInAnswer(signInRequest(email, password), "10.3.0.1")) as { cookie: string };
    const data = await shellLoader(routeArgs(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0] } })));
    const serialized = JSON.stringify(data);
    expect(data.profile).toEqual({ name: "ada", email, avatarUrl: "/default-avatar.svg", isAdmin: false, tokens: 500 });
    expect(serialized).not.toContain("scrypt$");
    expect(serialized).not.toContain(cookie.split(";")[0].split("=")[1]);
  });
});

describe("the signed-in person", () => {
  it("is looked up once per request, however many loaders ask", async () => {
    const { email, password } = await verifiedAccount("once@example.com");
    const { cookie } = (await signInAnswer(signInRequest(email, password), "10.4.0.1")) as { cookie: string };
    const request = new Request("http://localhost/dashboard", { headers: { Cookie: cookie.split(";")[0] } });
    const first = getCurrentUser(request);
    expect(getCurrentUser(request)).toBe(first);
    expect(await first).toMatchObject({ email });
    // A new request (the next navigation) reads the database again and sees a logout.
    await endLoginSession(request);
    expect(await getCurrentUser(new Request(request))).toBeNull();
  });
});

describe("signing in again from a signed-in browser", () => {
  it("ends the browser's earlier session, which no longer signs anyone in", async () => {
    const { email, password } = await verifiedAccount("again@example.com");
    const first = (await signInAnswer(signInRequest(email, password), "10.5.0.1")) as { cookie: string };
    const oldCookie = first.cookie.split(";")[0];
    const again = new Request("http://localhost/login", {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { Cookie: oldCookie },
    });
    const second = (await signInAnswer(again, "10.5.0.1")) as { cookie: string };

    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: oldCookie } }))).toBeNull();
    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: second.cookie.split(";")[0] } }))).toMatchObject({ email });
  });
});
