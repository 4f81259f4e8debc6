import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { resendVerification, signUp, verifyEmail } from "~/modules/auth/accounts.server";
import { signInWithPassword } from "~/modules/auth/sign-in.server";
import { action as signUpAction } from "~/routes/signup";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { verificationNotes } from "~/modules/mail/templates";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { routeArgs } from "../helpers/route-args";

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
  signInWithPassword(new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }) }), "10.9.0.1");

/** What the browser gets from the sign-up form's action: status and data. */
async function submitSignUp(fields: Record<string, string>, clientIp: string) {
  const request = new Request("http://localhost/signup", { method: "POST", body: new URLSearchParams(fields) });
  const result = (await signUpAction(routeArgs(request, { context: { clientIp } }))) as { type?: string; data?: unknown; init?: ResponseInit };
  if (result?.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, data: result.data };
  return { status: 200, data: result };
}

const signUpForm = (email: string, clientIp: string, password = "first-password") => submitSignUp({ email, password, confirmPassword: password }, clientIp);
const resendForm = (email: string, clientIp: string) => submitSignUp({ intent: "resend", email }, clientIp);
const tooManySignUps = expect.stringMatching(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);

describe("signing up for an e-mail someone else signed up first", () => {
  it("the owner's confirmation activates the owner's password; the earlier one never signs in", async () => {
    await (await signUp(VICTIM, "attacker-password", "10.6.0.1")).delivery;
    await (await signUp(VICTIM, "victim-password", "10.6.0.2")).delivery;
    const [attackersLink, victimsLink] = linksMailedTo(VICTIM);

    expect(await verifyEmail(victimsLink)).toMatchObject({ email: VICTIM });
    expect(await signIn(VICTIM, "attacker-password")).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
    // The link mailed for the earlier sign-up died with it.
    expect(await verifyEmail(attackersLink)).toBeNull();
  });

  it("a link from an earlier sign-up no longer confirms the account at all", async () => {
    await (await signUp(VICTIM, "attacker-password")).delivery;
    await (await signUp(VICTIM, "victim-password")).delivery;
    const [earlier] = linksMailedTo(VICTIM);

    expect(await verifyEmail(earlier)).toBeNull();
    expect(await signIn(VICTIM, "attacker-password")).toEqual({ ok: false, status: 400, error: authTexts.invalidCredentials });
    expect(await signIn(VICTIM, "victim-password")).toEqual({ ok: false, status: 400, error: authTexts.unconfirmedEmailPage });
  });

  it("a mail whose link activates a later sign-up's password says so; the first sign-up's does not", async () => {
    /** The one mail a step sends (the outbox is emptied after each, so their order cannot mix). */
    const mailOf = async (step: Promise<{ delivery: Promise<void> }>) => {
      await (await step).delivery;
      const [mail, ...more] = outboxMails().filter((sent) => sent.to === VICTIM);
      expect(more).toEqual([]);
      clearOutbox();
      return mail!;
    };
    const first = await mailOf(signUp(VICTIM, "victim-password"));
    const again = await mailOf(signUp(VICTIM, "attacker-password"));
    const resent = await mailOf(resendVerification(VICTIM));

    expect(first.text).toContain("If you did not sign up for CharacterVerse, you can ignore this e-mail");
    expect(first.text).not.toContain("latest sign-up");
    expect(first.html).not.toContain("latest sign-up");
    expect(again.text).toContain(verificationNotes.again);
    expect(again.html).toContain("has just been signed up again");
    expect(resent.text).toContain(verificationNotes.resend);
    expect(resent.text).not.toContain("signed up again");
    expect(resent.html).toContain("activates the password chosen in the latest sign-up");
  });

  it("a confirmed account keeps its password when someone signs up with its e-mail", async () => {
    await (await signUp(VICTIM, "victim-password")).delivery;
    await verifyEmail(linksMailedTo(VICTIM)[0]);
    await (await signUp(VICTIM, "attacker-password")).delivery;

    expect(linksMailedTo(VICTIM)).toHaveLength(1);
    expect(await signIn(VICTIM, "attacker-password")).toMatchObject({ ok: false, status: 400 });
    expect(await signIn(VICTIM, "victim-password")).toMatchObject({ ok: true });
  });
});

describe("sign-up and resend limits", () => {
  it("past 5 sign-ups and resends an hour for one e-mail, the form says so and no more mail is sent", async () => {
    for (const ip of ["10.7.0.1", "10.7.0.2", "10.7.0.3"]) expect(await signUpForm(VICTIM, ip)).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    for (const ip of ["10.7.0.4", "10.7.0.5"]) expect(await resendForm(VICTIM, ip)).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    await waitForLinks(VICTIM, 5);

    expect(await signUpForm(VICTIM, "10.7.0.6")).toEqual({ status: 429, data: { status: "invalid", errors: { form: tooManySignUps } } });
    expect(await resendForm(VICTIM, "10.7.0.7")).toEqual({ status: 429, data: { status: "resend-refused", email: VICTIM, error: tooManySignUps } });
    await (await signUp(VICTIM, "another-password", "10.7.0.8")).delivery;
    await (await resendVerification(VICTIM, "10.7.0.9")).delivery;
    expect(linksMailedTo(VICTIM)).toHaveLength(5);
  });

  it("past 20 an hour from one address, that address is refused while others still sign up", async () => {
    for (let request = 1; request <= 20; request += 1) expect((await resendForm(`ghost${request}@example.com`, "10.8.0.1")).status).toBe(200);

    expect(await signUpForm(VICTIM, "10.8.0.1")).toEqual({ status: 429, data: { status: "invalid", errors: { form: tooManySignUps } } });
    expect(await test.database.prisma.user.count()).toBe(0);
    expect(await signUpForm(VICTIM, "10.8.0.2")).toEqual({ status: 200, data: { status: "sent", email: VICTIM } });
    await waitForLinks(VICTIM, 1);
  });
});
