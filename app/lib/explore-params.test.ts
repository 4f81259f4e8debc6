import { describe, expect, it } from "vitest";
import { exploreHref, parseExploreParams } from "./explore-params";

describe("explore URL state", () => {
  it("reads q, category, page and character", () => {
    const params = parseExploreParams(new URLSearchParams("q=%20Luna%20&category=2&page=3&character=abc"));
    expect(params).toEqual({ q: "Luna", category: 2, page: 3, character: "abc" });
  });

  it("falls back to page 1 and no category on nonsense", () => {
    expect(parseExploreParams(new URLSearchParams("category=girls&page=-4"))).toEqual({ q: "", category: null, page: 1, character: null });
  });

  it("names no category with a number larger than the database holds", () => {
    expect(parseExploreParams(new URLSearchParams("category=99999999999")).category).toBeNull();
    expect(parseExploreParams(new URLSearchParams("category=2147483647")).category).toBe(2147483647);
  });

  it("cuts an over-long query to 100 characters instead of dropping it", () => {
    expect(parseExploreParams(new URLSearchParams(`q=${"a".repeat(150)}`)).q).toBe("a".repeat(100));
  });

  it("leaves out empty values and page 1", () => {
    expect(exploreHref("/explore", { q: "", category: null, page: 1 })).toBe("/explore");
    expect(exploreHref("/explore", { q: "a b", category: 4, page: 2 })).toBe("/explore?q=a+b&category=4&page=2");
  });
});
