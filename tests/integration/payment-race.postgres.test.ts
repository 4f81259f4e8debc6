import { expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as tokensAction } from "~/routes/dashboard/tokens";
import { loader as successLoader } from "~/routes/payment.success";
import { callRoute, fakeStripeForThisFile, checkoutSessionIdOf, postWebhook, signedInCookie } from "../helpers/payments";
import { ledgerSum, newUser } from "../helpers/tokens";

// Real PostgreSQL with a pool of 20 connections: the 100 calls below overlap on the server.
const stripe = fakeStripeForThisFile();

test("the success page and the webhook for one session, 50 times each at once, credit exactly once", async () => {
  const userId = await newUser();
  const cookie = await signedInCookie(userId);
  const buy = (await callRoute(tokensAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", packageId: "standard" })) as Response;
  const sessionId = checkoutSessionIdOf(buy);
  const { events } = await stripe.fake.completeSession(sessionId, { deliver: false });
  const completed = events.find((event) => event.type === "checkout.session.completed")!;

  const calls = Array.from({ length: 100 }, (_, index) =>
    index % 2 === 0
      ? callRoute(successLoader, `http://localhost/payment/success?session_id=${sessionId}`, cookie)
      : postWebhook({ ...completed, id: `${completed.id}_${index}` }, stripe.fake.webhookSecret),
  );
  const results = await Promise.all(calls);
  for (const [index, result] of results.entries()) {
    if (index % 2 === 0) expect(result).toEqual({ ok: true, tokens: 19900, kind: "token_package", destination: "/dashboard/tokens" });
    else expect((result as Response).status).toBe(200);
  }

  const payments = await prisma().payment.findMany({ where: { userId } });
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ status: "fulfilled", stripeSessionId: sessionId });
  expect(await prisma().tokenTransaction.count({ where: { userId, referenceType: "payment" } })).toBe(1);
  expect(await getBalance(userId)).toEqual({ free: 0, purchased: 19900, total: 19900 });
  expect(await ledgerSum(userId)).toBe(19900);
});
