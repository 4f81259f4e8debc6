import { describe, expect, it } from "vitest";
import { FULL_REPLY_CHARS, stoppedReplyCost } from "./reply-price.server";

describe("what a stopped reply costs", () => {
  it("is the share of a full reply it holds, rounded up", () => {
    expect(stoppedReplyCost(20, "a".repeat(FULL_REPLY_CHARS / 2))).toBe(10);
    expect(stoppedReplyCost(20, "a".repeat(FULL_REPLY_CHARS / 4 + 1))).toBe(6);
  });

  it("is at least 1 token for any words kept", () => {
    expect(stoppedReplyCost(20, "Hi")).toBe(1);
    expect(stoppedReplyCost(3, "One word")).toBe(1);
  });

  it("is never more than the price, however long the reply got", () => {
    expect(stoppedReplyCost(20, "a".repeat(FULL_REPLY_CHARS))).toBe(20);
    expect(stoppedReplyCost(20, "a".repeat(FULL_REPLY_CHARS * 3))).toBe(20);
  });

  it("counts characters as a person does, and not the blanks around them", () => {
    expect(stoppedReplyCost(1000, "😀".repeat(10))).toBe(10);
    expect(stoppedReplyCost(1000, `   ${"b".repeat(10)}\n\n`)).toBe(10);
  });

  it("is nothing on a free model", () => {
    expect(stoppedReplyCost(0, "a".repeat(500))).toBe(0);
  });
});
