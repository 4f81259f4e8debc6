import { Prisma, type Plan } from "~/generated/prisma/client";
import { planFormSchema, planTexts, type PlanInput } from "~/lib/admin-catalogue";
import { catalogueChanged } from "~/modules/catalogue/cache.server";
import { isUuid } from "~/modules/db/sql.server";
import { prisma } from "~/modules/db/db.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import { createPlanPrice, LIVE_SUBSCRIPTION_STATUSES, retirePlanPrice, toPlanCard } from "~/modules/payments/subscriptions.server";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { parseEditorForm } from "./console.server";

/** A plan that cannot be deleted, with the reason (planTexts): the free plan, or one subscriptions name. */
export class PlanNotDeletableError extends AppError {
  constructor(reason: string = planTexts.hasSubscribers) {
    super("plan-not-deletable", 409, reason);
  }
}

/** The free plan: the cheapest plan at 0, as planStatistics counts it (everyone without a paid plan is on it). */
async function freePlanId(db: Pick<Prisma.TransactionClient, "plan"> = prisma()) {
  const plan = await db.plan.findFirst({ where: { priceCents: 0 }, orderBy: { name: "asc" }, select: { id: true } });
  return plan?.id ?? null;
}

/**
 * Why a plan cannot be deleted, or null: the free plan never; a plan with live subscribers (the
 * statistics count them) never; one only ended subscriptions name is kept for them, and can be
 * made inactive instead.
 */
async function deleteRefusal(db: Pick<Prisma.TransactionClient, "plan" | "subscription">, planId: string) {
  const [freeId, live, all] = await Promise.all([
    freePlanId(db),
    db.subscription.count({ where: { planId, status: { in: LIVE_SUBSCRIPTION_STATUSES } } }),
    db.subscription.count({ where: { planId } }),
  ]);
  const refusal = freeId === planId ? planTexts.freePlan : live > 0 ? planTexts.hasSubscribers : all > 0 ? planTexts.pastSubscribers : null;
  return { refusal, live };
}

/** Stripe refused to create the new price: nothing was saved. */
export class PlanPriceError extends AppError {
  constructor(cause: unknown) {
    super("plan-price-failed", 502, `${planTexts.updateFailed}: Stripe did not accept the new price`, { cause });
  }
}

/** Every plan, active or not, cheapest first (spec: admin reads all plans by price ascending). */
export async function listPlansForAdmin() {
  const plans = await prisma().plan.findMany({ orderBy: [{ priceCents: "asc" }, { name: "asc" }] });
  return plans.map((plan) => ({
    ...toPlanCard(plan),
    isActive: plan.isActive,
    updatedAt: plan.updatedAt.toISOString(),
  }));
}

export type PlanStatistic = { planId: string; planName: string; userCount: number; percentage: number };

/**
 * Subscribers per plan and their share of all people (spec: plan_statistics). A paid plan counts
 * its live subscriptions; the free plan (the cheapest one at 0) counts everyone else.
 */
export async function planStatistics(): Promise<PlanStatistic[]> {
  const [plans, live, people] = await Promise.all([
    prisma().plan.findMany({ orderBy: [{ priceCents: "asc" }, { name: "asc" }], select: { id: true, name: true, priceCents: true } }),
    prisma().subscription.groupBy({ by: ["planId"], where: { status: { in: LIVE_SUBSCRIPTION_STATUSES } }, _count: { _all: true } }),
    prisma().user.count(),
  ]);
  const livePerPlan = new Map(live.map((row) => [row.planId, row._count._all]));
  const onPaidPlans = [...livePerPlan.values()].reduce((sum, count) => sum + count, 0);
  const freePlanId = plans.find((plan) => plan.priceCents === 0)?.id;
  return plans.map((plan) => {
    const userCount = plan.id === freePlanId ? Math.max(0, people - onPaidPlans) + (livePerPlan.get(plan.id) ?? 0) : (livePerPlan.get(plan.id) ?? 0);
    return { planId: plan.id, planName: plan.name, userCount, percentage: people === 0 ? 0 : Math.round((userCount / people) * 1000) / 10 };
  });
}

/** The plan as its edit form shows it. */
export async function getPlanForEdit(planId: string) {
  const plan = isUuid(planId) ? await prisma().plan.findUnique({ where: { id: planId } }) : null;
  if (!plan) throw new NotFoundError();
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: (plan.priceCents / 100).toFixed(2),
    interval: plan.interval,
    periodTokens: String(plan.periodTokens),
    memoryMessages: String(plan.memoryMessages),
    chatPictures: plan.chatPictures,
    chatVideos: plan.chatVideos,
    chatVoice: plan.chatVoice,
    priority: plan.priority,
    earlyAccess: plan.earlyAccess,
    isPopular: plan.isPopular,
    isActive: plan.isActive,
  };
}

/** A plan with how many people it has subscribed, and why it cannot be deleted if it cannot (the confirmation says so first). */
export async function getPlanForDelete(planId: string) {
  const plan = isUuid(planId) ? await prisma().plan.findUnique({ where: { id: planId }, select: { id: true, name: true } }) : null;
  if (!plan) throw new NotFoundError();
  const { refusal, live } = await deleteRefusal(prisma(), planId);
  return { ...plan, subscribers: live, refusal };
}

/** The plan form as sent (checkboxes as "on"). */
export function planFormValues(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const ticked = (name: string) => form.get(name) === "on";
  return {
    name: text("name"),
    description: text("description"),
    price: text("price"),
    interval: text("interval"),
    periodTokens: text("periodTokens"),
    memoryMessages: text("memoryMessages"),
    chatPictures: ticked("chatPictures"),
    chatVideos: ticked("chatVideos"),
    chatVoice: ticked("chatVoice"),
    priority: ticked("priority"),
    earlyAccess: ticked("earlyAccess"),
    isPopular: ticked("isPopular"),
    isActive: ticked("isActive"),
  };
}

/** The plan form, validated; a refusal carries the field errors and what was sent, so the form shows it again. */
export function parsePlanForm(form: FormData): PlanInput {
  return parseEditorForm(planFormSchema, planFormValues(form), planTexts.updateFailed);
}

/** What the audit log keeps of a plan: its price and every setting its card is generated from. */
const summaryOf = (plan: Plan) => ({
  name: plan.name,
  priceCents: plan.priceCents,
  interval: plan.interval,
  isActive: plan.isActive,
  isPopular: plan.isPopular,
  periodTokens: plan.periodTokens,
  memoryMessages: plan.memoryMessages,
  chatPictures: plan.chatPictures,
  chatVideos: plan.chatVideos,
  chatVoice: plan.chatVoice,
  priority: plan.priority,
  earlyAccess: plan.earlyAccess,
});

/** A Stripe price for a paid plan when payments are on; otherwise the first subscriber's checkout creates it. */
async function newStripePrice(plan: { id: string } & Pick<PlanInput, "name" | "priceCents" | "interval">) {
  if (plan.priceCents <= 0 || !isPaymentsConfigured()) return null;
  try {
    return await createPlanPrice(plan);
  } catch (error) {
    throw new PlanPriceError(error);
  }
}

export async function createPlan(actor: AuditActor, input: PlanInput) {
  const id = crypto.randomUUID();
  const stripePriceId = await newStripePrice({ id, ...input });
  const plan = await auditedWrite(actor, async (tx) => {
    const created = await tx.plan.create({ data: { id, ...input, stripePriceId } });
    return {
      result: created,
      audit: { action: "create", entityType: "plan", entityId: id, summary: `Created plan ${created.name}`, after: summaryOf(created) },
    };
  });
  await catalogueChanged();
  return plan;
}

/**
 * Saves a plan. When its price or interval changes, a paid plan gets a new Stripe price before
 * anything is written (a refusal leaves the plan as it was); people already subscribed stay on
 * the old one, which is then archived.
 */
export async function updatePlan(actor: AuditActor, planId: string, input: PlanInput) {
  const before = isUuid(planId) ? await prisma().plan.findUnique({ where: { id: planId } }) : null;
  if (!before) throw new NotFoundError();
  const priceChanged = before.priceCents !== input.priceCents || before.interval !== input.interval;
  const stripePriceId = priceChanged ? await newStripePrice({ id: planId, ...input }) : before.stripePriceId;
  const plan = await auditedWrite(actor, async (tx) => {
    const updated = await tx.plan.update({ where: { id: planId }, data: { ...input, stripePriceId } });
    return {
      result: updated,
      audit: {
        action: "update",
        entityType: "plan",
        entityId: planId,
        summary: `Updated plan ${updated.name}`,
        before: summaryOf(before),
        after: summaryOf(updated),
      },
    };
  });
  await catalogueChanged();
  if (priceChanged && before.stripePriceId) {
    await retirePlanPrice(before.stripePriceId).catch((error: unknown) =>
      logger.warn({ err: error, priceId: before.stripePriceId }, "could not archive a replaced plan price"),
    );
  }
  return plan;
}

/** Deletes a plan no subscription names and that is not the free plan (spec: refused with 'Cannot delete plan with active subscribers'). */
export async function deletePlan(actor: AuditActor, planId: string) {
  try {
    await auditedWrite(actor, async (tx) => {
      const plan = isUuid(planId) ? await tx.plan.findUnique({ where: { id: planId } }) : null;
      if (!plan) throw new NotFoundError();
      const { refusal } = await deleteRefusal(tx, planId);
      if (refusal) throw new PlanNotDeletableError(refusal);
      // Two deletes at once: one removes the row, the other finds it gone (404), never a failure.
      const { count } = await tx.plan.deleteMany({ where: { id: planId } });
      if (count === 0) throw new NotFoundError();
      return { result: null, audit: { action: "delete", entityType: "plan", entityId: planId, summary: `Deleted plan ${plan.name}`, before: summaryOf(plan) } };
    });
  } catch (error) {
    // A subscription that started between the count and the delete: the foreign key refuses it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") throw new PlanNotDeletableError();
    throw error;
  }
  await catalogueChanged();
}
