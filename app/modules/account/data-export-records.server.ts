import { STAFF_NAME } from "~/lib/tickets";
import { prisma } from "~/modules/db/db.server";
import { getBalance } from "~/modules/tokens/ledger.server";

/** The records of Download my data (data-export.server.ts) that hold no stored file, each as its JSON file's content. */

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export async function profile(userId: string) {
  const user = await prisma().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true, avatarUrl: true, role: true, emailVerifiedAt: true, createdAt: true, lastActiveAt: true, passwordHash: true },
  });
  const google = await prisma().oAuthAccount.count({ where: { userId } });
  return {
    email: user.email,
    name: user.name,
    avatarUrl: user.avatarUrl,
    role: user.role,
    joined: iso(user.createdAt),
    emailConfirmed: iso(user.emailVerifiedAt),
    lastActive: iso(user.lastActiveAt),
    signsInWith: [...(user.passwordHash ? ["password"] : []), ...(google > 0 ? ["google"] : [])],
  };
}

export async function tokensAndPayments(userId: string) {
  const [balance, transactions, payments, subscription] = await Promise.all([
    getBalance(userId),
    prisma().tokenTransaction.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma().payment.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, include: { plan: { select: { name: true } } } }),
    prisma().subscription.findUnique({ where: { userId }, include: { plan: { select: { name: true } } } }),
  ]);
  return {
    balance,
    transactions: transactions.map((row) => ({
      at: iso(row.createdAt),
      tokenType: row.tokenType,
      change: row.transactionType === "add" ? row.amount : -row.amount,
      description: row.description,
    })),
    payments: payments.map((row) => ({
      at: iso(row.createdAt),
      kind: row.kind,
      package: row.packageId,
      plan: row.plan?.name ?? null,
      tokens: row.tokens,
      amount: row.amountCents / 100,
      currency: row.currency,
      status: row.status,
    })),
    subscription: subscription && {
      plan: subscription.plan.name,
      status: subscription.status,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    },
  };
}

export async function favorites(userId: string) {
  const rows = await prisma().favorite.findMany({ where: { userId }, orderBy: { addedAt: "asc" } });
  const [characters, agents] = await Promise.all([
    prisma().character.findMany({
      where: { id: { in: rows.filter((row) => row.itemType === "character").map((row) => row.itemId) } },
      select: { id: true, name: true },
    }),
    prisma().chatAgent.findMany({
      where: { userId, id: { in: rows.filter((row) => row.itemType === "agent").map((row) => row.itemId) } },
      select: { id: true, name: true },
    }),
  ]);
  const names = new Map([...characters, ...agents].map((item) => [item.id, item.name]));
  return rows.map((row) => ({ type: row.itemType, id: row.itemId, name: names.get(row.itemId) ?? null, added: iso(row.addedAt) }));
}

export async function tickets(userId: string) {
  const rows = await prisma().ticket.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { replies: { orderBy: { createdAt: "asc" }, select: { message: true, createdAt: true, fromStaff: true, replyUserId: true } } },
  });
  return rows.map((ticket) => ({
    id: ticket.id,
    topic: ticket.topic,
    message: ticket.message,
    status: ticket.status,
    created: iso(ticket.createdAt),
    replies: ticket.replies.map((reply) => ({
      from: reply.fromStaff || reply.replyUserId !== userId ? STAFF_NAME : "you",
      message: reply.message,
      at: iso(reply.createdAt),
    })),
  }));
}

export async function agents(userId: string) {
  const rows = await prisma().chatAgent.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, include: { character: { select: { name: true } } } });
  return rows.map((agent) => ({
    id: agent.id,
    character: agent.character.name,
    name: agent.name,
    description: agent.description,
    bio: agent.bio,
    avatarUrl: agent.avatarUrl,
    systemInstruction: agent.systemInstruction,
    messageInstruction: agent.messageInstruction,
    imagePrompt: agent.imagePrompt,
    document: agent.document,
    customModels: agent.customModels,
    promptGuide: agent.promptGuide,
    created: iso(agent.createdAt),
  }));
}
