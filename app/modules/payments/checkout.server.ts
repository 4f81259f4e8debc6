import type Stripe from "stripe";
import { formatTokens } from "~/lib/tokens";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { credit } from "~/modules/tokens/ledger.server";
import { stripe } from "./stripe.server";

export type TokenPackage = { id: string; name: string; tokens: number; priceCents: number; discount: number; isPopular: boolean };

export function listTokenPackages(): Promise<TokenPackage[]> {
  return prisma().tokenPackage.findMany({
    where: { isActive: true },
    orderBy: { seq: "asc" },
    select: { id: true, name: true, tokens: true, priceCents: true, discount: true, isPopular: true },
  });
}

export class UnknownPackageError extends Error {}
export class TooManyCheckoutsError extends Error {}

/** Each Checkout Session is a call to Stripe and a payment row: 20 an hour per person is plenty. */
export const CHECKOUT_STARTS: RateLimitRule = { limit: 20, windowSeconds: 3600 };

export async function countCheckoutStart(userId: string) {
  if ((await recordAttempt(`checkout:user:${userId}`, CHECKOUT_STARTS)).limited) throw new TooManyCheckoutsError(userId);
}

/** Where Stripe sends the browser back: the success page, with the session id Stripe fills in. */
export function checkoutReturnUrls(cancelPath: string) {
  return {
    success_url: `${env().APP_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${env().APP_URL}${cancelPath}`,
  };
}

/**
 * Starts a Checkout Session for a token package. The price and the tokens come from our own
 * table, never from the browser; the pending payment row is written before the browser leaves,
 * so the webhook and the success page both find it.
 */
export async function startTokenCheckout(user: { id: string; email: string }, packageId: string) {
  const tokenPackage = await prisma().tokenPackage.findFirst({ where: { id: packageId, isActive: true } });
  if (!tokenPackage) throw new UnknownPackageError(`No package ${packageId}`);
  await countCheckoutStart(user.id);
  const session = await stripe().checkout.sessions.create({
    mode: "payment",
    customer_email: user.email,
    client_reference_id: user.id,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: tokenPackage.priceCents,
          product_data: { name: `${tokenPackage.name} · ${formatTokens(tokenPackage.tokens)} tokens` },
        },
      },
    ],
    metadata: { userId: user.id, packageId: tokenPackage.id, kind: "token_package" },
    ...checkoutReturnUrls("/dashboard/tokens"),
  });
  await prisma().payment.create({
    data: {
      userId: user.id,
      stripeSessionId: session.id,
      kind: "token_package",
      packageId: tokenPackage.id,
      tokens: tokenPackage.tokens,
      amountCents: tokenPackage.priceCents,
      currency: "usd",
    },
  });
  if (!session.url) throw new Error(`Stripe returned no URL for ${session.id}`);
  return session.url;
}

export type Fulfilment = { status: "fulfilled" | "already-fulfilled" | "unpaid" | "unknown"; tokens: number };

/**
 * Credits a paid Checkout Session exactly once, whoever calls first: the success page, the
 * webhook, or both at the same moment. Only the call that flips the payment row from pending
 * to fulfilled credits, in the same database transaction.
 */
export async function fulfilCheckoutSession(session: Stripe.Checkout.Session): Promise<Fulfilment> {
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return { status: "unpaid", tokens: 0 };
  return prisma().$transaction(
    async (tx) => {
      const [payment] = await tx.$queryRaw<{ id: string; userId: string; tokens: number; kind: string; packageId: string | null }[]>`
        UPDATE payments SET status = 'fulfilled', fulfilled_at = (now() AT TIME ZONE 'UTC')
        WHERE stripe_session_id = ${session.id} AND status = 'pending'
        RETURNING id::text AS id, user_id::text AS "userId", tokens, kind::text AS kind, package_id AS "packageId"`;
      if (!payment) {
        const existing = await tx.payment.findUnique({ where: { stripeSessionId: session.id }, select: { status: true, tokens: true } });
        if (!existing) logger.warn({ sessionId: session.id }, "paid checkout session without a payment row");
        return { status: existing?.status === "fulfilled" ? "already-fulfilled" : "unknown", tokens: existing?.tokens ?? 0 };
      }
      if (payment.kind === "token_package" && payment.tokens > 0) {
        await credit(
          payment.userId,
          {
            type: "purchased",
            amount: payment.tokens,
            description: `Purchased ${formatTokens(payment.tokens)} tokens`,
            reference: { type: "payment", id: payment.id },
          },
          tx,
        );
      }
      return { status: "fulfilled", tokens: payment.tokens };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}
