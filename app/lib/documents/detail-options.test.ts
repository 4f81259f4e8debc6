import { describe, expect, test } from "vitest";
import { detailOptionsSchema, detailOptionTexts, parseDetailOptions } from "./detail-options";

describe("a character-detail definition's options", () => {
  test("stored texts and objects read as they are", () => {
    const stored = [
      { name: "Calm", description: "Unhurried" },
      { name: "Witty", description: "Sharp" },
    ];
    expect(parseDetailOptions(stored)).toEqual(stored);
    expect(parseDetailOptions(["Soft", "Warm"])).toEqual(["Soft", "Warm"]);
  });

  test("malformed stored parts are left out, without throwing", () => {
    for (const nonsense of [null, "Soft", { name: "Calm" }]) expect(parseDetailOptions(nonsense)).toEqual([]);
    expect(parseDetailOptions(["Soft", 3, null, [1], { weight: 2 }, { name: "Calm", weight: 2 }])).toEqual(["Soft", { name: "Calm" }]);
  });

  test("a write of texts, or of objects with a name and the first one's fields, passes trimmed", () => {
    expect(detailOptionsSchema.parse([" Soft ", "Warm"])).toEqual(["Soft", "Warm"]);
    expect(
      detailOptionsSchema.parse([
        { name: "Calm ", description: "Unhurried" },
        { description: "Sharp", name: "Witty" },
      ]),
    ).toEqual([
      { name: "Calm", description: "Unhurried" },
      { description: "Sharp", name: "Witty" },
    ]);
  });

  test("a write with an empty text, an object without a name or with other fields is refused with the reason", () => {
    const refused = (value: unknown) => detailOptionsSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused(["Soft", " "])).toEqual([{ path: [1], message: detailOptionTexts.empty }]);
    expect(refused([{ name: "Calm", description: "Unhurried" }, { name: "Witty" }, { description: "Sharp" }])).toEqual([
      { path: [1], message: detailOptionTexts.sameKeys(["name", "description"]) },
      { path: [2, "name"], message: detailOptionTexts.name },
    ]);
    expect(refused([3])).toEqual([{ path: [0], message: detailOptionTexts.option }]);
    expect(refused("Soft")).toEqual([{ path: [], message: detailOptionTexts.notList }]);
  });
});
