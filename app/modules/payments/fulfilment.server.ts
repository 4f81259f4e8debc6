import type Stripe from "stripe";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { fulfilCheckoutSession, type Fulfilment } from "./checkout.server";
import { stripe, webhookSecret } from "./stripe.server";
import { grantPlanTokensForInvoice, syncSubscriptionById, syncSubscriptionFromCheckout } from "./subscriptions.server";

/** A completed Checkout Session of either kind: the one path both the webhook and the success page take. */
export async function completeCheckout(session: Stripe.Checkout.Session): Promise<Fulfilment> {
  if (session.mode === "subscription" && session.payment_status === "paid") await syncSubscriptionFromCheckout(session);
  return fulfilCheckoutSession(session);
}

/** No checkout with this session id was started here. */
export class PaymentNotFoundError extends Error {}
/** The checkout is someone else's: for this person it does not exist (the page answers 404). */
export class OthersPaymentError extends Error {}

/**
 * The success page's check: the session must be one this person started; Stripe (not the
 * browser) says whether it is paid; then the same idempotent fulfilment as the webhook.
 */
export async function verifyCheckoutForUser(userId: string, sessionId: string) {
  const payment = await prisma().payment.findUnique({ where: { stripeSessionId: sessionId }, select: { userId: true, kind: true, tokens: true } });
  if (!payment) throw new PaymentNotFoundError(sessionId);
  if (payment.userId !== userId) throw new OthersPaymentError(sessionId);
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  const result = await completeCheckout(session);
  return { ...result, kind: payment.kind, tokens: payment.tokens };
}

export class InvalidSignatureError extends Error {}

/**
 * Verifies a webhook delivery against the raw body and handles it. Handlers are idempotent on
 * their own (unique payment, grant and subscription rows); the event log only saves work on
 * Stripe's redeliveries.
 */
export async function handleStripeWebhook(rawBody: string | Buffer, signature: string | null) {
  const secret = webhookSecret();
  if (!secret || !signature) throw new InvalidSignatureError("missing signature or secret");
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidSignatureError(error instanceof Error ? error.message : "invalid signature");
  }
  if (await prisma().stripeEvent.findUnique({ where: { id: event.id } })) return { event: event.type, duplicate: true };
  await dispatch(event);
  await prisma().stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  return { event: event.type, duplicate: false };
}

async function dispatch(event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await completeCheckout(event.data.object);
      return;
    case "checkout.session.expired":
      await prisma().payment.updateMany({ where: { stripeSessionId: event.data.object.id, status: "pending" }, data: { status: "expired" } });
      return;
    case "checkout.session.async_payment_failed":
      await prisma().payment.updateMany({ where: { stripeSessionId: event.data.object.id, status: "pending" }, data: { status: "failed" } });
      return;
    case "invoice.paid":
      await grantPlanTokensForInvoice(event.data.object);
      return;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      if ((await prisma().subscription.findUnique({ where: { stripeSubscriptionId: event.data.object.id } })) || event.data.object.metadata.userId) {
        await syncSubscriptionById(event.data.object.id);
      }
      return;
    default:
      logger.debug({ type: event.type }, "stripe event ignored");
  }
}
