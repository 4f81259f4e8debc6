import type { Prisma } from "~/generated/prisma/client";
import { FREE_PLAN, isDeletedEmail, USER_STATUSES, USERS_PAGE_SIZE, type UserFilters } from "~/lib/admin-users";
import { percentOf } from "~/lib/admin-lists";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/modules/payments/subscriptions.server";
import { ensureFound } from "~/modules/http/errors.server";
import { getBalance } from "~/modules/tokens/ledger.server";

/**
 * The admin's view of people (the spec's users_with_plan and users_with_stats). A person is on a
 * plan while their subscription is live (payments' LIVE_SUBSCRIPTION_STATUSES, as `isLive` reads
 * them); anyone else shows as Free.
 */

const onPlan = (name: string): Prisma.UserWhereInput => ({ subscription: { status: { in: LIVE_SUBSCRIPTION_STATUSES }, plan: { name } } });
/** Free: no live subscription, or one to a plan that is itself called Free (the starter catalogue has one). */
const onFreePlan: Prisma.UserWhereInput = {
  OR: [{ subscription: null }, { subscription: { status: { notIn: LIVE_SUBSCRIPTION_STATUSES } } }, onPlan(FREE_PLAN)],
};

function usersWhere({ q, status, plan }: UserFilters): Prisma.UserWhereInput {
  return {
    AND: [
      q ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } : {},
      status ? { status } : {},
      plan ? (plan === FREE_PLAN ? onFreePlan : onPlan(plan)) : {},
    ],
  };
}

const planNameOf = (subscription: { status: string; plan: { name: string } } | null) =>
  subscription && LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status) ? subscription.plan.name : FREE_PLAN;

/** One page of people, newest joined first, with the exact count of everyone the filters match. */
export async function listUsers(filters: UserFilters) {
  const where = usersWhere(filters);
  const [rows, total] = await Promise.all([
    prisma().user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * USERS_PAGE_SIZE,
      take: USERS_PAGE_SIZE,
      select: {
        id: true,
        name: true,
        email: true,
        status: true,
        role: true,
        createdAt: true,
        lastActiveAt: true,
        subscription: { select: { status: true, plan: { select: { name: true } } } },
      },
    }),
    prisma().user.count({ where }),
  ]);
  const users = rows.map(({ subscription, createdAt, lastActiveAt, ...user }) => ({
    ...user,
    plan: planNameOf(subscription),
    joined: createdAt,
    lastActive: lastActiveAt,
    deleted: isDeletedEmail(user.email),
  }));
  return { users, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)) };
}

export type UserStat = { name: string; count: number; percentage: number };

/** Everyone by status and by plan (Free for people without a live plan), with shares of the total. */
export async function userStats() {
  const [total, statuses, subscribers, plans] = await Promise.all([
    prisma().user.count(),
    prisma().user.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma().subscription.groupBy({ by: ["planId"], where: { status: { in: LIVE_SUBSCRIPTION_STATUSES } }, _count: { _all: true } }),
    prisma().plan.findMany({ select: { id: true, name: true }, orderBy: [{ priceCents: "asc" }, { name: "asc" }] }),
  ]);
  const byStatus: UserStat[] = USER_STATUSES.map((status) => {
    const count = statuses.find((row) => row.status === status)?._count._all ?? 0;
    return { name: status, count, percentage: percentOf(count, total) };
  });
  const perPlan = new Map<string, number>();
  for (const row of subscribers) {
    const name = plans.find((plan) => plan.id === row.planId)?.name ?? "Unknown plan";
    perPlan.set(name, (perPlan.get(name) ?? 0) + row._count._all);
  }
  const onPlans = [...perPlan.values()].reduce((sum, count) => sum + count, 0);
  perPlan.set(FREE_PLAN, total - onPlans + (perPlan.get(FREE_PLAN) ?? 0));
  const byPlan: UserStat[] = [...perPlan]
    .map(([name, count]) => ({ name, count, percentage: percentOf(count, total) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const planChoices = [...new Set([FREE_PLAN, ...plans.map((plan) => plan.name)])];
  return { total, byStatus, byPlan, planChoices };
}

/** One person as the admin's user page shows them: account, plan, balance, recent ledger rows, devices and tickets. */
export async function getUserForAdmin(userId: string) {
  ensureFound(isUuid(userId), "User not found");
  const user = await prisma().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      name: true,
      email: true,
      avatarUrl: true,
      role: true,
      status: true,
      emailVerifiedAt: true,
      passwordHash: true,
      createdAt: true,
      lastActiveAt: true,
      subscription: { select: { status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true, plan: { select: { name: true } } } },
      _count: { select: { chatSessions: true, tokenTransactions: true } },
    },
  });
  ensureFound(user, "User not found");
  const [balance, transactions, liveSessions, tickets, paid] = await Promise.all([
    getBalance(userId),
    prisma().tokenTransaction.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 20,
      select: { id: true, createdAt: true, tokenType: true, transactionType: true, amount: true, description: true },
    }),
    prisma().loginSession.count({ where: { userId, expiresAt: { gt: new Date() } } }),
    prisma().ticket.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: 10,
      select: { id: true, topic: true, status: true, createdAt: true },
    }),
    prisma().payment.aggregate({ where: { userId, status: "fulfilled" }, _sum: { amountCents: true }, _count: { _all: true } }),
  ]);
  const { passwordHash, subscription, _count, ...account } = user;
  return {
    user: {
      ...account,
      hasPassword: passwordHash !== null,
      deleted: isDeletedEmail(account.email),
      plan: planNameOf(subscription),
      subscription: subscription && {
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      },
    },
    balance,
    transactions: transactions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    transactionCount: _count.tokenTransactions,
    chatCount: _count.chatSessions,
    liveSessions,
    tickets,
    payments: { count: paid._count._all, amountCents: paid._sum.amountCents ?? 0 },
  };
}
