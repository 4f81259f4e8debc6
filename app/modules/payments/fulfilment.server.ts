import type Stripe from "stripe";
import { formatTokens, tokenTexts } from "~/lib/tokens";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { credit } from "~/modules/tokens/ledger.server";
import { stripe, webhookSecret } from "./stripe.server";
import { grantPlanTokensForInvoice, syncSubscriptionById, syncSubscriptionFromCheckout } from "./subscriptions.server";

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
        UPDATE payments SET status = 'fulfilled', fulfilled_at = ${sqlNow}
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

/** A completed Checkout Session of either kind: the one path both the webhook and the success page take. */
export async function completeCheckout(session: Stripe.Checkout.Session): Promise<Fulfilment> {
  if (session.mode === "subscription" && session.payment_status === "paid") await syncSubscriptionFromCheckout(session);
  return fulfilCheckoutSession(session);
}

/** No checkout with this session id was started here: the spec's failed verification. */
export class PaymentNotFoundError extends AppError {
  constructor() {
    super("payment-not-found", 400, tokenTexts.verifyFailed);
  }
}

/** The checkout is someone else's: for this person it does not exist. */
export class OthersPaymentError extends NotFoundError {}

/**
 * The success page's check: the session must be one this person started; Stripe (not the
 * browser) says whether it is paid; then the same idempotent fulfilment as the webhook.
 */
export async function verifyCheckoutForUser(userId: string, sessionId: string) {
  const payment = await prisma().payment.findUnique({ where: { stripeSessionId: sessionId }, select: { userId: true, kind: true, tokens: true } });
  if (!payment) throw new PaymentNotFoundError();
  if (payment.userId !== userId) throw new OthersPaymentError();
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  const result = await completeCheckout(session);
  return { ...result, kind: payment.kind, tokens: payment.tokens };
}

/** A webhook delivery whose signature does not check out: refused with 400. */
export class InvalidSignatureError extends AppError {
  constructor(reason: string) {
    super("invalid-signature", 400, "Invalid signature", { cause: reason });
  }
}

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
