import { describe, expect, test } from "vitest";
import { customModelsSchema, customModelTexts, modelsByType, parseCustomModels } from "./custom-models";

describe("custom_models", () => {
  test("a stored list of single-entry maps reads as it is, and the first model of each type is the chosen one", () => {
    const stored = [{ chat: "Second" }, { image: "FLUX.1 [schnell]" }, { chat: "Heaviest" }];
    expect(parseCustomModels(stored)).toEqual(stored);
    expect(modelsByType(parseCustomModels(stored))).toEqual({ chat: "Second", image: "FLUX.1 [schnell]" });
  });

  test("malformed stored values read as far as they make sense, without throwing", () => {
    expect(parseCustomModels(null)).toEqual([]);
    expect(parseCustomModels("Second")).toEqual([]);
    expect(parseCustomModels({ chat: "Second" })).toEqual([]);
    expect(parseCustomModels([{ chat: 5 }, ["Second"], "Second", null, { chat: "Second", image: 3, video: "Clip" }])).toEqual([
      { chat: "Second" },
      { video: "Clip" },
    ]);
  });

  test("an empty name stored first chooses no model of that type", () => {
    expect(modelsByType(parseCustomModels([{ chat: "" }, { chat: "Second" }]))).toEqual({ chat: "" });
  });

  test("a write of one model per type passes as given", () => {
    expect(customModelsSchema.parse([{ chat: "deepseek-v3" }, { image: "FLUX.1 [schnell]" }])).toEqual([
      { chat: "deepseek-v3" },
      { image: "FLUX.1 [schnell]" },
    ]);
    expect(customModelsSchema.parse([])).toEqual([]);
  });

  test("a write missing its type or model, naming two, or repeating a type is refused with the reason", () => {
    const refused = (value: unknown) => customModelsSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused([{ chat: " " }])).toEqual([{ path: [0, "chat"], message: customModelTexts.incomplete }]);
    expect(refused([{}])).toEqual([{ path: [0], message: customModelTexts.incomplete }]);
    expect(refused([{ "": "deepseek-v3" }])).toEqual([{ path: [0, ""], message: customModelTexts.incomplete }]);
    expect(refused([{ chat: "deepseek-v3", image: "FLUX.1 [schnell]" }])).toEqual([{ path: [0], message: customModelTexts.oneEach }]);
    expect(refused([{ chat: "deepseek-v3" }, { chat: "Second" }])).toEqual([{ path: [1], message: "Choose one chat model only" }]);
    expect(refused([{ chat: 5 }])?.[0]).toEqual({ path: [0, "chat"], message: customModelTexts.incomplete });
    expect(refused({ chat: "deepseek-v3" })).toHaveLength(1);
  });
});
