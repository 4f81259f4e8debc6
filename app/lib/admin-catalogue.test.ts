import { describe, expect, test } from "vitest";
import { bannerFormSchema, isAllowedCtaUrl, packageFormSchema, planFormSchema, planTexts, todayIsoDay } from "./admin-catalogue";

const perks = { chatPictures: true, chatVideos: true, chatVoice: true, priority: false, earlyAccess: false, isPopular: false, isActive: true };
const plan = (price: string, periodTokens = "0", memoryMessages = "10") =>
  planFormSchema.safeParse({ name: "Pro", description: "", price, interval: "monthly", periodTokens, memoryMessages, ...perks });
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("admin catalogue forms", () => {
  test("a price is dollars as typed, kept in cents, in steps of 0.01 from 0", () => {
    expect(plan("19.99").data?.priceCents).toBe(1999);
    expect(plan("0.1").data?.priceCents).toBe(10);
    expect(plan(" 0 ").data?.priceCents).toBe(0);
    expect(firstError(plan("9.999"))).toBe("Price must be in steps of 0.01");
    expect(firstError(plan("-0.01"))).toBe("Price must be at least 0");
    expect(firstError(plan(""))).toBe("Price is required");
    for (const typed of ["0x10", "1e3", "Infinity", "12,50", "ten"]) expect(firstError(plan(typed)), typed).toBe("Price must be a number");
  });

  test("a plan's memory is 1 to 200 whole messages; its tokens come only with a paid period", () => {
    expect(plan("9.99", "5000", "40").data).toMatchObject({ priceCents: 999, periodTokens: 5000, memoryMessages: 40 });
    expect(firstError(plan("9.99", "0", "0"))).toBe("Memory must be at least 1");
    expect(firstError(plan("9.99", "0", "201"))).toBe("Memory must be at most 200");
    expect(firstError(plan("9.99", "0", "2.5"))).toBe("Memory must be a whole number");
    expect(firstError(plan("0", "500"))).toBe(planTexts.freePlanTokens);
    expect(plan("0", "0").success).toBe(true);
  });

  test("a package's tokens and discount are whole numbers in range", () => {
    const pack = (tokens: string, discount = "0") =>
      packageFormSchema.safeParse({ name: "Mega", tokens, price: "5.00", discount, isPopular: false, isActive: true });
    expect(pack("60000", "25").data).toMatchObject({ tokens: 60000, discount: 25, priceCents: 500 });
    expect(firstError(pack("many"))).toBe("Tokens must be a number");
    expect(firstError(pack("1.5"))).toBe("Tokens must be a whole number");
    expect(firstError(pack("10", "-1"))).toBe("Discount must be at least 0");
  });

  test("a banner's button leads to http(s) or a path on this site only", () => {
    for (const allowed of ["/explore?category=3", "/signup", "https://example.com/x", "http://example.com"])
      expect(isAllowedCtaUrl(allowed), allowed).toBe(true);
    for (const refused of ["javascript:alert(1)", "//evil.example", "/\\evil.example", "data:text/html,hi", "mailto:a@b.c", "explore", "ftp://x.example"]) {
      expect(isAllowedCtaUrl(refused), refused).toBe(false);
    }
  });

  test("a banner shows in all categories and from today unless told otherwise; categories are not repeated", () => {
    const banner = (displayCategories: string[], startAt = "") =>
      bannerFormSchema.parse({ title: "Hi", description: "", ctaTitle: "", ctaUrl: "", displayCategories, startAt, isPublished: false });
    expect(banner([])).toMatchObject({ displayCategories: ["all"], startAt: todayIsoDay() });
    expect(banner(["anime", "anime", "pros"], "2030-01-05")).toMatchObject({ displayCategories: ["anime", "pros"], startAt: "2030-01-05" });
  });
});
