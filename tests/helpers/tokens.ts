import { randomUUID } from "node:crypto";
import { prisma } from "~/modules/db/db.server";
import { holdReservation } from "~/modules/tokens/reservations.server";
import { person } from "./person";

/** A verified account with no tokens. */
export async function newUser(email = `ledger.${randomUUID()}@example.com`) {
  return (await person({ email })).id;
}

/** Adds minus deducts over the account's transaction rows: must always equal its balance. */
export async function ledgerSum(userId: string) {
  const [row] = await prisma().$queryRaw<{ sum: number }[]>`
    SELECT COALESCE(SUM(CASE transaction_type WHEN 'add' THEN amount ELSE -amount END), 0)::int AS sum
    FROM token_transactions WHERE user_id = ${userId}::uuid`;
  return row!.sum;
}

/**
 * A media job of `mode` holding `cost` tokens, as /generate starts one (purpose media_job, the
 * job as its reference): the reservation, to settle or release as the job would.
 */
export async function mediaJobReservation(userId: string, mode: "image" | "video" | "audio" | "music", cost: number) {
  const job = await prisma().mediaJob.create({
    data: { userId, requestId: randomUUID(), mode, chatModel: `Demo ${mode}`, prompt: "a fox", costTokens: cost, deadlineAt: new Date(Date.now() + 600_000) },
  });
  const reservation = await holdReservation(userId, cost, { purpose: "media_job", description: `${mode} with Demo`, referenceId: job.id });
  await prisma().mediaJob.update({ where: { id: job.id }, data: { reservationId: reservation.id } });
  return reservation;
}
