import { describe, expect, test } from "vitest";
import { modelSettingsSchema, modelSettingsTexts, parseModelSettings, settingOptionsFromText } from "./model-settings";

const imageSettings = {
  image_size: ["portrait_16_9", "square_hd"],
  num_inference_steps: [12, 1, 4, 8],
  enable_safety_checker: [false, true],
};

describe("a chat model's settings", () => {
  test("stored settings read as they are", () => {
    expect(parseModelSettings(imageSettings)).toEqual(imageSettings);
    expect(parseModelSettings({})).toEqual({});
  });

  test("malformed stored parts are left out, without throwing", () => {
    for (const nonsense of [null, "square", [["square"]]]) expect(parseModelSettings(nonsense)).toEqual({});
    expect(parseModelSettings({ image_size: ["square", null, { w: 1 }, 4], num_images: 4, style: [], seed: [null] })).toEqual({ image_size: ["square", 4] });
  });

  test("a write of named lists of booleans, numbers and texts passes", () => {
    expect(modelSettingsSchema.parse(imageSettings)).toEqual(imageSettings);
  });

  test("a write with an empty list, a bad option or a blank name is refused with the reason", () => {
    const refused = (value: unknown) => modelSettingsSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ num_images: [] })).toEqual([{ path: ["num_images"], message: modelSettingsTexts.options }]);
    expect(refused({ num_images: 4 })).toEqual([{ path: ["num_images"], message: modelSettingsTexts.options }]);
    expect(refused({ image_size: ["square", null] })).toEqual([{ path: ["image_size", 1], message: modelSettingsTexts.option }]);
    expect(refused([])).toEqual([{ path: [], message: modelSettingsTexts.notObject }]);
    expect(refused({ " ": [1] })?.[0]?.path).toEqual([" "]);
  });

  test("options typed as comma-separated text become booleans, numbers and trimmed texts (spec section 5)", () => {
    expect(settingOptionsFromText(" true, false ,12, 0.5, square_hd , ,landscape 4:3")).toEqual([true, false, 12, 0.5, "square_hd", "landscape 4:3"]);
    expect(settingOptionsFromText("")).toEqual([]);
  });
});
