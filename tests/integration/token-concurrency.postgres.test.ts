import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import { credit, getBalance, InsufficientTokensError, release, reserve, settle } from "~/modules/tokens/ledger.server";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";

// Real PostgreSQL, a pool of 20 connections: the calls below run in parallel on the server.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());
beforeEach(() => truncateAll(db.database));

const call = { purpose: "chat_message", description: "Chat message" };

describe("the ledger under real concurrency", () => {
  test("200 concurrent claims by one user in one month credit 500 exactly once", async () => {
    const userId = await newUser();
    const results = await Promise.all(Array.from({ length: 200 }, () => claimMonthlyFreeTokens(userId)));
    expect(results.filter((result) => result.success)).toHaveLength(1);
    expect(await getBalance(userId)).toEqual({ free: 500, purchased: 0, total: 500 });
    expect(await prisma().freeTokenClaim.count({ where: { userId } })).toBe(1);
    expect(await prisma().tokenTransaction.count({ where: { userId } })).toBe(1);
  });

  test("100 free + 100 purchased and 500 concurrent reservations of 1: exactly 200 succeed, free first", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 100, description: "test" });
    await credit(userId, { type: "purchased", amount: 100, description: "test" });

    const outcomes = await Promise.allSettled(Array.from({ length: 500 }, () => reserve(userId, 1, call)));
    const held = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(held).toHaveLength(200);
    expect(refused).toHaveLength(300);
    for (const reason of refused) expect(reason).toBeInstanceOf(InsufficientTokensError);

    // Free first: no purchased token was taken while a free one was left, and no free token was
    // taken after purchased ones started to go.
    expect(held.filter((reservation) => reservation.free === 1)).toHaveLength(100);
    for (const reservation of held) {
      if (reservation.free === 1) expect(reservation.balance.purchased).toBe(100);
      else expect(reservation.balance.free).toBe(0);
    }
    // Every balance a reservation left behind is distinct: no two spent the same token.
    expect(new Set(held.map((reservation) => reservation.balance.total)).size).toBe(200);

    expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
    expect(await ledgerSum(userId)).toBe(0);
  });

  test("settles and releases racing on one reservation close it once: no double refund", async () => {
    const userId = await newUser();
    await credit(userId, { type: "purchased", amount: 100, description: "test" });
    const held = await reserve(userId, 60, call);
    const closings = await Promise.all(Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? release(held.id) : settle(held.id, 10))));
    const closed = closings.filter((closing) => closing.status !== "already-closed");
    expect(closed).toHaveLength(1);
    const expected = closed[0]!.status === "released" ? 100 : 90;
    expect(await getBalance(userId)).toEqual({ free: 0, purchased: expected, total: expected });
    expect(await ledgerSum(userId)).toBe(expected);
  });

  test("reservations on many accounts at once stay exact per account", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    await Promise.all(users.map((userId) => credit(userId, { type: "free", amount: 10, description: "test" })));
    const outcomes = await Promise.allSettled(users.flatMap((userId) => Array.from({ length: 15 }, () => reserve(userId, 1, call))));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(200);
    for (const userId of users) {
      expect(await getBalance(userId)).toEqual({ free: 0, purchased: 0, total: 0 });
      expect(await ledgerSum(userId)).toBe(0);
    }
  });
});
