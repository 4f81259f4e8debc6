import { describe, expect, test } from "vitest";
import { characterBookSchema, LOREBOOK_MAX_ENTRIES, lorebookTexts, parseCharacterBook } from "./character-book";

describe("a stored lorebook is read leniently", () => {
  test("malformed entries are left out and the defaults filled in", () => {
    expect(parseCharacterBook({ entries: [{ keys: ["a"], content: "A" }, { keys: "not a list", content: 1 }, null], token_budget: "lots" })).toEqual({
      extensions: {},
      entries: [{ keys: ["a"], content: "A", extensions: {}, enabled: true, insertion_order: 0, use_regex: false }],
    });
  });

  test("anything that is not a lorebook reads as none", () => {
    expect(parseCharacterBook(null)).toBeNull();
    expect(parseCharacterBook("a book")).toBeNull();
    expect(parseCharacterBook([1, 2])).toBeNull();
  });
});

describe("a lorebook written", () => {
  test("names the entry that lacks keys or content", () => {
    const result = characterBookSchema.safeParse({ entries: [{ keys: ["a"], content: "A" }, { content: "no keys" }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(lorebookTexts.entry(1));
  });

  test("refuses more than the entries allowed", () => {
    const entries = Array.from({ length: LOREBOOK_MAX_ENTRIES + 1 }, () => ({ keys: ["k"], content: "c" }));
    expect(characterBookSchema.safeParse({ entries }).error!.issues[0]!.message).toBe(lorebookTexts.tooManyEntries);
  });
});
