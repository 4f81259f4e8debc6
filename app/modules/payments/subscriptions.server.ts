import type Stripe from "stripe";
import type { Plan } from "~/generated/prisma/client";
import { planPerkLines } from "~/lib/plans";
import { serverText } from "~/modules/i18n/messages.server";
import { currentLanguage } from "~/modules/i18n/request.server";
import { formatTokens } from "~/lib/tokens";
import { isPaymentsConfigured } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { AppError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { credit } from "~/modules/tokens/ledger.server";
import { checkoutReturnUrls, countCheckoutStart } from "./checkout.server";
import { stripe } from "./stripe.server";

/** The plan is unknown, inactive or free: nothing to subscribe to. */
export class PlanNotAvailableError extends AppError {
  constructor(planId: string) {
    super("plan-not-available", 400, "This plan is not available.", { details: { planId } });
  }
}

/** The person has no live subscription to change or cancel. */
export class NoSubscriptionError extends AppError {
  constructor() {
    super("no-subscription", 409, "You have no active subscription to change.");
  }
}

/** Statuses in which the person is on a paid plan and may change or cancel it. */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"];

export const isLive = (subscription: { status: string } | null | undefined) =>
  Boolean(subscription && LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status));

/** Active plans, cheapest first (spec section 7). */
export async function listActivePlans() {
  const plans = await prisma().plan.findMany({ where: { isActive: true }, orderBy: [{ priceCents: "asc" }, { name: "asc" }] });
  return plans.map(toPlanCard);
}

/** A plan as its card shows it: its perks are generated from its settings (lib/plans.ts), never typed. */
export function toPlanCard(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    interval: plan.interval,
    // The lines in the reader's language (English outside a request).
    perks: planPerkLines(plan, (id, values) => serverText(currentLanguage(), id, values)),
    isPopular: plan.isPopular,
  };
}

export function getSubscription(userId: string) {
  return prisma().subscription.findUnique({ where: { userId }, include: { plan: { select: { id: true, name: true, priceCents: true, interval: true } } } });
}

/**
 * The subscription page's view: the active plans, the one the person is on, and their
 * subscription as it stands. Without a live subscription a person is on the free plan (the active
 * plan that costs nothing), whatever an ended subscription still records.
 */
export async function getPlanChoice(userId: string) {
  const [plans, subscription] = await Promise.all([listActivePlans(), getSubscription(userId)]);
  const live = isLive(subscription);
  const freePlan = plans.find((plan) => plan.priceCents === 0);
  return {
    plans,
    currentPlanId: (live ? subscription?.planId : freePlan?.id) ?? null,
    subscription: subscription && {
      planName: subscription.plan.name,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      live,
    },
  };
}

type PricedPlan = { id: string; name: string; priceCents: number; interval: "monthly" | "yearly" };

/** A new recurring Stripe price for a paid plan's amount and interval (its id is stored on the plan). */
export async function createPlanPrice(plan: PricedPlan) {
  const price = await stripe().prices.create({
    currency: "usd",
    unit_amount: plan.priceCents,
    recurring: { interval: plan.interval === "yearly" ? "year" : "month" },
    product_data: { name: `${plan.name} plan` },
    metadata: { planId: plan.id },
  });
  return price.id;
}

/**
 * A replaced price is archived: nobody new subscribes at it, while the subscriptions already on it
 * keep it (Stripe bills them as before; their rows find the plan through its metadata).
 */
export async function retirePlanPrice(priceId: string) {
  await stripe().prices.update(priceId, { active: false });
}

/** A paid plan's recurring Stripe price, created once and remembered on the plan. */
async function ensurePlanPrice(plan: PricedPlan & { stripePriceId: string | null }) {
  if (plan.stripePriceId) return plan.stripePriceId;
  const priceId = await createPlanPrice(plan);
  // Two first subscribers at once may each create a price; the first one stored wins.
  await prisma().plan.updateMany({ where: { id: plan.id, stripePriceId: null }, data: { stripePriceId: priceId } });
  return (await prisma().plan.findUniqueOrThrow({ where: { id: plan.id } })).stripePriceId!;
}

async function ensureCustomer(user: { id: string; email: string }) {
  const existing = await prisma().user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
  if (existing.stripeCustomerId) return existing.stripeCustomerId;
  const customer = await stripe().customers.create({ email: user.email, metadata: { userId: user.id } });
  await prisma().user.updateMany({ where: { id: user.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  return (await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).stripeCustomerId!;
}

async function paidPlan(planId: string) {
  const plan = await prisma().plan.findFirst({ where: { id: planId, isActive: true } });
  if (!plan || plan.priceCents <= 0) throw new PlanNotAvailableError(planId);
  return plan;
}

/**
 * Subscribe to a paid plan: someone already on a live plan is moved to this one's price; anyone
 * else goes through Checkout (the URL to send them to). A second subscription is never started.
 */
export async function subscribeToPlan(user: { id: string; email: string }, planId: string): Promise<{ changed: true } | { checkoutUrl: string }> {
  const current = await prisma().subscription.findUnique({ where: { userId: user.id } });
  if (current?.stripeSubscriptionId && isLive(current)) {
    await changePlan(current as LiveSubscription, planId);
    return { changed: true };
  }
  return { checkoutUrl: await startSubscriptionCheckout(user, planId) };
}

/** Checkout in subscription mode for a paid plan; the webhook records the subscription. */
async function startSubscriptionCheckout(user: { id: string; email: string }, planId: string) {
  const plan = await paidPlan(planId);
  await countCheckoutStart(user.id);
  const [price, customer] = await Promise.all([ensurePlanPrice(plan), ensureCustomer(user)]);
  const metadata = { userId: user.id, planId: plan.id, kind: "subscription" };
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: user.id,
    line_items: [{ price, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    ...checkoutReturnUrls("/dashboard/subscription"),
  });
  await prisma().payment.create({
    data: { userId: user.id, stripeSessionId: session.id, kind: "subscription", planId: plan.id, amountCents: plan.priceCents, currency: "usd" },
  });
  if (!session.url) throw new Error(`Stripe returned no URL for ${session.id}`);
  return session.url;
}

const subscriptionIdOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/** The subscription a completed checkout created, recorded from Stripe's current state. */
export async function syncSubscriptionFromCheckout(session: Stripe.Checkout.Session) {
  const id = subscriptionIdOf(session.subscription);
  if (id) await syncSubscriptionById(id);
}

/**
 * Records a subscription as Stripe has it now. Events can arrive late or out of order, so the
 * event's copy is only a hint: the row is written from a fresh read.
 */
export async function syncSubscriptionById(stripeSubscriptionId: string) {
  const subscription = await stripe().subscriptions.retrieve(stripeSubscriptionId);
  return recordSubscription(subscription);
}

async function recordSubscription(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  const byPrice = item ? await prisma().plan.findFirst({ where: { stripePriceId: item.price.id }, select: { id: true } }) : null;
  const planId = byPrice?.id ?? subscription.metadata.planId;
  const existing = await prisma().subscription.findUnique({ where: { stripeSubscriptionId: subscription.id }, select: { userId: true } });
  const userId = existing?.userId ?? subscription.metadata.userId;
  if (!planId || !userId) throw new Error(`Subscription ${subscription.id} names no known plan or user`);
  const periodEnd = item?.current_period_end;
  const data = {
    planId,
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    stripeSubscriptionId: subscription.id,
  };
  return prisma().subscription.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

/** The subscription an invoice belongs to (API 2025+ keeps it under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Stripe.Invoice) {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return subscriptionIdOf(invoice.parent?.subscription_details?.subscription) ?? subscriptionIdOf(legacy);
}

/**
 * The plan's allowance (its period tokens, decision 032) comes once per billing period: with the
 * invoice that opens the subscription (`subscription_create`) and with each renewal's
 * (`subscription_cycle`), at the plan the subscription is on then. Every other invoice grants
 * nothing: above all a plan change's (`subscription_update`), which Stripe issues at once when
 * the change resets the period (monthly to yearly) and pays largely from the credit for unused
 * time, so granting on it would let switching back and forth mint an allowance per switch. A
 * changed plan's allowance starts with the next renewal.
 */
const GRANTING_BILLING_REASONS: ReadonlySet<string> = new Set(["subscription_create", "subscription_cycle"]);

/**
 * Records a paid subscription invoice (the Billing page lists them) and credits the tokens the
 * rule above gives it, once per invoice: the grant row's unique invoice id decides, in the same
 * transaction as the credit.
 */
export async function grantPlanTokensForInvoice(invoice: Stripe.Invoice) {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return { granted: 0 };
  const subscription = await syncSubscriptionById(subscriptionId);
  const plan = await prisma().plan.findUniqueOrThrow({ where: { id: subscription.planId } });
  const tokens = GRANTING_BILLING_REASONS.has(invoice.billing_reason ?? "") ? plan.periodTokens : 0;
  return prisma().$transaction(
    async (tx) => {
      const inserted = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO plan_token_grants (id, user_id, subscription_id, stripe_invoice_id, tokens, amount_cents, currency, created_at)
        VALUES (gen_random_uuid(), ${subscription.userId}::uuid, ${subscription.id}::uuid, ${invoice.id}, ${tokens},
                ${invoice.amount_paid ?? 0}, ${invoice.currency ?? "usd"}, ${sqlNow})
        ON CONFLICT (stripe_invoice_id) DO NOTHING
        RETURNING id::text AS id`;
      if (inserted.length === 0 || tokens === 0) return { granted: 0 };
      await credit(
        subscription.userId,
        {
          type: "purchased",
          amount: tokens,
          description: `${plan.name} plan: ${formatTokens(tokens)} tokens`,
          reference: { type: "plan_grant", id: inserted[0]!.id },
        },
        tx,
      );
      return { granted: tokens };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

type LiveSubscription = { userId: string; stripeSubscriptionId: string; cancelAtPeriodEnd: boolean };

/** The person's subscription at Stripe if it is live (a canceled or unpaid one cannot be changed). */
async function liveSubscription(userId: string): Promise<LiveSubscription> {
  const row = await prisma().subscription.findUnique({ where: { userId } });
  if (!row?.stripeSubscriptionId || !isLive(row)) throw new NoSubscriptionError();
  return row as typeof row & LiveSubscription;
}

/** Cancel at the end of the period, or take that back (Renew). Stripe first, then our row. */
export async function toggleCancelAtPeriodEnd(userId: string) {
  const row = await liveSubscription(userId);
  const updated = await stripe().subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: !row.cancelAtPeriodEnd });
  return recordSubscription(updated);
}

/**
 * Ends the person's live subscription at once, not at the period's end (their account is being
 * deleted): at Stripe first, so that nothing more is charged, then the row. A subscription Stripe
 * does not know of (payments off, or a row without a Stripe id) ends on the row alone.
 */
export async function endSubscriptionNow(userId: string) {
  const row = await prisma().subscription.findUnique({ where: { userId } });
  if (!row || !isLive(row)) return;
  if (row.stripeSubscriptionId && isPaymentsConfigured()) {
    await recordSubscription(await stripe().subscriptions.cancel(row.stripeSubscriptionId));
    return;
  }
  if (row.stripeSubscriptionId) logger.warn({ userId }, "payments are off: a subscription ends on this side only");
  await prisma().subscription.update({ where: { userId }, data: { status: "canceled", cancelAtPeriodEnd: false } });
}

/** Moves a live subscription to another paid plan's price, prorated by Stripe. */
async function changePlan(row: LiveSubscription, planId: string) {
  const plan = await paidPlan(planId);
  const price = await ensurePlanPrice(plan);
  const current = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
  const item = current.items.data[0];
  if (!item) throw new NoSubscriptionError();
  const updated = await stripe().subscriptions.update(row.stripeSubscriptionId, {
    items: [{ id: item.id, price }],
    proration_behavior: "create_prorations",
    metadata: { ...current.metadata, planId: plan.id },
  });
  return recordSubscription(updated);
}
