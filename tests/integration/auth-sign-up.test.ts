import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { resendVerification, signUp } from "~/modules/auth/accounts.server";
import { getCurrentUser, startLoginSession } from "~/modules/auth/login-session.server";
import { action as signUpAction } from "~/routes/signup";
import { action as confirmAction, loader as confirmPage } from "~/routes/verify-email";
import { confirmedAccount, confirmEmail, signInAnswer } from "../helpers/accounts";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { verificationNotes } from "~/modules/mail/templates";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { answerOf, routeArgs } from "../helpers/route-args";

const VICTIM = "victim@example.com";

const test = databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

/** Confirmation links mailed to `email`, oldest first. */
function linksMailedTo(email: string) {
  return outboxMails()
    .filter((mail) => mail.to === email)
    .map((mail) => /verify-email\?token=([\w-]+)/.exec(mail.text)![1]);
}

/** The route answers before the mail is written, so wait for it. */
async function waitForLinks(email: string, count: number) {
  for (let waited = 0; waited < 10_000; waited += 25) {
    if (linksMailedTo(email).length >= count) return linksMailedTo(email);
    await sleep(25);
  }
  throw new Error(`expected ${count} confirmation mail(s) to ${email}, found ${linksMailedTo(email).length}`);
}

const signIn = (email: string, password: string) =>
  signInAnswer(new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }) }), "10.9.0.1");

/** What the browser gets from the sign-up form's action: status and data. */
function submitSignUp(fields: Record<string, string>, clientIp: string) {
  const request = new Request("http://localhost/signup", { method: "POST", body: new URLSearchParams(fields) });
  return answerOf(() => signUpAction(routeArgs(request, { context: { clientIp } })));
}

/** What a mail scanner or a browser following a link sees: the page's data (the e-mail is null when the link is not valid). */
const openLink = (token: string) => confirmPage(routeArgs(new Request(`http://localhost/verify-email?token=${token}`)));

/** The link's form, posted with a password (from a browser with `cookie`, if given). */
function confirmByLink(token: string, password: string, clientIp = "10.5.0.1", cookie?: string) {
  const headers = cookie ? { Cookie: cookie } : undefined;
  const request = new Request(`http://localhost/verify-email?token=${token}`, { method: "POST", body: new URLSearchParams({ token, password }), headers });
  return answerOf(() => confirmAction(routeArgs(request, { context: { clientIp } })));
}

/** The link's "I did not sign up" button. */
function cancelByLink(token: string) {
  const request = new Request(`http://localhost/verify-email?token=${token}`, { method: "POST", body: new URLSearchParams({ token, intent: "cancel" }) });
  return answerOf(() => confirmAction(routeArgs(request, { context: { clientIp: "10.5.0.9" } })));
}

const invalidLink = { status: 400, data: { invalidLink: true } };

const signUpForm = (email: string, clientIp: string, password = "first-password") => submitSignUp({ email, password, confirmPassword: password }, clientIp);
const resendForm = (email: string, clientIp: string) => submitSignUp({ intent: "resend", email }, clientIp);
const tooManySignUps = expect.stringMatching(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);

describe("a confirmation link", () => {
  it("opening it confirms nothing, as a mail scanner fetching it would; it shows whose account it is for", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);

    expect(await openLink(link)).toEqual({ token: link, redirectTo: "/", email: VICTIM });
    expect(await openLink(link)).toEqual({ token: link, redirectTo: "/", email: VICTIM });
    expect(await signIn(VICTIM, "victim-password")).toEqual({ ok: false, status: 400, error: authTexts.unconfirmedEmailPage });
    expect(await openLink("made-up-token")).toEqual({ token: "made-up-token", redirectTo: "/", email: null });
  });

  it("with the sign-up's password it confirms the account and signs in, once", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);

    const confirmed = await confirmByLink(link, "victim-password");
    expect(confirmed).toMatchObject({ status: 302, location: "/?toast=email-confirmed", cookie: expect.stringMatching(/^cv_session=[\w-]+;/) });
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({
      status: "active",
      emailVerifiedAt: expect.any(Date),
    });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
    expect(await openLink(link)).toMatchObject({ email: null });
    expect(await confirmByLink(link, "victim-password")).toEqual(invalidLink);
  });

  it("a wrong password is refused with the sign-in text, confirms nothing and leaves the link live", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);

    expect(await confirmByLink(link, "a-guess")).toEqual({ status: 400, data: { ok: false, code: "sign-in-refused", error: authTexts.invalidCredentials } });
    expect(await confirmByLink(link, "")).toEqual({ status: 400, data: { ok: false, code: "sign-in-refused", error: authTexts.invalidCredentials } });
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({ status: "pending", emailVerifiedAt: null });
    expect(await confirmByLink(link, "victim-password")).toMatchObject({ status: 302 });
  });

  it("password guesses through the link count under the sign-in limits, for the account it is for", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);
    for (let guess = 1; guess <= 10; guess += 1) expect((await confirmByLink(link, `guess-${guess}`, "10.5.1.1")).status).toBe(400);

    // The guesser's address is held back, even with the right password (decision 016)...
    expect(await confirmByLink(link, "victim-password", "10.5.1.1")).toEqual({
      status: 429,
      data: { ok: false, code: "rate-limited", error: expect.stringMatching(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/) },
    });
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({ status: "pending" });
    // ...while the owner, from anywhere else, is not locked out.
    expect(await confirmByLink(link, "victim-password", "10.5.2.1")).toMatchObject({ status: 302 });
  });

  it("the form sent twice at once (a double click) signs in both times", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);

    const answers = await Promise.all([confirmByLink(link, "victim-password"), confirmByLink(link, "victim-password")]);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 302, location: "/?toast=email-confirmed", cookie: expect.stringMatching(/^cv_session=[\w-]+;/) });
  });

  it("a browser signed in as someone else is signed out of that account, then signed in to the confirmed one", async () => {
    const other = await confirmedAccount("other@example.com", "other-password");
    const othersCookie = (await startLoginSession(other.id, new Request("http://localhost/login"), "10.5.3.1")).split(";")[0];
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);

    const confirmed = await confirmByLink(link, "victim-password", "10.5.3.1", othersCookie);
    expect(confirmed).toMatchObject({ status: 302 });
    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: othersCookie } }))).toBeNull();
    const newCookie = (confirmed as { cookie: string }).cookie.split(";")[0];
    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: newCookie } }))).toMatchObject({ email: VICTIM });
  });

  it("an unconfirmed account an admin turned off is sent no more links, and its link shows nothing", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [link] = linksMailedTo(VICTIM);
    await test.database.prisma.user.update({ where: { email: VICTIM }, data: { status: "inactive" } });

    await (
      await signUp(VICTIM, "another-password")
    ).delivery;
    await (
      await resendVerification(VICTIM)
    ).delivery;
    expect(linksMailedTo(VICTIM)).toEqual([link]);
    expect(await openLink(link)).toMatchObject({ email: null });
    expect(await confirmByLink(link, "victim-password")).toEqual(invalidLink);
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({ status: "inactive", emailVerifiedAt: null });
  });
});

describe('"I did not sign up" on a confirmation link', () => {
  it("voids every link of the sign-up and its password; the owner then signs up with their own", async () => {
    await (
      await signUp(VICTIM, "attackers-password")
    ).delivery;
    await (
      await resendVerification(VICTIM)
    ).delivery;
    const [first, second] = await waitForLinks(VICTIM, 2);

    expect(await cancelByLink(first)).toEqual({ status: 200, data: { cancelled: true } });
    expect(await openLink(second)).toMatchObject({ email: null });
    expect(await confirmByLink(second, "attackers-password")).toEqual(invalidLink);
    expect(await confirmByLink(first, "attackers-password")).toEqual(invalidLink);
    expect(await signIn(VICTIM, "attackers-password")).toMatchObject({ ok: false });
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({
      status: "pending",
      emailVerifiedAt: null,
      passwordHash: null,
    });
    // A resend has no password left to confirm: nothing is mailed.
    await (
      await resendVerification(VICTIM)
    ).delivery;
    expect(linksMailedTo(VICTIM)).toHaveLength(2);

    await (
      await signUp(VICTIM, "owners-password")
    ).delivery;
    const [, , own] = await waitForLinks(VICTIM, 3);
    expect(await confirmByLink(own, "owners-password")).toRedirectTo("/", { toast: "email-confirmed" });
    expect(await signIn(VICTIM, "owners-password")).toMatchObject({ ok: true });
  });

  it("a dead link, or another link of an account confirmed since, cancels nothing", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    await (
      await resendVerification(VICTIM)
    ).delivery;
    const [link, other] = await waitForLinks(VICTIM, 2);
    expect(await confirmByLink(link, "victim-password")).toMatchObject({ status: 302 });

    expect(await cancelByLink(link)).toEqual(invalidLink);
    expect(await cancelByLink(other)).toEqual(invalidLink);
    expect(await cancelByLink("made-up-token")).toEqual(invalidLink);
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email: VICTIM } })).toMatchObject({
      status: "active",
      passwordHash: expect.any(String),
    });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
  });
});

describe("signing up for an e-mail someone else signed up first", () => {
  it("the owner who follows the other sign-up's link cannot activate its password; their own sign-up then can", async () => {
    await (
      await signUp(VICTIM, "attacker-password", "10.6.0.1")
    ).delivery;
    const [attackersLink] = linksMailedTo(VICTIM);

    // The owner does not know the password that sign-up chose: whatever they enter confirms nothing.
    expect(await confirmByLink(attackersLink, "victim-password")).toEqual({
      status: 400,
      data: { ok: false, code: "sign-in-refused", error: authTexts.invalidCredentials },
    });
    expect(await signIn(VICTIM, "attacker-password")).toEqual({ ok: false, status: 400, error: authTexts.unconfirmedEmailPage });

    await (
      await signUp(VICTIM, "victim-password", "10.6.0.2")
    ).delivery;
    const [, victimsLink] = linksMailedTo(VICTIM);
    expect(await confirmByLink(attackersLink, "attacker-password")).toEqual(invalidLink);
    expect(await confirmByLink(victimsLink, "victim-password")).toRedirectTo("/", { toast: "email-confirmed" });
    expect(await signIn(VICTIM, "attacker-password")).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
  });

  it("a link from an earlier sign-up no longer confirms the account at all", async () => {
    await (
      await signUp(VICTIM, "attacker-password")
    ).delivery;
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    const [earlier] = linksMailedTo(VICTIM);

    expect(await confirmEmail(earlier, "attacker-password")).toBeNull();
    expect(await confirmEmail(earlier, "victim-password")).toBeNull();
    expect(await signIn(VICTIM, "attacker-password")).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(await signIn(VICTIM, "victim-password")).toEqual({ ok: false, status: 400, error: authTexts.unconfirmedEmailPage });
  });

  it("every confirmation mail says its page asks for the password; a repeated sign-up's also says earlier links are dead", async () => {
    /** The one mail a step sends (the outbox is emptied after each, so their order cannot mix). */
    const mailOf = async (step: Promise<{ delivery: Promise<void> }>) => {
      await (
        await step
      ).delivery;
      const [mail, ...more] = outboxMails().filter((sent) => sent.to === VICTIM);
      expect(more).toEqual([]);
      clearOutbox();
      return mail!;
    };
    const first = await mailOf(signUp(VICTIM, "victim-password"));
    const again = await mailOf(signUp(VICTIM, "attacker-password"));
    const resent = await mailOf(resendVerification(VICTIM));

    for (const mail of [first, again, resent]) {
      expect(mail.text).toContain(verificationNotes.password);
      expect(mail.html).toContain(verificationNotes.password);
      expect(mail.text).toContain("If you did not sign up for CharacterVerse, you can ignore this e-mail");
    }
    expect(again.text).toContain(verificationNotes.again);
    expect(again.html).toContain(verificationNotes.again);
    for (const mail of [first, resent]) expect(mail.text).not.toContain(verificationNotes.again);
  });

  it("a confirmed account keeps its password when someone signs up with its e-mail", async () => {
    await (
      await signUp(VICTIM, "victim-password")
    ).delivery;
    await confirmEmail(linksMailedTo(VICTIM)[0], "victim-password");
    await (
      await signUp(VICTIM, "attacker-password")
    ).delivery;

    expect(linksMailedTo(VICTIM)).toHaveLength(1);
    expect(await signIn(VICTIM, "attacker-password")).toMatchObject({ ok: false, status: 400 });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
  });
});

describe("sign-up and resend limits", () => {
  it("past 5 sign-ups and resends an hour for one e-mail, the form says so and no more mail is sent", async () => {
    for (const ip of ["10.7.0.1", "10.7.0.2", "10.7.0.3"])
      expect(await signUpForm(VICTIM, ip)).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    for (const ip of ["10.7.0.4", "10.7.0.5"]) expect(await resendForm(VICTIM, ip)).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    await waitForLinks(VICTIM, 5);

    expect(await signUpForm(VICTIM, "10.7.0.6")).toEqual({ status: 429, data: { ok: false, code: "rate-limited", error: tooManySignUps } });
    expect(await resendForm(VICTIM, "10.7.0.7")).toEqual({ status: 429, data: { status: "resend-refused", email: VICTIM, error: tooManySignUps } });
    await expect(signUp(VICTIM, "another-password", "10.7.0.8")).rejects.toBeInstanceOf(RateLimitedError);
    await expect(resendVerification(VICTIM, "10.7.0.9")).rejects.toBeInstanceOf(RateLimitedError);
    expect(linksMailedTo(VICTIM)).toHaveLength(5);
  });

  it("past 20 an hour from one address, that address is refused while others still sign up", async () => {
    for (let request = 1; request <= 20; request += 1) expect((await resendForm(`ghost${request}@example.com`, "10.8.0.1")).status).toBe(200);

    expect(await signUpForm(VICTIM, "10.8.0.1")).toEqual({ status: 429, data: { ok: false, code: "rate-limited", error: tooManySignUps } });
    expect(await test.database.prisma.user.count()).toBe(0);
    expect(await signUpForm(VICTIM, "10.8.0.2")).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    await waitForLinks(VICTIM, 1);
  });
});
