import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  checkLimit,
  clearLimit,
  pruneExpiredLimits,
  recordAttempt,
  recordAttempts,
  refundAttempt,
  SIGN_IN_FAILURES,
  type RateLimitRule,
} from "~/modules/security/rate-limit.server";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

const test = databaseEmptiedBeforeEachTest();

const IP_KEY = "sign-in:ip:1.2.3.4";
const ACCOUNT_KEY = "sign-in:account:a@b.c";

async function recordTimes(key: string, rule: RateLimitRule, times: number) {
  const states = [];
  for (let index = 0; index < times; index += 1) states.push(await recordAttempt(key, rule));
  return states;
}

describe("recordAttempt", () => {
  it("allows 10 sign-in failures and reports the 11th as limited until the window ends", async () => {
    const allowed = await recordTimes(IP_KEY, SIGN_IN_FAILURES, 10);
    expect(allowed.map((state) => state.limited)).toEqual(Array(10).fill(false));
    expect(allowed.map((state) => state.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(allowed.every((state) => state.retryAfterSeconds === 0)).toBe(true);

    const eleventh = await recordAttempt(IP_KEY, SIGN_IN_FAILURES);
    expect(eleventh.limited).toBe(true);
    expect(eleventh.count).toBe(11);
    expect(eleventh.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(eleventh.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_FAILURES.windowSeconds);
  });

  it("starts counting again at 1 once the window has passed", async () => {
    const oneSecond = { limit: 2, windowSeconds: 1 };
    await recordTimes(IP_KEY, oneSecond, 3);
    expect((await checkLimit(IP_KEY, oneSecond)).limited).toBe(true);

    await sleep(1_200);
    expect(await checkLimit(IP_KEY, oneSecond)).toEqual({ limited: false, count: 0, retryAfterSeconds: 0 });
    expect(await recordAttempt(IP_KEY, oneSecond)).toEqual({ limited: false, count: 1, retryAfterSeconds: 0 });
    expect(await recordAttempt(IP_KEY, oneSecond)).toMatchObject({ limited: false, count: 2 });
  });

  it("counts exactly once per call when 200 calls race on one key", async () => {
    const rule = { limit: 50, windowSeconds: 60 };
    const states = await Promise.all(Array.from({ length: 200 }, () => recordAttempt(IP_KEY, rule)));

    expect(states.filter((state) => state.limited)).toHaveLength(200 - rule.limit);
    // Every caller saw a different count: no two read the same value and wrote it back.
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    const row = await test.database.prisma.rateLimit.findUniqueOrThrow({ where: { key: IP_KEY } });
    expect(row.count).toBe(200);
  });

  it("recordAttempts counts every key, and is limited while any of them is, until the last window ends", async () => {
    const short: RateLimitRule = { limit: 1, windowSeconds: 30 };
    const long: RateLimitRule = { limit: 3, windowSeconds: 300 };
    expect(
      await recordAttempts([
        [IP_KEY, short],
        [ACCOUNT_KEY, long],
      ]),
    ).toEqual({ limited: false, count: 1, retryAfterSeconds: 0 });
    const second = await recordAttempts([
      [IP_KEY, short],
      [ACCOUNT_KEY, long],
    ]);
    expect(second).toMatchObject({ limited: true, count: 2 });
    expect(second.retryAfterSeconds).toBeGreaterThan(20);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(30);
    await recordAttempts([
      [IP_KEY, short],
      [ACCOUNT_KEY, long],
    ]);
    const both = await recordAttempts([
      [IP_KEY, short],
      [ACCOUNT_KEY, long],
    ]);
    expect(both.limited).toBe(true);
    expect(both.retryAfterSeconds).toBeGreaterThan(200);
    expect(await checkLimit(ACCOUNT_KEY, long)).toMatchObject({ count: 4 });
  });

  it("refuses a rule that would block everybody or nobody", async () => {
    await expect(recordAttempt(IP_KEY, { limit: 0, windowSeconds: 60 })).rejects.toThrow(RangeError);
    await expect(checkLimit(IP_KEY, { limit: 5, windowSeconds: Number.NaN })).rejects.toThrow(RangeError);
  });
});

describe("checkLimit", () => {
  it("says limited only once the limit is reached, and does not count", async () => {
    await recordTimes(ACCOUNT_KEY, SIGN_IN_FAILURES, 9);
    expect(await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES)).toEqual({ limited: false, count: 9, retryAfterSeconds: 0 });
    expect(await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES)).toMatchObject({ count: 9 });

    await recordAttempt(ACCOUNT_KEY, SIGN_IN_FAILURES);
    const atLimit = await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES);
    expect(atLimit).toMatchObject({ limited: true, count: 10 });
    expect(atLimit.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(atLimit.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_FAILURES.windowSeconds);
    expect((await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES)).count).toBe(10);
  });

  it("reports nothing counted for a key never seen", async () => {
    expect(await checkLimit("sign-in:ip:9.9.9.9", SIGN_IN_FAILURES)).toEqual({ limited: false, count: 0, retryAfterSeconds: 0 });
  });
});

describe("refundAttempt", () => {
  it("gives back one count in the current window, never going below zero", async () => {
    await recordTimes(IP_KEY, SIGN_IN_FAILURES, 10);
    await refundAttempt(IP_KEY);
    expect(await checkLimit(IP_KEY, SIGN_IN_FAILURES)).toMatchObject({ limited: false, count: 9 });
    expect(await recordAttempt(IP_KEY, SIGN_IN_FAILURES)).toMatchObject({ limited: false, count: 10 });

    await recordAttempt(ACCOUNT_KEY, SIGN_IN_FAILURES);
    await refundAttempt(ACCOUNT_KEY);
    await refundAttempt(ACCOUNT_KEY);
    await refundAttempt("sign-in:ip:never-seen");
    expect(await recordAttempt(ACCOUNT_KEY, SIGN_IN_FAILURES)).toMatchObject({ count: 1 });
    expect(await test.database.prisma.rateLimit.count()).toBe(2);
  });
});

describe("keys", () => {
  it("are counted separately and taken exactly as given", async () => {
    await recordTimes(IP_KEY, SIGN_IN_FAILURES, 11);
    expect((await checkLimit(IP_KEY, SIGN_IN_FAILURES)).limited).toBe(true);
    expect((await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES)).count).toBe(0);
    expect((await checkLimit("sign-in:account:A@B.C", SIGN_IN_FAILURES)).count).toBe(0);
    expect(await recordAttempt(ACCOUNT_KEY, SIGN_IN_FAILURES)).toMatchObject({ limited: false, count: 1 });
  });

  it("start afresh after clearLimit, leaving other keys alone", async () => {
    await recordTimes(IP_KEY, SIGN_IN_FAILURES, 11);
    await recordTimes(ACCOUNT_KEY, SIGN_IN_FAILURES, 3);
    await clearLimit(IP_KEY);
    expect(await checkLimit(IP_KEY, SIGN_IN_FAILURES)).toEqual({ limited: false, count: 0, retryAfterSeconds: 0 });
    expect(await recordAttempt(IP_KEY, SIGN_IN_FAILURES)).toMatchObject({ limited: false, count: 1 });
    expect((await checkLimit(ACCOUNT_KEY, SIGN_IN_FAILURES)).count).toBe(3);
  });
});

describe("pruneExpiredLimits", () => {
  it("deletes only counters whose window has passed", async () => {
    await recordAttempt("short", { limit: 5, windowSeconds: 1 });
    await recordAttempt(IP_KEY, SIGN_IN_FAILURES);
    await sleep(1_200);
    expect(await pruneExpiredLimits()).toBe(1);
    const keys = await test.database.prisma.rateLimit.findMany({ select: { key: true } });
    expect(keys).toEqual([{ key: IP_KEY }]);
  });
});

describe("time zones", () => {
  it("stores reset_at in UTC like every other DateTime, so Prisma reads the real end of the window", async () => {
    const before = Date.now();
    await recordAttempt(IP_KEY, SIGN_IN_FAILURES);
    const { resetAt } = await test.database.prisma.rateLimit.findUniqueOrThrow({ where: { key: IP_KEY } });
    const windowMs = SIGN_IN_FAILURES.windowSeconds * 1000;
    // A few seconds of slack for the database clock; a time-zone slip would be hours off.
    expect(resetAt.getTime()).toBeGreaterThan(before + windowMs - 5_000);
    expect(resetAt.getTime()).toBeLessThan(Date.now() + windowMs + 5_000);
  });
});
