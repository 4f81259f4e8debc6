import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as subscriptionAction, loader as subscriptionLoader } from "~/routes/dashboard/subscription";
import type { FakeStripe } from "../fakes/stripe-server";
import { callRoute, checkoutSessionIdOf, paymentsWithFakeStripe, postWebhook, signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";

let payments: Awaited<ReturnType<typeof paymentsWithFakeStripe>>;
let fake: FakeStripe;
let plans: Record<string, string>;
beforeAll(async () => {
  payments = await paymentsWithFakeStripe();
  fake = payments.fake;
  plans = Object.fromEntries((await prisma().plan.findMany()).map((plan) => [plan.name, plan.id]));
});
afterAll(() => payments.stop());

const page = "http://localhost/dashboard/subscription";
type PageData = Awaited<ReturnType<typeof subscriptionLoader>>;

/** A person who went through Checkout for `planName`, with Stripe's events delivered to the webhook. */
async function subscriber(planName: string) {
  const userId = await newUser();
  const cookie = await signedInCookie(userId);
  const response = (await callRoute(subscriptionAction, page, cookie, { intent: "subscribe", planId: plans[planName]! })) as Response;
  expect(response.status).toBe(303);
  const sessionId = checkoutSessionIdOf(response);
  const { session, events } = await fake.completeSession(sessionId, { deliver: false });
  for (const event of events) expect((await postWebhook(event, fake.webhookSecret)).status).toBe(200);
  return { userId, cookie, subscriptionId: session.subscription as string, events };
}

describe("plans and subscriptions", () => {
  test("the page lists active plans by price, Free is current until a paid plan starts", async () => {
    const cookie = await signedInCookie(await newUser());
    const data = (await callRoute(subscriptionLoader, page, cookie)) as PageData;
    expect(data.plans.map((plan) => plan.name)).toEqual(["Free", "Pro", "Premium"]);
    expect(data.plans.find((plan) => plan.isPopular)?.name).toBe("Pro");
    expect(data.currentPlanId).toBe(plans.Free);
    expect(data.subscription).toBeNull();
  });

  test("subscribing records the subscription from Stripe and grants the plan's monthly tokens once per invoice", async () => {
    const { userId, cookie, subscriptionId, events } = await subscriber("Pro");
    const row = await prisma().subscription.findUniqueOrThrow({ where: { userId } });
    expect(row).toMatchObject({ planId: plans.Pro, status: "active", cancelAtPeriodEnd: false, stripeSubscriptionId: subscriptionId });
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    // Pro grants 5000 tokens each paid month (its period tokens).
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 5000, total: 5000 });

    const invoicePaid = events.find((event) => event.type === "invoice.paid")!;
    await postWebhook(invoicePaid, fake.webhookSecret);
    await postWebhook({ ...invoicePaid, id: `${invoicePaid.id}_again` }, fake.webhookSecret);
    expect((await getBalance(userId)).purchased).toBe(5000);

    // The next billing period's invoice grants again.
    const renewal = await fake.renewSubscription(subscriptionId, { deliver: false });
    for (const event of renewal.events) await postWebhook(event, fake.webhookSecret);
    expect((await getBalance(userId)).purchased).toBe(10_000);

    const data = (await callRoute(subscriptionLoader, page, cookie)) as PageData;
    expect(data.currentPlanId).toBe(plans.Pro);
    expect(data.subscription).toMatchObject({ planName: "Pro", status: "active", cancelAtPeriodEnd: false, live: true });
  });

  test("Cancel sets cancel-at-period-end at Stripe and Renew clears it", async () => {
    const { userId, cookie, subscriptionId } = await subscriber("Pro");
    const cancel = (await callRoute(subscriptionAction, page, cookie, { intent: "toggle-cancel" })) as Response;
    expect(cancel).toRedirectTo("/dashboard/subscription", { toast: "subscription-canceled" });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).cancelAtPeriodEnd).toBe(true);

    const renew = (await callRoute(subscriptionAction, page, cookie, { intent: "toggle-cancel" })) as Response;
    expect(renew).toRedirectTo("/dashboard/subscription", { toast: "subscription-renewed" });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).cancelAtPeriodEnd).toBe(false);
  });

  test("Change plan switches the subscription's price at Stripe and the plan here", async () => {
    const { userId, cookie, subscriptionId } = await subscriber("Pro");
    const response = (await callRoute(subscriptionAction, page, cookie, { intent: "subscribe", planId: plans.Premium! })) as Response;
    expect(response).toRedirectTo("/dashboard/subscription", { toast: "plan-changed" });
    const premiumPrice = (await prisma().plan.findUniqueOrThrow({ where: { id: plans.Premium } })).stripePriceId;
    expect(fake.subscriptions.get(subscriptionId)!.items.data[0].price.id).toBe(premiumPrice);
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).planId).toBe(plans.Premium);
  });

  test("switching plans back and forth adds no tokens: a plan's allowance comes with the first invoice and each renewal", async () => {
    const yearly = await prisma().plan.create({
      data: { name: "Pro Yearly", priceCents: 9990, interval: "yearly", periodTokens: 8000 },
    });
    const { userId, cookie, subscriptionId } = await subscriber("Pro");
    expect((await getBalance(userId)).purchased).toBe(5000);

    /** Changes plan on the page, then delivers what Stripe sends for it (here: an invoice at once, since the interval changes). */
    async function switchTo(planId: string) {
      const seen = fake.events.length;
      const response = (await callRoute(subscriptionAction, page, cookie, { intent: "subscribe", planId })) as Response;
      expect(response).toRedirectTo("/dashboard/subscription", { toast: "plan-changed" });
      const sent = fake.events.slice(seen);
      for (const event of sent) expect((await postWebhook(event, fake.webhookSecret)).status).toBe(200);
      return sent.filter((event) => event.type === "invoice.paid").map((event) => event.data.object);
    }
    const invoices = [];
    for (let round = 0; round < 3; round += 1) invoices.push(...(await switchTo(yearly.id)), ...(await switchTo(plans.Pro!)));
    invoices.push(...(await switchTo(yearly.id)));

    // Seven paid plan-change invoices reached the webhook, and none of them added tokens.
    expect(invoices.map((invoice) => invoice.billing_reason)).toEqual(Array(7).fill("subscription_update"));
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 5000, total: 5000 });
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).planId).toBe(yearly.id);

    // The renewal grants the allowance of the plan the person is on by then, once.
    const renewal = await fake.renewSubscription(subscriptionId, { deliver: false });
    for (const event of renewal.events) await postWebhook(event, fake.webhookSecret);
    for (const event of renewal.events) await postWebhook({ ...event, id: `${event.id}_again` }, fake.webhookSecret);
    expect((await getBalance(userId)).purchased).toBe(13_000);
  });

  test("a cancelled subscription shows its status; the Free plan cannot be bought", async () => {
    const { userId, cookie, subscriptionId } = await subscriber("Pro");
    await fetch(`${fake.url}/v1/subscriptions/${subscriptionId}`, { method: "DELETE", headers: { Authorization: `Bearer ${fake.secretKey}` } });
    const deleted = fake.events.findLast((event) => event.type === "customer.subscription.deleted")!;
    await postWebhook(deleted, fake.webhookSecret);
    const data = (await callRoute(subscriptionLoader, page, cookie)) as PageData;
    expect(data.subscription).toMatchObject({ status: "canceled", live: false });
    expect(data.currentPlanId).toBe(plans.Free);

    const free = (await callRoute(subscriptionAction, page, cookie, { intent: "subscribe", planId: plans.Free! })) as Response;
    expect(free).toRedirectTo("/dashboard/subscription", { toast: "checkout-failed" });
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).status).toBe("canceled");

    // The page hides Cancel/Renew for a canceled plan; the server refuses it too, without asking Stripe.
    const stripeCalls = fake.requests.length;
    const toggle = (await callRoute(subscriptionAction, page, cookie, { intent: "toggle-cancel" })) as Response;
    expect(toggle).toRedirectTo("/dashboard/subscription", { toast: "subscription-failed" });
    expect(fake.requests.length).toBe(stripeCalls);
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId } })).cancelAtPeriodEnd).toBe(false);
  });
});
