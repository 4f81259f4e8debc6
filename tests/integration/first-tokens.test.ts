import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { FREE_MONTHLY_TOKENS, tokenTexts } from "~/lib/tokens";
import { signUp } from "~/modules/auth/accounts.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as signUpAction } from "~/routes/signup";
import { action as confirmAction, loader as confirmPage } from "~/routes/verify-email";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, mailsTo } from "../helpers/outbox";
import { answerOf, routeArgs } from "../helpers/route-args";

// Confirming the e-mail makes the month's free claim for the person (decision 028), and the
// confirmation lands them where they were headed when they signed up.

const EMAIL = "newcomer@example.com";
const PASSWORD = "newcomer-password";

const test = databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

/** The confirmation link mailed to EMAIL: its address as the mail shows it. The route answers before the mail is out. */
async function mailedLink() {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const mail = mailsTo(EMAIL).at(-1);
    if (mail) return new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text)![0]);
    await sleep(25);
  }
  throw new Error(`no confirmation mail to ${EMAIL}`);
}

function submitSignUp(fields: Record<string, string>) {
  const request = new Request("http://localhost/signup", { method: "POST", body: new URLSearchParams(fields) });
  return answerOf(() => signUpAction(routeArgs(request, { context: { clientIp: "10.6.0.1" } })));
}

/** The link's page, then its form posted as the page renders it (the hidden fields from the page's data). */
async function confirmFromMail(link: URL) {
  const page = await confirmPage(routeArgs(new Request(link)));
  const body = new URLSearchParams({ token: page.token, redirectTo: page.redirectTo, password: PASSWORD });
  return answerOf(() => confirmAction(routeArgs(new Request(link, { method: "POST", body }), { context: { clientIp: "10.6.0.2" } })));
}

const userId = async () => (await test.database.prisma.user.findUniqueOrThrow({ where: { email: EMAIL } })).id;

describe("the first tokens", () => {
  it("confirming the e-mail gives the month's 500 free tokens as the month's claim, so a later claim is refused", async () => {
    await (
      await signUp(EMAIL, PASSWORD)
    ).delivery;
    const id = await userId();
    expect(await getBalance(id)).toEqual({ free: 0, purchased: 0, total: 0 });

    expect(await confirmFromMail(await mailedLink())).toRedirectTo("/", { toast: "email-confirmed" });

    expect(await getBalance(id)).toEqual({ free: FREE_MONTHLY_TOKENS, purchased: 0, total: FREE_MONTHLY_TOKENS });
    const rows = await test.database.prisma.tokenTransaction.findMany({ where: { userId: id } });
    expect(rows).toMatchObject([{ tokenType: "free", transactionType: "add", amount: FREE_MONTHLY_TOKENS, description: "Monthly free tokens" }]);
    expect(await test.database.prisma.freeTokenClaim.count({ where: { userId: id } })).toBe(1);
    expect(await claimMonthlyFreeTokens(id)).toEqual({ success: false, message: tokenTexts.alreadyClaimedMessage });
    expect(await getBalance(id)).toMatchObject({ total: FREE_MONTHLY_TOKENS });
  });

  it("the link's form sent twice, at once and again later, gives the tokens exactly once", async () => {
    await (
      await signUp(EMAIL, PASSWORD)
    ).delivery;
    const link = await mailedLink();

    const answers = await Promise.all([confirmFromMail(link), confirmFromMail(link), confirmFromMail(link)]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 302 });
    expect(await confirmFromMail(link)).toMatchObject({ status: 400 });

    const id = await userId();
    expect(await getBalance(id)).toMatchObject({ total: FREE_MONTHLY_TOKENS });
    expect(await test.database.prisma.tokenTransaction.count({ where: { userId: id } })).toBe(1);
  });

  it("a wrong password confirms nothing and gives nothing", async () => {
    await (
      await signUp(EMAIL, PASSWORD)
    ).delivery;
    const link = await mailedLink();
    const body = new URLSearchParams({ token: link.searchParams.get("token")!, password: "a guess" });
    expect(await answerOf(() => confirmAction(routeArgs(new Request(link, { method: "POST", body }), { context: { clientIp: "10.6.0.3" } })))).toMatchObject({
      status: 400,
    });
    expect(await getBalance(await userId())).toMatchObject({ total: 0 });
  });
});

describe("where the confirmation lands", () => {
  it("the page the person was headed for rides in the mailed link and the confirm page, and they land there", async () => {
    expect(await submitSignUp({ email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD, redirectTo: "/chat/start/abc?x=1" })).toMatchObject({
      data: { status: "sent" },
    });
    const link = await mailedLink();
    expect(link.searchParams.get("redirectTo")).toBe("/chat/start/abc?x=1");
    expect(await confirmPage(routeArgs(new Request(link)))).toMatchObject({ email: EMAIL, redirectTo: "/chat/start/abc?x=1" });

    expect(await confirmFromMail(link)).toRedirectTo("/chat/start/abc?x=1", { toast: "email-confirmed" });
  });

  it.each(["//evil.com/chat", "https://evil.com/", "/\\evil.com", "/%2F/evil.com", "javascript:alert(1)"])(
    "a destination off this site (%j) is left out of the link, and the person lands on home",
    async (hostile) => {
      await submitSignUp({ email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD, redirectTo: hostile });
      const link = await mailedLink();
      expect(link.searchParams.has("redirectTo")).toBe(false);
      // A link edited to carry one is not followed either.
      link.searchParams.set("redirectTo", hostile);
      expect(await confirmPage(routeArgs(new Request(link)))).toMatchObject({ redirectTo: "/" });
      const body = new URLSearchParams({ token: link.searchParams.get("token")!, redirectTo: hostile, password: PASSWORD });
      const answer = await answerOf(() => confirmAction(routeArgs(new Request(link, { method: "POST", body }), { context: { clientIp: "10.6.0.4" } })));
      expect(answer).toRedirectTo("/", { toast: "email-confirmed" });
    },
  );

  it("a resent link carries the destination too", async () => {
    await submitSignUp({ email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD, redirectTo: "/chat/start/abc" });
    await mailedLink();
    clearOutbox();
    await submitSignUp({ intent: "resend", email: EMAIL, redirectTo: "/chat/start/abc" });
    expect((await mailedLink()).searchParams.get("redirectTo")).toBe("/chat/start/abc");
  });
});
