import { prisma } from "~/modules/db/db.server";

/** The seeded paid plan that includes every request in chat (pictures, videos, voice notes). */
export const PAID_PLAN = "Pro";

/** Puts the person on a seeded plan by name, as a paid checkout would: a live subscription. */
export async function subscribeTo(userId: string, planName = PAID_PLAN) {
  const plan = await prisma().plan.findFirstOrThrow({ where: { name: planName } });
  await prisma().subscription.upsert({
    where: { userId },
    create: { userId, planId: plan.id, status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000) },
    update: { planId: plan.id, status: "active" },
  });
  return plan;
}
