import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readText, startHttpFake } from "./http-fake";
import { startFakeStripe, type FakeStripe } from "./stripe-server";

let fake: FakeStripe;
let stripe: Stripe;

/** The client exactly as the app builds it from STRIPE_API_URL. */
function clientFor(apiUrl: string, secretKey: string) {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol.replace(":", "") as "http" | "https",
    maxNetworkRetries: 0,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = clientFor(fake.url, fake.secretKey);
});
afterAll(() => fake.close());

function paymentSession() {
  return stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price_data: { currency: "usd", unit_amount: 500, product_data: { name: "1,000 tokens" } }, quantity: 2 }],
    client_reference_id: "user-1",
    metadata: { userId: "user-1" },
    success_url: "http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing",
  });
}

async function subscriptionSession() {
  const price = await stripe.prices.create({ currency: "usd", unit_amount: 900, recurring: { interval: "month" }, product_data: { name: "Pro" } });
  const customer = await stripe.customers.create({ email: "someone@example.com", metadata: { userId: "user-2" } });
  return stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { metadata: { userId: "user-2", plan: "pro" } },
    success_url: "http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}",
  });
}

describe("fake Stripe API through the real SDK", () => {
  test("creates and retrieves a payment-mode checkout session", async () => {
    const session = await paymentSession();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session.amount_total).toBe(1000);
    expect(session.metadata).toEqual({ userId: "user-1" });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(retrieved).toMatchObject({ id: session.id, object: "checkout.session", status: "open", payment_status: "unpaid", client_reference_id: "user-1" });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${session.id}` });
  });

  test("an unknown id is a StripeInvalidRequestError with code resource_missing", async () => {
    const error = await stripe.checkout.sessions.retrieve("cs_test_nope").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "resource_missing", statusCode: 404 });
  });

  test("a request without a secret key is rejected", async () => {
    const response = await fetch(`${fake.url}/v1/customers`, { method: "POST", body: new URLSearchParams({ email: "a@b.c" }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const wrongKey = await clientFor(fake.url, "pk_test_public")
      .customers.create({})
      .catch((caught: unknown) => caught);
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  test("the hosted page has a Pay form whose POST pays and redirects to the success url", async () => {
    const session = await paymentSession();
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain("<title>Fake Stripe Checkout</title>");
    expect(html).toContain(`<form method="post" action="/pay/${session.id}">`);
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect((await fetch(`${fake.url}/pay/cs_test_nope`)).status).toBe(404);

    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/billing/done?session_id=${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_status: "paid",
      payment_intent: expect.stringMatching(/^pi_/),
    });
  });

  test("completing a subscription session creates a subscription that can be updated and canceled", async () => {
    const session = await subscriptionSession();
    const { events } = await fake.completeSession(session.id);
    expect(events.map((event) => event.type)).toEqual(["checkout.session.completed", "invoice.paid"]);
    expect((await fake.completeSession(session.id)).events).toEqual([]);

    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: "active", customer: session.customer, metadata: { userId: "user-2", plan: "pro" } });
    const item = subscription.items.data[0];
    expect(item.current_period_end - item.current_period_start).toBe(30 * 86_400);

    const canceling = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(canceling.cancel_at_period_end).toBe(true);

    const yearly = await stripe.prices.create({ currency: "usd", unit_amount: 9000, recurring: { interval: "year" }, product_data: { name: "Pro yearly" } });
    const switched = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: yearly.id }], proration_behavior: "none" });
    expect(switched.items.data[0].price.id).toBe(yearly.id);

    const renewed = await fake.renewSubscription(subscriptionId);
    expect(renewed.events[0].data.object).toMatchObject({ billing_reason: "subscription_cycle", period_start: item.current_period_end });
    expect(renewed.events[0].data.object.id).not.toBe(events[1].data.object.id);

    expect((await stripe.subscriptions.cancel(subscriptionId)).status).toBe("canceled");
  });

  test("an archived price stays on its subscriptions but a new checkout cannot use it", async () => {
    const session = await subscriptionSession();
    await fake.completeSession(session.id, { deliver: false });
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const priceId = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].price.id;

    expect((await stripe.prices.update(priceId, { active: false })).active).toBe(false);
    expect((await stripe.prices.retrieve(priceId)).active).toBe(false);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].price.id).toBe(priceId);
    const refused = await stripe.checkout.sessions
      .create({ mode: "subscription", line_items: [{ price: priceId, quantity: 1 }], success_url: "http://app.test/done" })
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ param: "price" });
  });
});

describe("fake Stripe webhooks", () => {
  test("delivers signed events in order to the webhook url", async () => {
    const received: { body: string; header: string }[] = [];
    const receiver = await startHttpFake(async (request, response) => {
      received.push({ body: await readText(request), header: String(request.headers["stripe-signature"]) });
      response.writeHead(200).end();
    });
    fake.setWebhookUrl(`${receiver.url}/webhooks/stripe`);
    try {
      const session = await subscriptionSession();
      await fake.completeSession(session.id);
      const verified = received.map(({ body, header }) => stripe.webhooks.constructEvent(body, header, fake.webhookSecret));
      expect(verified.map((event) => event.type)).toEqual(["checkout.session.completed", "invoice.paid"]);
      const invoice = verified[1].data.object as Stripe.Invoice;
      expect(invoice.parent?.subscription_details?.subscription).toBe(fake.sessions.get(session.id)!.subscription);
      expect(invoice.lines.data[0].period.end).toBeGreaterThan(invoice.lines.data[0].period.start);

      await stripe.subscriptions.update(invoice.parent!.subscription_details!.subscription as string, { metadata: { plan: "max" } });
      await fake.whenDelivered();
      expect(JSON.parse(received[2].body)).toMatchObject({ type: "customer.subscription.updated", data: { object: { metadata: { plan: "max" } } } });

      const { payload, header } = fake.signedEvent("invoice.paid", invoice);
      expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(Stripe.errors.StripeSignatureVerificationError);
    } finally {
      fake.setWebhookUrl(undefined);
      await receiver.close();
    }
  });
});
