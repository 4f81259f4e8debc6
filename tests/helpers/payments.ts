import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { action as webhookAction } from "~/routes/api/webhooks.stripe";
import { seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { createTestDatabase } from "./database";
import { routeArgs } from "./route-args";
import { sessionCookie, signedInPerson } from "./person";

const signer = new Stripe("sk_test_signer");

/** Points the app's Stripe client at the fake (or, with `undefined`, turns payments off). */
export function useStripe(fake: FakeStripe | undefined) {
  const values = fake
    ? { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url, STRIPE_WEBHOOK_SECRET: fake.webhookSecret }
    : { STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined, STRIPE_WEBHOOK_SECRET: undefined };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

/**
 * For a payments test file: a seeded test database, and the app's Stripe client on a fake Stripe
 * server. `stop()` turns payments off and closes both.
 */
export async function paymentsWithFakeStripe() {
  const db = await createTestDatabase();
  await seedCatalogueIfEmpty(db.database.prisma);
  const fake = await startFakeStripe();
  useStripe(fake);
  return {
    db,
    fake,
    async stop() {
      useStripe(undefined);
      await fake.close();
      await db.dispose();
    },
  };
}

/**
 * paymentsWithFakeStripe for a whole test file: set up before its tests, stopped after them. Its
 * `fake` is there once the tests run.
 */
export function fakeStripeForThisFile() {
  const file = {} as { fake: FakeStripe };
  let payments: Awaited<ReturnType<typeof paymentsWithFakeStripe>> | undefined;
  beforeAll(async () => {
    payments = await paymentsWithFakeStripe();
    file.fake = payments.fake;
  });
  afterAll(() => payments?.stop());
  return file;
}

/** The Checkout Session id in a redirect to the fake Stripe's payment page. */
export const checkoutSessionIdOf = (response: Response) => response.headers.get("location")!.split("/pay/")[1]!;

/** Posts an event to the webhook route exactly as Stripe would: raw JSON, signed with `secret`. */
export async function postWebhook(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  const request = new Request("http://localhost/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
  });
  return (await webhookAction(routeArgs(request))) as Response;
}

/** A signed-in person's cookie header. */
export const signedInCookie = (userId: string) => sessionCookie(userId);

/** A new verified person with no tokens, signed in: their id and cookie header. */
export async function newSignedInPerson() {
  const { user, cookie } = await signedInPerson({ email: `ledger.${randomUUID()}@example.com` });
  return { userId: user.id, cookie };
}

type RouteFunction = (args: never) => Promise<unknown>;

/** Calls a loader or action like the router does; a thrown redirect comes back as the Response. */
export async function callRoute(fn: RouteFunction, url: string, cookie: string, form?: Record<string, string>) {
  const request = new Request(url, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie },
    body: form ? new URLSearchParams(form) : undefined,
  });
  try {
    return await fn(routeArgs(request));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
