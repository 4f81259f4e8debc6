// Usage adds up (issue 31): the tokens each kind cost this month and the count beside them come
// from the ledger, so both agree with the token transactions, on PGlite and on PostgreSQL.
import { expect, test } from "vitest";
import type { MonthlyUsage } from "~/modules/account/usage.server";
import { prisma } from "~/modules/db/db.server";
import { credit, release, reserve, settle } from "~/modules/tokens/ledger.server";
import { loader as usageLoader } from "~/routes/dashboard/usage";
import { load } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { ledgerSum, mediaJobReservation, newUser } from "../helpers/tokens";

databaseEmptiedBeforeEachTest();

const MEDIA = ["image", "video", "audio", "music"] as const;

/**
 * The ledger's own answer, read from the transaction rows in JavaScript: for each reservation
 * the deducts minus the refunds, its kind from its purpose or its media job's mode.
 */
async function ledgerByKind(userId: string) {
  const [reservations, jobs, rows] = await Promise.all([
    prisma().tokenReservation.findMany({ where: { userId } }),
    prisma().mediaJob.findMany({ where: { userId } }),
    prisma().tokenTransaction.findMany({ where: { userId, referenceType: "reservation" } }),
  ]);
  const sums: Record<string, { tokens: number; requests: number }> = {};
  for (const reservation of reservations) {
    const kind = reservation.purpose === "chat_message" ? "chat" : (jobs.find((job) => job.id === reservation.referenceId)?.mode ?? "other");
    const net = rows
      .filter((row) => row.referenceId === reservation.id)
      .reduce((sum, row) => sum + (row.transactionType === "deduct" ? row.amount : -row.amount), 0);
    const entry = (sums[kind] ??= { tokens: 0, requests: 0 });
    entry.tokens += net;
    if (net > 0) entry.requests += 1;
  }
  return sums;
}

test("tokens per kind and the counts beside them equal the ledger's sums, and add up to what left the balance", async () => {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 500, description: "Monthly free tokens" });
  await credit(userId, { type: "purchased", amount: 1000, description: "Standard package" });
  // Chat: two full replies, one stopped early (charged less), one that failed (given back).
  await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat with Luna" })).id);
  await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat with Luna" })).id);
  await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat with Luna" })).id, 7);
  await release((await reserve(userId, 20, { purpose: "chat_message", description: "Chat with Luna" })).id);
  // Media: each kind made once, an image twice, a video still running (held in full), a song that failed.
  await settle((await mediaJobReservation(userId, "image", 10)).id);
  await settle((await mediaJobReservation(userId, "image", 20)).id, 10);
  await mediaJobReservation(userId, "video", 150);
  await settle((await mediaJobReservation(userId, "audio", 30)).id);
  await settle((await mediaJobReservation(userId, "music", 60)).id);
  await release((await mediaJobReservation(userId, "music", 60)).id);

  const response = await load(usageLoader, "/dashboard/usage", await signedInCookie(userId));
  const { spent, balance } = (response.data as { usage: MonthlyUsage }).usage;
  const ledger = await ledgerByKind(userId);

  expect(spent.byKind.chat).toEqual(ledger.chat);
  for (const kind of MEDIA) expect(spent.byKind[kind]).toEqual(ledger[kind]);
  expect(spent.byKind.other).toEqual({ tokens: 0, requests: 0 });
  // The figures a person reads beside each other.
  expect(spent.byKind.chat).toEqual({ tokens: 47, requests: 3 });
  expect(spent.byKind.image).toEqual({ tokens: 20, requests: 2 });
  expect(spent.byKind.video).toEqual({ tokens: 150, requests: 1 });
  expect(spent.byKind.audio).toEqual({ tokens: 30, requests: 1 });
  expect(spent.byKind.music).toEqual({ tokens: 60, requests: 1 });
  // The total is the sum of the kinds, and exactly what left the balance.
  expect(spent.total).toBe(Object.values(spent.byKind).reduce((sum, kind) => sum + kind.tokens, 0));
  expect(spent.total).toBe(1500 - balance.total);
  expect(balance.total).toBe(await ledgerSum(userId));
});

test("a kind shows what it cost this month only: last month's spending and someone else's are left out", async () => {
  const userId = await newUser();
  const someoneElse = await newUser();
  for (const id of [userId, someoneElse]) await credit(id, { type: "free", amount: 500, description: "Monthly free tokens" });
  const old = await mediaJobReservation(userId, "image", 40);
  await settle(old.id);
  await prisma().tokenReservation.update({ where: { id: old.id }, data: { createdAt: new Date("2020-01-15T12:00:00Z") } });
  await settle((await mediaJobReservation(userId, "image", 10)).id);
  await settle((await mediaJobReservation(someoneElse, "image", 25)).id);

  const response = await load(usageLoader, "/dashboard/usage", await signedInCookie(userId));
  const { spent } = (response.data as { usage: MonthlyUsage }).usage;
  expect(spent.byKind.image).toEqual({ tokens: 10, requests: 1 });
  expect(spent.total).toBe(10);
});
