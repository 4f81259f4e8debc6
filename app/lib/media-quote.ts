import type { GenerateSettings } from "./generate";

/** fal's named image sizes in pixels. */
const NAMED_SIZES: Record<string, { width: number; height: number }> = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
};

/** The price shown before Generate: cost_tokens × units of the model's cost_unit for these settings. */
export function quoteTokens(model: { costTokens: number; costUnit: string }, settings: GenerateSettings) {
  const count = typeof settings.num_images === "number" ? settings.num_images : 1;
  const size = settings.image_size;
  const pixels = typeof size === "object" && size !== null && "width" in size ? size : (NAMED_SIZES[String(size)] ?? NAMED_SIZES.square_hd!);
  const seconds = typeof settings.duration === "number" ? settings.duration : Number(settings.duration ?? 5) || 5;
  const units =
    model.costUnit === "1_megabitpixiels"
      ? Math.ceil((pixels.width * pixels.height * count) / 1_000_000)
      : model.costUnit === "5_seconds"
        ? Math.ceil(seconds / 5)
        : count;
  return model.costTokens * Math.max(1, units);
}
