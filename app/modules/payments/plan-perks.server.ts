import { Prisma } from "~/generated/prisma/client";
import type { PlanPerkSettings } from "~/lib/plans";
import { prisma } from "~/modules/db/db.server";
import { LIVE_SUBSCRIPTION_STATUSES } from "./subscriptions.server";

/**
 * A plan's perks, as the server enforces them (docs/plans.md): how many earlier messages a reply
 * sends to the model, whether media jobs go first, whether early-access models are offered, and
 * which requests a chat accepts. A person is on their live subscription's plan, else on the free
 * plan (the plan at 0, first by name, as the admin's statistics and delete guard count it).
 */
export type PlanPerks = { planId: string | null; planName: string } & Pick<
  PlanPerkSettings,
  "memoryMessages" | "priority" | "earlyAccess" | "chatPictures" | "chatVideos" | "chatVoice"
>;

/**
 * Which models a person is offered and may call: models an admin marks early access only when the
 * person's plan has early access (planPerksOf; docs/plans.md). A plan's perks satisfy it.
 */
export type ModelAccess = Pick<PlanPerks, "earlyAccess">;

/** No plan applies (no live subscription and no free plan): what every plan could do before perks were settings. */
export const BASE_PERKS: PlanPerks = {
  planId: null,
  planName: "Free",
  memoryMessages: 10,
  priority: false,
  earlyAccess: false,
  chatPictures: true,
  chatVideos: true,
  chatVoice: true,
};

/** The id of the plan the person is on (an SQL expression over a uuid expression), NULL when none applies. */
export function personPlanIdSql(userId: Prisma.Sql) {
  return Prisma.sql`COALESCE(
    (SELECT s.plan_id FROM subscriptions s WHERE s.user_id = ${userId} AND s.status = ANY(${LIVE_SUBSCRIPTION_STATUSES}::text[])),
    (SELECT f.id FROM plans f WHERE f.price_cents = 0 ORDER BY f.name LIMIT 1))`;
}

/** The perks of the plan the person is on. */
export async function planPerksOf(userId: string): Promise<PlanPerks> {
  const [row] = await prisma().$queryRaw<PlanPerks[]>`
    SELECT p.id::text AS "planId", p.name AS "planName", p.memory_messages AS "memoryMessages", p.priority,
           p.early_access AS "earlyAccess", p.chat_pictures AS "chatPictures", p.chat_videos AS "chatVideos", p.chat_voice AS "chatVoice"
    FROM plans p WHERE p.id = ${personPlanIdSql(Prisma.sql`${userId}::uuid`)}`;
  return row ?? BASE_PERKS;
}
