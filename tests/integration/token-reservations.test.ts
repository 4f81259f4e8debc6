// The one paid-call path (tokens/reservations.server.ts): however paid work ends, its reservation
// is closed exactly once, and a reservation held across requests is closed once by id, from
// anywhere. After every case the balance is the sum of the history (adds minus deducts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { openDatabase } from "~/modules/db/database.server";
import { prisma } from "~/modules/db/db.server";
import { credit, getBalance, releaseExpiredReservations, type Runner } from "~/modules/tokens/ledger.server";
import {
  charge,
  holdReservation,
  LONG_RESERVATION_TTL_SECONDS,
  refund,
  releaseReservation,
  ReservationClosedError,
  settleReservation,
  withReservation,
} from "~/modules/tokens/reservations.server";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());
beforeEach(() => truncateAll(db.database));

const image = { purpose: "image", description: "Image" };
let userId: string;
beforeEach(async () => {
  userId = await newUser();
  await credit(userId, { type: "free", amount: 100, description: "test" });
});
afterEach(async () => {
  // The rule every case ends on: the history explains the balance.
  expect(await ledgerSum(userId)).toBe((await getBalance(userId)).total);
});

const reservations = () => prisma().tokenReservation.findMany({ where: { userId } });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/**
 * A way to the database other than the one that held the reservation, as another request or
 * instance has. On PostgreSQL: a second pool on the same database. PGlite is one database inside
 * this process, with one session, and a second handle to it cannot be opened; there the close
 * goes the driver's own way (Database.query), not through the app's Prisma client.
 */
function anotherConnection(): { runner: Runner; close(): Promise<void> } {
  if (db.url) {
    const other = openDatabase({ kind: "postgres", url: db.url, poolSize: 2 });
    return { runner: other.prisma, close: () => other.close() };
  }
  const driver = db.database;
  const runner = { $queryRaw: (strings: TemplateStringsArray, ...values: unknown[]) => driver.query(Prisma.sql(strings, ...values)) };
  return { runner: runner as unknown as Runner, close: async () => {} };
}

describe("paid work within one request", () => {
  test("work that is done is settled once, for what it says it cost; a later close is refused", async () => {
    let heldDuringWork = 0;
    const value = await withReservation({ userId, cost: 30, purpose: image }, async ({ reservationId }) => {
      expect(reservationId).toEqual(expect.any(String));
      heldDuringWork = (await getBalance(userId)).total;
      return charge("the picture", 12);
    });
    expect(value).toBe("the picture");
    expect(heldDuringWork).toBe(70);
    expect(await getBalance(userId)).toMatchObject({ total: 88 });
    const [reservation] = await reservations();
    expect(reservation).toMatchObject({ status: "settled", finalCost: 12 });
    expect(await refusal(settleReservation(reservation!.id))).toBeInstanceOf(ReservationClosedError);
    expect(await refusal(releaseReservation(reservation!.id))).toBeInstanceOf(ReservationClosedError);
    expect(await getBalance(userId)).toMatchObject({ total: 88 });
  });

  test("work that reports a failure is released once, and its report returned", async () => {
    const value = await withReservation({ userId, cost: 30, purpose: image }, async () => refund({ failed: "the model said no" }));
    expect(value).toEqual({ failed: "the model said no" });
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    const [reservation] = await reservations();
    expect(reservation).toMatchObject({ status: "released" });
    expect(await refusal(releaseReservation(reservation!.id))).toBeInstanceOf(ReservationClosedError);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("work that throws is released once, and the error goes on to the caller", async () => {
    const boom = new Error("the provider exploded");
    expect(await refusal(withReservation({ userId, cost: 30, purpose: image }, () => Promise.reject(boom)))).toBe(boom);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await reservations()).toMatchObject([{ status: "released" }]);
  });

  test("work stopped by its signal is released once; an ask given up before it starts holds nothing", async () => {
    const stop = new AbortController();
    const stopped = withReservation(
      { userId, cost: 30, purpose: image },
      ({ signal }) =>
        new Promise<never>((_resolve, reject) => {
          signal!.addEventListener("abort", () => reject(signal!.reason), { once: true });
          stop.abort();
        }),
      { signal: stop.signal },
    );
    expect(await refusal(stopped)).toBe(stop.signal.reason);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
    expect(await reservations()).toMatchObject([{ status: "released" }]);

    let ran = false;
    const givenUp = withReservation(
      { userId, cost: 30, purpose: image },
      async () => {
        ran = true;
        return charge(null);
      },
      { signal: AbortSignal.abort() },
    );
    expect(await refusal(givenUp)).toBeInstanceOf(DOMException);
    expect(ran).toBe(false);
    expect(await reservations()).toHaveLength(1);
  });

  test("a reservation already held by another statement is closed by the work's ending, once", async () => {
    const held = await holdReservation(userId, 25, image);
    expect(await withReservation({ reservationId: held.id }, async () => charge("done"))).toBe("done");
    expect(await reservations()).toMatchObject([{ status: "settled", finalCost: 25 }]);
    // Already closed (its statement lost, or it expired meanwhile): the work's value stands, and nothing is closed twice.
    expect(await withReservation({ reservationId: held.id }, async () => refund("again"))).toBe("again");
    expect(await getBalance(userId)).toMatchObject({ total: 75 });
  });

  test("a free call (no cost, or no reservation held) runs and closes nothing", async () => {
    expect(await withReservation({ userId, cost: 0, purpose: image }, async () => charge("free"))).toBe("free");
    expect(await withReservation({ reservationId: null }, async () => refund("also free"))).toBe("also free");
    expect(await reservations()).toHaveLength(0);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("a cost above the balance is refused before the work runs", async () => {
    let ran = false;
    const refused = await refusal(
      withReservation({ userId, cost: 101, purpose: image }, async () => {
        ran = true;
        return charge(null);
      }),
    );
    expect(refused).toMatchObject({ status: 402, cost: 101, balance: { total: 100 } });
    // A bare refusal knows nothing of the person's claim or the server's payments, so it offers neither.
    expect((refused as { details: unknown }).details).toEqual({});
    expect(ran).toBe(false);
  });
});

describe("a reservation held across requests (a media job)", () => {
  test("is held for the long TTL, and settled later by id from another connection, once; the second close is refused", async () => {
    const held = await holdReservation(userId, 40, image);
    const [row] = await reservations();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan((LONG_RESERVATION_TTL_SECONDS - 60) * 1000);
    expect(await getBalance(userId)).toMatchObject({ total: 60 });

    const other = anotherConnection();
    try {
      expect(await settleReservation(held.id, 25, other.runner)).toEqual({ refunded: 15 });
      expect(await refusal(settleReservation(held.id, 25, other.runner))).toBeInstanceOf(ReservationClosedError);
      expect(await refusal(releaseReservation(held.id, other.runner))).toBeInstanceOf(ReservationClosedError);
      expect(await refusal(releaseReservation(held.id))).toMatchObject({ status: 409, code: "reservation-closed", reservationId: held.id });
    } finally {
      await other.close();
    }
    expect(await getBalance(userId)).toMatchObject({ total: 75 });
    expect(await reservations()).toMatchObject([{ status: "settled", finalCost: 25 }]);
  });

  test("released later by id from another connection, once", async () => {
    const held = await holdReservation(userId, 40, image);
    const other = anotherConnection();
    try {
      expect(await releaseReservation(held.id, other.runner)).toEqual({ refunded: 40 });
      expect(await refusal(releaseReservation(held.id, other.runner))).toBeInstanceOf(ReservationClosedError);
    } finally {
      await other.close();
    }
    expect(await refusal(settleReservation(held.id))).toBeInstanceOf(ReservationClosedError);
    expect(await getBalance(userId)).toMatchObject({ total: 100 });
  });

  test("closes racing from two connections: exactly one wins, every other is refused", async () => {
    const held = await holdReservation(userId, 60, image);
    const other = anotherConnection();
    let outcomes;
    try {
      outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? settleReservation(held.id, 10, other.runner) : releaseReservation(held.id))),
      );
    } finally {
      await other.close();
    }
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(ReservationClosedError);
    const expected = (await reservations())[0]!.status === "settled" ? 90 : 100;
    expect(await getBalance(userId)).toMatchObject({ total: expected });
  });

  test("a holder that crashed closes nothing: the sweep gives the tokens back when the TTL passes, and a late close is refused", async () => {
    const held = await holdReservation(userId, 10, { ...image, ttlSeconds: 0 });
    const live = await holdReservation(userId, 5, image);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await releaseExpiredReservations()).toBe(1);
    expect(await getBalance(userId)).toMatchObject({ total: 95 });
    expect(await refusal(settleReservation(held.id))).toBeInstanceOf(ReservationClosedError);
    expect(await settleReservation(live.id)).toEqual({ refunded: 0 });
    expect(await getBalance(userId)).toMatchObject({ total: 95 });
  });
});
