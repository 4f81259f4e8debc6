import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { getBalance } from "~/modules/tokens/ledger.server";
import { signUp } from "~/modules/auth/accounts.server";
import { confirmEmail, signInAnswer } from "../helpers/accounts";
import { getCurrentUser, startLoginSession } from "~/modules/auth/login-session.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as resetPasswordAction, loader as resetPasswordLoader } from "~/routes/reset-password";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { answerOf, routeArgs } from "../helpers/route-args";
import { person } from "../helpers/person";

const RESET_SUBJECT = "Reset your CharacterVerse password";

const test = databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

const resetMailsTo = (email: string) => outboxMails().filter((mail) => mail.subject === RESET_SUBJECT && mail.to === email);
const tokenIn = (text: string, page: string) => new RegExp(`/${page}\\?token=([\\w-]+)`).exec(text)![1];

/** The route answers before the mail is written (see requestPasswordReset), so wait for it. */
async function waitForResetTokens(email: string, count = 1) {
  for (let waited = 0; waited < 5_000; waited += 25) {
    const found = resetMailsTo(email);
    if (found.length >= count) return found.map((mail) => tokenIn(mail.text, "reset-password"));
    await sleep(25);
  }
  throw new Error(`expected ${count} reset mail(s) to ${email}, found ${resetMailsTo(email).length}`);
}

async function verifiedAccount(email = "ada@example.com", password = "lovelace1") {
  await (
    await signUp(email, password)
  ).delivery;
  const confirmation = outboxMails().find((mail) => mail.to === email)!;
  await confirmEmail(tokenIn(confirmation.text, "verify-email"), password);
  return { email, password };
}

function postForm(url: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
}

const forgotPassword = (email: string, clientIp = "10.0.0.1") =>
  answerOf(() => forgotPasswordAction(routeArgs(postForm("http://localhost/forgot-password", { email }), { context: { clientIp } })));

function setNewPassword(token: string, password: string, confirmPassword = password) {
  const request = postForm(`http://localhost/reset-password?token=${token}`, { token, password, confirmPassword });
  return answerOf(() => resetPasswordAction(routeArgs(request)));
}

const signIn = (email: string, password: string) => signInAnswer(postForm("http://localhost/login", { email, password, redirectTo: "/" }), "10.9.0.1");

async function signedInCookie(userEmail: string) {
  const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: userEmail } });
  const cookie = await startLoginSession(user.id, new Request("http://localhost/login"), "10.0.0.5");
  return cookie.split(";")[0];
}

const currentUser = (cookie: string) => getCurrentUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
const passwordHashOf = async (email: string) => (await test.database.prisma.user.findUniqueOrThrow({ where: { email } })).passwordHash;

const sent = { status: 200, data: { status: "sent" } };
/** The reset link's page data: whether it still works. */
const openResetLink = (token: string) => resetPasswordLoader(routeArgs(new Request(`http://localhost/reset-password?token=${token}`)));
const invalidLink = { status: 400, data: { status: "invalid-link" } };

describe("forgot password", () => {
  it("the mailed link sets a new password once; the old password and every old session stop working", async () => {
    const { email, password } = await verifiedAccount();
    const laptop = await signedInCookie(email);
    const phone = await signedInCookie(email);

    expect(await forgotPassword(email)).toEqual(sent);
    const [token] = await waitForResetTokens(email);
    // Opening the link (or a mail scanner prefetching it) spends nothing.
    expect(await openResetLink(token)).toEqual({ token, live: true });
    expect(await openResetLink(token)).toEqual({ token, live: true });

    const reset = await setNewPassword(token, "analytical engine");
    expect(reset).toMatchObject({ status: 302, location: "/login?reset=1", cookie: expect.stringMatching(/^cv_session=; .*Max-Age=0/) });

    expect(await signIn(email, password)).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(await signIn(email, "analytical engine")).toMatchObject({ ok: true });
    expect(await currentUser(laptop)).toBeNull();
    expect(await currentUser(phone)).toBeNull();

    // The same link a second time says it was used before asking for a password, and changes nothing.
    expect(await openResetLink(token)).toEqual({ token, live: false });
    const hash = await passwordHashOf(email);
    expect(await setNewPassword(token, "someone else's")).toEqual(invalidLink);
    expect(await passwordHashOf(email)).toBe(hash);
  });

  it("an unknown e-mail gets the same answer as a real account, and no mail", async () => {
    const { email } = await verifiedAccount();
    const known = await forgotPassword(email, "10.0.1.1");
    const unknown = await forgotPassword("nobody@example.com", "10.0.1.2");
    expect(unknown).toEqual(known);
    await waitForResetTokens(email);

    const { delivery } = await requestPasswordReset("nobody@example.com", "10.0.1.3");
    await delivery;
    expect(
      outboxMails()
        .filter((mail) => mail.subject === RESET_SUBJECT)
        .map((mail) => mail.to),
    ).toEqual([email]);
  });

  it("a form that breaks the password rules is refused with the sign-up texts and changes nothing", async () => {
    const { email, password } = await verifiedAccount();
    const session = await signedInCookie(email);
    await forgotPassword(email);
    const [token] = await waitForResetTokens(email);
    const hash = await passwordHashOf(email);

    expect(await setNewPassword(token, "12345")).toEqual({
      status: 400,
      data: { ok: false, code: "invalid-input", error: authTexts.passwordTooShort, fields: { password: authTexts.passwordTooShort } },
    });
    expect(await setNewPassword(token, "")).toEqual({
      status: 400,
      data: { ok: false, code: "invalid-input", error: authTexts.passwordRequired, fields: { password: authTexts.passwordRequired } },
    });
    expect(await setNewPassword(token, "x".repeat(129))).toEqual({
      status: 400,
      data: { ok: false, code: "invalid-input", error: authTexts.passwordTooLong, fields: { password: authTexts.passwordTooLong } },
    });
    expect(await setNewPassword(token, "analytical engine", "analytical engines")).toEqual({
      status: 400,
      data: { ok: false, code: "invalid-input", error: authTexts.passwordsDiffer, fields: { confirmPassword: authTexts.passwordsDiffer } },
    });
    expect(await forgotPassword("not-an-email")).toEqual({
      status: 400,
      data: { ok: false, code: "invalid-input", error: authTexts.invalidEmail, fields: { email: authTexts.invalidEmail } },
    });

    expect(await passwordHashOf(email)).toBe(hash);
    expect(await currentUser(session)).toMatchObject({ email });
    expect(await signIn(email, password)).toMatchObject({ ok: true });
    // The token was not spent by the refused forms.
    expect(await setNewPassword(token, "analytical engine")).toMatchObject({ status: 302 });
  });

  it("an expired link and a made-up link are refused", async () => {
    const { email } = await verifiedAccount();
    await forgotPassword(email);
    const [token] = await waitForResetTokens(email);
    await test.database.prisma.verificationToken.updateMany({ where: { purpose: "password_reset" }, data: { expiresAt: new Date(Date.now() - 1000) } });

    // Their pages say so before asking for a password.
    expect(await openResetLink(token)).toEqual({ token, live: false });
    expect(await openResetLink("made-up-token")).toEqual({ token: "made-up-token", live: false });
    expect(await setNewPassword(token, "analytical engine")).toEqual(invalidLink);
    expect(await setNewPassword("made-up-token", "analytical engine")).toEqual(invalidLink);
    expect(await setNewPassword("", "analytical engine")).toEqual(invalidLink);
  });

  it("once a link is used, links mailed before it stop working too", async () => {
    const { email } = await verifiedAccount();
    await forgotPassword(email);
    await forgotPassword(email);
    const [first, second] = await waitForResetTokens(email, 2);

    expect(await setNewPassword(second, "analytical engine")).toMatchObject({ status: 302 });
    expect(await setNewPassword(first, "someone else's")).toEqual(invalidLink);
    expect(await signIn(email, "analytical engine")).toMatchObject({ ok: true });
  });

  it("an account without a password (Google sign-in) can set one", async () => {
    const email = "grace@example.com";
    await person({ email, name: "grace" });
    await forgotPassword(email);
    const [token] = await waitForResetTokens(email);
    expect(await setNewPassword(token, "compiler1")).toMatchObject({ status: 302 });
    expect(await signIn(email, "compiler1")).toMatchObject({ ok: true });
  });

  it("an unconfirmed account that resets its password is confirmed, since the link proves the inbox", async () => {
    const email = "grace@example.com";
    await (
      await signUp(email, "first-try")
    ).delivery;
    await forgotPassword(email);
    const [token] = await waitForResetTokens(email);
    expect(await setNewPassword(token, "compiler1")).toMatchObject({ status: 302 });
    expect(await signIn(email, "compiler1")).toMatchObject({ ok: true });
    // Confirmed this way too, the account gets the month's free tokens.
    const { id } = await test.database.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(await getBalance(id)).toMatchObject({ total: FREE_MONTHLY_TOKENS });
  });

  it("past 5 requests an hour for one e-mail, the answer stays the same but no mail is sent", async () => {
    const { email } = await verifiedAccount();
    for (let request = 1; request <= 5; request += 1) expect(await forgotPassword(email, `10.0.2.${request}`)).toEqual(sent);
    await waitForResetTokens(email, 5);

    expect(await forgotPassword(email, "10.0.2.99")).toEqual(sent);
    await (
      await requestPasswordReset(email, "10.0.2.100")
    ).delivery;
    expect(resetMailsTo(email)).toHaveLength(5);
  });

  it("past 20 requests an hour from one address, that address gets no mail while others still do", async () => {
    const { email } = await verifiedAccount();
    for (let request = 1; request <= 20; request += 1) await forgotPassword(`ghost${request}@example.com`, "10.0.3.1");

    expect(await forgotPassword(email, "10.0.3.1")).toEqual(sent);
    await (
      await requestPasswordReset(email, "10.0.3.1")
    ).delivery;
    expect(resetMailsTo(email)).toHaveLength(0);

    await (
      await requestPasswordReset(email, "10.0.3.2")
    ).delivery;
    expect(resetMailsTo(email)).toHaveLength(1);
  });
});
