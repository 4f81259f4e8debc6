import { beforeEach, describe, expect, test } from "vitest";
import { tokenTexts } from "~/lib/tokens";
import { prisma } from "~/modules/db/db.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as tokensAction } from "~/routes/dashboard/tokens";
import { loader as successLoader } from "~/routes/payment.success";
import { callRoute, fakeStripeForThisFile, checkoutSessionIdOf as sessionIdOf, postWebhook, signedInCookie, useStripe } from "../helpers/payments";
import { newUser } from "../helpers/tokens";

const stripe = fakeStripeForThisFile();
// Some tests turn payments off; each starts with them on.
beforeEach(() => useStripe(stripe.fake));

async function buyer() {
  const userId = await newUser();
  return { userId, cookie: await signedInCookie(userId) };
}

async function buy(cookie: string, form: Record<string, string>) {
  return (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", ...form })) as Response;
}

const successPage = (cookie: string, sessionId?: string, returnTo?: string) =>
  callRoute(
    successLoader,
    `http://localhost/payment/success?${new URLSearchParams({ ...(sessionId && { session_id: sessionId }), ...(returnTo && { returnTo }) })}`,
    cookie,
  );

/** Without a place to return to, the success page leads to the tokens page (spec). */
const TOKENS_PAGE = { destination: "/dashboard/tokens" };

describe("buying a token package", () => {
  test("Buy sends the person to Checkout at the server's price for the package, with a pending payment", async () => {
    const { userId, cookie } = await buyer();
    const response = await buy(cookie, { packageId: "standard", price: "1", tokens: "999999" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${stripe.fake.url}/pay/cs_test_`));

    const session = stripe.fake.sessions.get(sessionIdOf(response))!;
    expect(session).toMatchObject({ mode: "payment", amount_total: 1999, currency: "usd", metadata: { userId, packageId: "standard" } });
    const payment = await prisma().payment.findUniqueOrThrow({ where: { stripeSessionId: session.id } });
    expect(payment).toMatchObject({ userId, status: "pending", tokens: 19900, amountCents: 1999, kind: "token_package" });
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
  });

  test("a purchase started from a chat comes back to it after paying; a return address off this site is dropped", async () => {
    const { userId, cookie } = await buyer();
    const response = await buy(cookie, { packageId: "basic", returnTo: "/chat/0c5e7b1e-0000-4000-8000-000000000000" });
    const session = stripe.fake.sessions.get(sessionIdOf(response))!;
    const success = new URL(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    expect(success.pathname).toBe("/payment/success");
    expect(success.searchParams.get("returnTo")).toBe("/chat/0c5e7b1e-0000-4000-8000-000000000000");
    expect(new URL(session.cancel_url!).searchParams.get("returnTo")).toBe("/chat/0c5e7b1e-0000-4000-8000-000000000000");

    await stripe.fake.completeSession(session.id, { deliver: false });
    expect(await successPage(cookie, session.id, success.searchParams.get("returnTo")!)).toEqual({
      ok: true,
      tokens: 4990,
      kind: "token_package",
      destination: "/chat/0c5e7b1e-0000-4000-8000-000000000000",
    });
    expect(await getBalance(userId)).toMatchObject({ purchased: 4990 });
    for (const elsewhere of ["https://evil.example/chat", "//evil.example/chat", "/\\evil.example", "javascript:alert(1)"]) {
      expect(await successPage(cookie, session.id, elsewhere)).toMatchObject(TOKENS_PAGE);
      const offSite = await buy(cookie, { packageId: "basic", returnTo: elsewhere });
      expect(stripe.fake.sessions.get(sessionIdOf(offSite))!.success_url).not.toContain("returnTo");
    }
  });

  test("an unknown package is refused with the spec's text and creates nothing", async () => {
    const { cookie } = await buyer();
    const calls = stripe.fake.requests.length;
    const response = await buy(cookie, { packageId: "free-money" });
    expect(response).toRedirectTo("/dashboard/tokens", { toast: "checkout-failed" });
    expect(stripe.fake.requests.length).toBe(calls);
    expect(await prisma().payment.count({ where: { packageId: "free-money" } })).toBe(0);
  });

  test("without STRIPE_SECRET_KEY, Buy says payments are not configured and calls nobody", async () => {
    useStripe(undefined);
    const { userId, cookie } = await buyer();
    const calls = stripe.fake.requests.length;
    const response = await buy(cookie, { packageId: "basic" });
    expect(response).toRedirectTo("/dashboard/tokens", { toast: "payments-not-configured" });
    expect(stripe.fake.requests.length).toBe(calls);
    expect(await prisma().payment.count({ where: { userId } })).toBe(0);
  });

  test("the success page credits a paid session once, however often it is loaded", async () => {
    const { userId, cookie } = await buyer();
    const sessionId = sessionIdOf(await buy(cookie, { packageId: "basic" }));

    expect(await successPage(cookie, sessionId)).toEqual({ ok: false, error: tokenTexts.verifyFailed, ...TOKENS_PAGE });
    expect((await getBalance(userId)).purchased).toBe(0);

    await stripe.fake.completeSession(sessionId, { deliver: false });
    expect(await successPage(cookie, sessionId)).toEqual({ ok: true, tokens: 4990, kind: "token_package", ...TOKENS_PAGE });
    expect(await successPage(cookie, sessionId)).toEqual({ ok: true, tokens: 4990, kind: "token_package", ...TOKENS_PAGE });
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 4990, total: 4990 });
    expect((await prisma().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } })).status).toBe("fulfilled");
  });

  test("the success page without a session id, or with an unknown one, says so and credits nothing", async () => {
    const { userId, cookie } = await buyer();
    expect(await successPage(cookie)).toEqual({ ok: false, error: tokenTexts.noSessionId, ...TOKENS_PAGE });
    expect(await successPage(cookie, "cs_test_nobody_started_this")).toEqual({ ok: false, error: tokenTexts.verifyFailed, ...TOKENS_PAGE });
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
  });

  test("someone else's session on the success page answers 404 and credits nobody; the owner still sees the page", async () => {
    const owner = await buyer();
    const other = await buyer();
    const sessionId = sessionIdOf(await buy(owner.cookie, { packageId: "basic" }));
    await stripe.fake.completeSession(sessionId, { deliver: false });
    const calls = stripe.fake.requests.length;
    const answer = (await successPage(other.cookie, sessionId)) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(404);
    expect(stripe.fake.requests.length).toBe(calls);
    expect(await getBalance(other.userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect(await getBalance(owner.userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect((await prisma().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } })).status).toBe("pending");

    expect(await successPage(owner.cookie, sessionId)).toEqual({ ok: true, tokens: 4990, kind: "token_package", ...TOKENS_PAGE });
  });

  test("the webhook credits a paid session even if the browser never comes back; a redelivery changes nothing", async () => {
    const { userId, cookie } = await buyer();
    const sessionId = sessionIdOf(await buy(cookie, { packageId: "premium" }));
    const { events } = await stripe.fake.completeSession(sessionId, { deliver: false });
    const completed = events.find((event) => event.type === "checkout.session.completed")!;

    const first = await postWebhook(completed, stripe.fake.webhookSecret);
    expect(first.status).toBe(200);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 34900, total: 34900 });
    expect((await postWebhook(completed, stripe.fake.webhookSecret)).status).toBe(200);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 34900, total: 34900 });
    expect(await successPage(cookie, sessionId)).toMatchObject({ ok: true });
    expect((await getBalance(userId)).purchased).toBe(34900);
  });

  test("a webhook with a bad signature gets 400 and changes nothing", async () => {
    const { userId, cookie } = await buyer();
    const sessionId = sessionIdOf(await buy(cookie, { packageId: "basic" }));
    const { events } = await stripe.fake.completeSession(sessionId, { deliver: false });
    const response = await postWebhook(events[0]!, "whsec_not_the_secret");
    expect(response.status).toBe(400);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect((await prisma().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } })).status).toBe("pending");
    expect(await prisma().stripeEvent.count({ where: { id: events[0]!.id } })).toBe(0);
  });
});

test("starting checkouts is rate limited per person: the 21st in an hour is refused without calling Stripe", async () => {
  const { userId, cookie } = await buyer();
  for (let attempt = 0; attempt < 20; attempt += 1) expect((await buy(cookie, { packageId: "basic" })).status).toBe(303);
  const calls = stripe.fake.requests.length;
  const refused = await buy(cookie, { packageId: "basic" });
  expect(refused).toRedirectTo("/dashboard/tokens", { toast: "too-many-checkouts" });
  expect(stripe.fake.requests.length).toBe(calls);
  expect(await prisma().payment.count({ where: { userId } })).toBe(20);
});
