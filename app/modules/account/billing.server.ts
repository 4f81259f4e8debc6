import { formatTokens } from "~/lib/tokens";
import { prisma } from "~/modules/db/db.server";

export type BillingStatus = "Pending" | "Paid" | "Failed" | "Expired";

/** One line of the Billing page: a checkout the person started, or a paid subscription invoice. */
export type BillingEntry = {
  id: string;
  date: string;
  description: string;
  amountCents: number;
  status: BillingStatus;
};

export type SubscriptionSummary = {
  planName: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
};

/** The Billing page shows at most this many lines; older ones stay in Stripe's receipts. */
export const BILLING_HISTORY_LIMIT = 50;

const statusLabels = { pending: "Pending", fulfilled: "Paid", failed: "Failed", expired: "Expired" } as const;

/**
 * This person's payments (token packages and subscription checkouts) and subscription invoices,
 * newest first. Invoices live apart from payments because Stripe bills renewals without a
 * checkout; each one is recorded when its monthly tokens are granted, so it is always paid.
 */
export async function listBillingHistory(userId: string): Promise<BillingEntry[]> {
  const [payments, grants] = await Promise.all([
    prisma().payment.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BILLING_HISTORY_LIMIT,
      include: { plan: { select: { name: true } } },
    }),
    prisma().planTokenGrant.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BILLING_HISTORY_LIMIT,
      include: { subscription: { select: { plan: { select: { name: true } } } } },
    }),
  ]);
  const packageNames = await namesOfPackages(payments.flatMap((payment) => (payment.packageId ? [payment.packageId] : [])));

  const entries = [
    ...payments.map((payment) => ({
      id: payment.id,
      createdAt: payment.createdAt,
      description:
        payment.kind === "subscription"
          ? `${payment.plan?.name ?? "Subscription"} plan subscription`
          : `${packageNames.get(payment.packageId ?? "") ?? "Token"} package · ${formatTokens(payment.tokens)} tokens`,
      amountCents: payment.amountCents,
      status: statusLabels[payment.status],
    })),
    ...grants.map((grant) => ({
      id: grant.id,
      createdAt: grant.createdAt,
      description: `${grant.subscription.plan.name} plan · ${formatTokens(grant.tokens)} monthly tokens`,
      amountCents: grant.amountCents,
      status: "Paid" as const,
    })),
  ];
  return entries
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, BILLING_HISTORY_LIMIT)
    .map(({ createdAt, ...entry }) => ({ ...entry, date: createdAt.toISOString() }));
}

/** The person's subscription as the dashboard shows it, or null on the free tier. */
export async function getSubscriptionSummary(userId: string): Promise<SubscriptionSummary | null> {
  const subscription = await prisma().subscription.findUnique({ where: { userId }, include: { plan: { select: { name: true } } } });
  if (!subscription) return null;
  return {
    planName: subscription.plan.name,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/** Package names by id. Payments keep only the id, so a renamed package shows its current name. */
async function namesOfPackages(ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const packages = await prisma().tokenPackage.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } });
  return new Map(packages.map((item) => [item.id, item.name]));
}
