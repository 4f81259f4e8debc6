import { describe, expect, it } from "vitest";
import { formatDayMonth } from "./dates";
import { outOfTokensOfferOf, tokenTexts } from "./tokens";

describe("a refusal's out-of-tokens offer, as the browser reads it", () => {
  it("keeps only what the server offered, with the right shapes", () => {
    expect(
      outOfTokensOfferOf({
        code: "insufficient-tokens",
        claimTokens: "/dashboard/tokens",
        nextFreeTokens: { amount: 500, date: "2026-12-01" },
        buyTokens: 42,
      }),
    ).toEqual({ claimTokens: "/dashboard/tokens", nextFreeTokens: { amount: 500, date: "2026-12-01" } });
    expect(outOfTokensOfferOf({ code: "insufficient-tokens", nextFreeTokens: { amount: "500", date: "2026-12-01" } })).toEqual({});
  });

  it("is none for any other refusal", () => {
    expect(outOfTokensOfferOf({ code: "too-many-replies", buyTokens: "/dashboard/tokens" })).toBeUndefined();
  });

  it("names the next free day the way the issue writes it, whatever the time zone", () => {
    expect(tokenTexts.nextFreeTokens(500, formatDayMonth("2026-12-01"))).toBe("Your next 500 free tokens arrive on 1 December");
    expect(formatDayMonth("2027-01-01")).toBe("1 January");
  });
});
