import { describe, expect, it } from "vitest";
import { colorsList, costUnits, defaultSettingOption, imageDimensions, mediaCostLabel, mediaPrice, priceText, readMediaSettings } from "./media-pricing";

const defaults = {
  image_size: ["portrait_16_9", "square_hd", "square", "portrait_4_3", "landscape_4_3", "landscape_16_9", "custom"],
  num_inference_steps: [12, 1, 4, 8],
  num_images: [4, 3, 2, 1],
  enable_safety_checker: [false, true],
};

describe("a media job's price", () => {
  it("counts started megapixels of width × height × images", () => {
    expect(costUnits("1_megabitpixiels", { image_size: "square_hd", num_images: 1 })).toBe(1);
    expect(costUnits("1_megabitpixiels", { image_size: "square_hd", num_images: 4 })).toBe(4);
    expect(costUnits("1_megabitpixiels", { image_size: "square", num_images: 4 })).toBe(1);
    expect(costUnits("1_megabitpixiels", { image_size: "square", num_images: 5 })).toBe(2);
    expect(costUnits("1_megabitpixiels", { image_size: { width: 1025, height: 1024 }, num_images: 1 })).toBe(2);
    expect(mediaPrice(10, "1_megabitpixiels", { image_size: "landscape_16_9", num_images: 2 })).toBe(20);
  });

  it("counts started 5 seconds of the requested duration", () => {
    expect(costUnits("5_seconds", { duration: 5 })).toBe(1);
    expect(costUnits("5_seconds", { duration: "6" })).toBe(2);
    expect(costUnits("5_seconds", { duration: "10s" })).toBe(2);
    expect(costUnits("5_seconds", {})).toBe(1);
  });

  it("counts files, and one for any other unit", () => {
    expect(costUnits("1_file", { num_images: 3 })).toBe(3);
    expect(costUnits("1_file", {})).toBe(1);
    expect(costUnits("message", { num_images: 3 })).toBe(1);
    expect(costUnits(null, {})).toBe(1);
  });

  it("settles for what was produced: fewer images cost less, none cost nothing", () => {
    const settings = { image_size: "square_hd", num_images: 4 };
    expect(mediaPrice(20, "1_megabitpixiels", settings)).toBe(80);
    expect(mediaPrice(20, "1_megabitpixiels", settings, 2)).toBe(40);
    expect(mediaPrice(20, "1_file", settings, 0)).toBe(0);
  });

  it("reads as the spec's label and price text", () => {
    expect(mediaCostLabel(0, "1_file")).toBe("Free");
    expect(mediaCostLabel(20, "1_megabitpixiels")).toBe("20 tokens per megapixel");
    expect(mediaCostLabel(15, "5_seconds")).toBe("15 tokens per 5 seconds");
    expect(mediaCostLabel(40, "1_file")).toBe("40 tokens per file");
    expect(mediaCostLabel(20, null)).toBe("20 tokens per message");
    expect(priceText(40)).toBe("This costs 40 tokens");
  });
});

describe("image sizes", () => {
  it("maps the presets to pixels, square_hd by default", () => {
    expect(imageDimensions({ image_size: "portrait_16_9" })).toEqual({ width: 576, height: 1024 });
    expect(imageDimensions({ image_size: "landscape_4_3" })).toEqual({ width: 1024, height: 768 });
    expect(imageDimensions({ image_size: "square" })).toEqual({ width: 512, height: 512 });
    expect(imageDimensions({})).toEqual({ width: 1024, height: 1024 });
    expect(imageDimensions({ image_size: { width: 800, height: 600 } })).toEqual({ width: 800, height: 600 });
  });
});

describe("reading the chosen settings", () => {
  it("types each value as its option, and a missing one as the first option", () => {
    const read = readMediaSettings(defaults, { image_size: "square", num_images: "2", enable_safety_checker: "true" });
    expect(read).toEqual({ ok: true, settings: { image_size: "square", num_images: 2, num_inference_steps: 12, enable_safety_checker: true } });
  });

  it("starts at one picture, the fewest offered, though the spec lists 4 first; other settings at their first option", () => {
    expect(defaultSettingOption("num_images", [4, 3, 2, 1])).toBe(1);
    expect(defaultSettingOption("num_images", [4, 2])).toBe(2);
    expect(defaultSettingOption("num_inference_steps", [12, 1, 4, 8])).toBe(12);
    const read = readMediaSettings(defaults, {});
    expect(read).toEqual({ ok: true, settings: { image_size: "portrait_16_9", num_inference_steps: 12, num_images: 1, enable_safety_checker: false } });
    expect(read.ok && mediaPrice(10, "1_file", read.settings)).toBe(10);
  });

  it("refuses a value that is not one of the model's options", () => {
    expect(readMediaSettings(defaults, { num_images: "40" })).toEqual({ ok: false, field: "num_images", error: "Choose one of the options for num_images" });
  });

  it("takes width and height for a custom size, within bounds", () => {
    expect(readMediaSettings(defaults, { image_size: "custom", width: "800", height: "600" })).toMatchObject({
      ok: true,
      settings: { image_size: { width: 800, height: 600 } },
    });
    expect(readMediaSettings(defaults, { image_size: "custom", width: "8000", height: "600" })).toMatchObject({ ok: false, field: "image_size" });
    expect(readMediaSettings(defaults, { image_size: "custom" })).toMatchObject({ ok: false, field: "image_size" });
  });

  it("makes 'null' or ',' colors an empty list", () => {
    expect(colorsList("null")).toEqual([]);
    expect(colorsList(",")).toEqual([]);
    expect(colorsList(" red, #00ff00 ,")).toEqual(["red", "#00ff00"]);
    expect(readMediaSettings({ colors: ["null"] }, {})).toEqual({ ok: true, settings: { colors: [] } });
    expect(readMediaSettings({ colors: ["null"] }, { colors: "blue,green" })).toEqual({ ok: true, settings: { colors: ["blue", "green"] } });
  });
});
