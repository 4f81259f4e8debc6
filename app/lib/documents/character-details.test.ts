import { describe, expect, test } from "vitest";
import { characterDetailsSchema, detailTexts, parseCharacterDetails, storedDetails } from "./character-details";

describe("a character's details", () => {
  test("stored texts and settings read as they are", () => {
    const stored = { personality: "Dreamy", voice: "Soft", temperature: 1.2, isStream: false };
    expect(parseCharacterDetails(stored)).toEqual({ texts: { personality: "Dreamy", voice: "Soft" }, temperature: 1.2, isStream: false });
    expect(storedDetails(parseCharacterDetails(stored))).toEqual(stored);
  });

  test("malformed stored parts read as not set, without throwing", () => {
    const none = { texts: {}, temperature: null, isStream: null };
    for (const nonsense of [null, "Dreamy", 3, ["Dreamy"]]) expect(parseCharacterDetails(nonsense)).toEqual(none);
    expect(parseCharacterDetails({ personality: "", age: 30, tags: ["a"], voice: null, occupation: "Baker", temperature: "hot", isStream: "false" })).toEqual({
      texts: { occupation: "Baker" },
      temperature: null,
      isStream: null,
    });
  });

  test("a temperature outside 0 to 2 is no temperature", () => {
    for (const temperature of [-0.1, 2.01, 9, Infinity]) expect(parseCharacterDetails({ temperature }).temperature).toBeNull();
    for (const temperature of [0, 2, 0.6]) expect(parseCharacterDetails({ temperature }).temperature).toBe(temperature);
  });

  test("a write keeps texts trimmed and drops empty values (spec: empty detail values are dropped on save)", () => {
    expect(characterDetailsSchema.parse({ personality: " Calm ", voice: "", age: "  ", relationship: null, temperature: 0.7, isStream: true })).toEqual({
      personality: "Calm",
      temperature: 0.7,
      isStream: true,
    });
  });

  test("a write with a value of the wrong type is refused with the reason", () => {
    const refused = (value: unknown) => characterDetailsSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ age: 30, temperature: 3, isStream: "no", "": "x" })).toEqual([
      { path: ["age"], message: "age must be a text" },
      { path: ["temperature"], message: detailTexts.temperature },
      { path: ["isStream"], message: detailTexts.isStream },
      { path: [""], message: detailTexts.name },
    ]);
    expect(refused(["Calm"])).toEqual([{ path: [], message: detailTexts.notObject }]);
  });
});
