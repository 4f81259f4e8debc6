import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { paymentFormTooLarge } from "~/modules/payments/page-form.server";
import { WEBHOOK_BODY_MAX_BYTES } from "~/modules/payments/webhook-body.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as webhookAction } from "~/routes/api/webhooks.stripe";
import { action as subscriptionAction } from "~/routes/dashboard/subscription";
import { action as tokensAction } from "~/routes/dashboard/tokens";
import { callRoute, fakeStripeForThisFile, checkoutSessionIdOf, signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

const stripe = fakeStripeForThisFile();

const signer = new Stripe("sk_test_signer");
const CHUNK = 64 * 1024;

/** A paid token purchase whose `checkout.session.completed` has not been delivered yet. */
async function paidPurchase() {
  const userId = await newUser();
  const cookie = await signedInCookie(userId);
  const response = (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", packageId: "basic" })) as Response;
  const sessionId = checkoutSessionIdOf(response);
  const { events } = await stripe.fake.completeSession(sessionId, { deliver: false });
  return { userId, sessionId, completed: events.find((event) => event.type === "checkout.session.completed")! };
}

/** The event padded to about `bytes` of JSON and signed with the real secret: only its size is wrong. */
function signedPayload(event: object, bytes: number) {
  const bare = JSON.stringify({ ...event, padding: "" });
  const payload = JSON.stringify({ ...event, padding: "x".repeat(Math.max(0, bytes - bare.length)) });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: stripe.fake.webhookSecret }) };
}

/** A webhook request whose body is streamed in pieces; `pulled()` says how much of it was ever asked for. */
function streamedWebhook(payload: string, signature: string, headers: Record<string, string> = {}) {
  const bytes = new TextEncoder().encode(payload);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + CHUNK));
      offset += CHUNK;
    },
  });
  const request = new Request("http://localhost/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature, ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => Math.min(offset, bytes.length) };
}

const postStreamed = async (request: Request) => (await webhookAction(routeArgs(request))) as Response;

describe("the Stripe webhook's body limit", () => {
  test("a signed event just under the limit is still accepted and credits", async () => {
    const { userId, completed } = await paidPurchase();
    const { payload, signature } = signedPayload(completed, WEBHOOK_BODY_MAX_BYTES - 1024);
    const { request } = streamedWebhook(payload, signature);
    expect((await postStreamed(request)).status).toBe(200);
    expect((await getBalance(userId)).purchased).toBe(4990);
  });

  test("an oversized body without Content-Length gets 413 after reading little more than the limit, and credits nothing", async () => {
    const { userId, sessionId, completed } = await paidPurchase();
    const { payload, signature } = signedPayload(completed, 8 * WEBHOOK_BODY_MAX_BYTES);
    const { request, pulled } = streamedWebhook(payload, signature);
    const response = await postStreamed(request);
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(WEBHOOK_BODY_MAX_BYTES + 2 * CHUNK);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect((await prisma().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } })).status).toBe("pending");
    expect(await prisma().stripeEvent.count({ where: { id: completed.id } })).toBe(0);
  });

  test("a body whose Content-Length is over the limit gets 413 before it is read, and credits nothing", async () => {
    const { userId, completed } = await paidPurchase();
    const { payload, signature } = signedPayload(completed, 2 * WEBHOOK_BODY_MAX_BYTES);
    const { request, pulled } = streamedWebhook(payload, signature, { "Content-Length": String(Buffer.byteLength(payload)) });
    expect((await postStreamed(request)).status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(CHUNK);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
  });
});

type Refusal = { data: { error: string }; init: { status: number } };

describe("the tokens and subscription pages' form limit", () => {
  const padding = "x".repeat(16 * 1024);

  test("an oversized claim on the tokens page is refused with 413 and a clear error, and claims nothing", async () => {
    const userId = await newUser();
    const cookie = await signedInCookie(userId);
    const result = (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "claim", padding })) as Refusal;
    expect(result.init.status).toBe(413);
    expect(result.data.error).toBe(paymentFormTooLarge);
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect(await prisma().freeTokenClaim.count({ where: { userId } })).toBe(0);
  });

  test("an oversized Buy on the tokens page is refused with 413 without calling Stripe", async () => {
    const userId = await newUser();
    const cookie = await signedInCookie(userId);
    const calls = stripe.fake.requests.length;
    const result = (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", packageId: "basic", padding })) as Refusal;
    expect(result.init.status).toBe(413);
    expect(result.data.error).toBe(paymentFormTooLarge);
    expect(stripe.fake.requests.length).toBe(calls);
    expect(await prisma().payment.count({ where: { userId } })).toBe(0);
  });

  test("an oversized Subscribe is refused with 413 and a clear error, without calling Stripe", async () => {
    const userId = await newUser();
    const cookie = await signedInCookie(userId);
    const pro = await prisma().plan.findFirstOrThrow({ where: { name: "Pro" } });
    const calls = stripe.fake.requests.length;
    const result = (await callRoute(subscriptionAction, "http://localhost/dashboard/subscription", cookie, {
      intent: "subscribe",
      planId: pro.id,
      padding,
    })) as Refusal;
    expect(result.init.status).toBe(413);
    expect(result.data.error).toBe(paymentFormTooLarge);
    expect(stripe.fake.requests.length).toBe(calls);
    expect(await prisma().payment.count({ where: { userId } })).toBe(0);
  });

  test("a form of ordinary size still goes through", async () => {
    const cookie = await signedInCookie(await newUser());
    const response = (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "claim" })) as Response;
    expect(response).toRedirectTo("/dashboard/tokens", { toast: "tokens-claimed" });
  });
});
