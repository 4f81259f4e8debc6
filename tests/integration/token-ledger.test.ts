import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tokenTexts } from "~/lib/tokens";
import { prisma } from "~/modules/db/db.server";
import { claimMonthlyFreeTokens, getTokenInfo } from "~/modules/tokens/free-tokens.server";
import { credit, getBalance, InsufficientTokensError, release, releaseExpiredReservations, reserve, settle } from "~/modules/tokens/ledger.server";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());
beforeEach(() => truncateAll(db.database));

const call = { purpose: "chat_message", description: "Chat message" };

describe("monthly free tokens", () => {
  test("a new account can claim 500 free tokens at once, and the history says so", async () => {
    const userId = await newUser();
    const before = await getTokenInfo(userId);
    expect(before).toMatchObject({ balance: { free: 0, purchased: 0, total: 0 }, canClaimFree: true, freeTokenClaimedDate: null, recentTransactions: [] });

    const result = await claimMonthlyFreeTokens(userId);
    expect(result).toMatchObject({ success: true, balance: { free: 500, purchased: 0, total: 500 } });

    const after = await getTokenInfo(userId);
    expect(after.canClaimFree).toBe(false);
    expect(after.freeTokenClaimedDate).not.toBeNull();
    expect(after.recentTransactions).toMatchObject([{ tokenType: "free", transactionType: "add", amount: 500, description: "Monthly free tokens" }]);
  });

  test("a second claim in the same month is refused with the spec's text and adds nothing", async () => {
    const userId = await newUser();
    await claimMonthlyFreeTokens(userId, new Date("2026-11-01T00:00:00Z"));
    const second = await claimMonthlyFreeTokens(userId, new Date("2026-11-30T23:59:59Z"));
    expect(second).toEqual({ success: false, message: tokenTexts.alreadyClaimedMessage });
    expect(await getBalance(userId)).toEqual({ free: 500, purchased: 0, total: 500 });
  });

  test("the next calendar month (UTC) opens a new claim", async () => {
    const userId = await newUser();
    await claimMonthlyFreeTokens(userId, new Date("2026-11-30T23:59:59Z"));
    expect((await getTokenInfo(userId, { now: new Date("2026-11-30T23:59:59Z") })).canClaimFree).toBe(false);
    expect((await getTokenInfo(userId, { now: new Date("2026-12-01T00:00:00Z") })).canClaimFree).toBe(true);
    expect(await claimMonthlyFreeTokens(userId, new Date("2026-12-01T00:00:00Z"))).toMatchObject({ success: true });
    expect((await getBalance(userId)).free).toBe(1000);
  });
});

describe("reservations", () => {
  test("take free tokens first, then purchased ones", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 30, description: "test" });
    await credit(userId, { type: "purchased", amount: 50, description: "test" });
    const held = await reserve(userId, 45, call);
    expect(held).toMatchObject({ free: 30, purchased: 15, balance: { free: 0, purchased: 35, total: 35 } });
    expect(await ledgerSum(userId)).toBe(35);
  });

  test("refuse a cost above the balance with the current balance, and change nothing", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 10, description: "test" });
    const error = await reserve(userId, 11, call).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientTokensError);
    expect((error as InsufficientTokensError).balance).toEqual({ free: 10, purchased: 0, total: 10 });
    expect(await getBalance(userId)).toEqual({ free: 10, purchased: 0, total: 10 });
    expect(await prisma().tokenReservation.count()).toBe(0);
  });

  test("an account that never had tokens cannot reserve", async () => {
    const userId = await newUser();
    await expect(reserve(userId, 1, call)).rejects.toBeInstanceOf(InsufficientTokensError);
  });

  test("settling for less gives the rest back, purchased tokens first", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 15, description: "test" });
    await credit(userId, { type: "purchased", amount: 5, description: "test" });
    const held = await reserve(userId, 20, call);
    expect(await settle(held.id, 12)).toEqual({ status: "settled", refunded: 8 });
    expect(await getBalance(userId)).toEqual({ free: 3, purchased: 5, total: 8 });
    expect(await ledgerSum(userId)).toBe(8);
  });

  test("a settled reservation keeps its tokens, and settling again changes nothing", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 20, description: "test" });
    const held = await reserve(userId, 20, call);
    expect(await settle(held.id)).toEqual({ status: "settled", refunded: 0 });
    expect(await settle(held.id, 1)).toEqual({ status: "already-closed", refunded: 0 });
    expect(await release(held.id)).toEqual({ status: "already-closed", refunded: 0 });
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
  });

  test("a reservation released after a failure, then settled again, is refunded once", async () => {
    const userId = await newUser();
    await credit(userId, { type: "purchased", amount: 40, description: "test" });
    const held = await reserve(userId, 25, call);
    expect(await release(held.id)).toEqual({ status: "released", refunded: 25 });
    expect(await settle(held.id, 5)).toEqual({ status: "already-closed", refunded: 0 });
    expect(await release(held.id)).toEqual({ status: "already-closed", refunded: 0 });
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 40, total: 40 });
    expect(await ledgerSum(userId)).toBe(40);
  });

  test("expired reservations are released by the sweeper; live ones are left alone", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 10, description: "test" });
    const stale = await reserve(userId, 4, { ...call, ttlSeconds: 0 });
    const live = await reserve(userId, 3, call);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await releaseExpiredReservations()).toBe(1);
    expect(await getBalance(userId)).toEqual({ free: 7, purchased: 0, total: 7 });
    expect(await settle(stale.id)).toEqual({ status: "already-closed", refunded: 0 });
    expect(await settle(live.id)).toEqual({ status: "settled", refunded: 0 });
  });

  test("amounts must be positive whole numbers", async () => {
    const userId = await newUser();
    await expect(credit(userId, { type: "free", amount: 0, description: "x" })).rejects.toThrow(RangeError);
    await expect(credit(userId, { type: "free", amount: 1.5, description: "x" })).rejects.toThrow(RangeError);
    await expect(reserve(userId, -1, call)).rejects.toThrow(RangeError);
    expect(await prisma().tokenTransaction.count()).toBe(0);
  });
});
