import type { ModelSettings } from "~/lib/documents/model-settings";

/** Fixed reference rows: categories, model types, models and token packages from the spec. */

export const seedCategories = [
  { id: 1, name: "Girls", description: "Female AI characters" },
  { id: 2, name: "Guys", description: "Male AI characters" },
  { id: 3, name: "Anime", description: "Anime-style characters" },
  { id: 4, name: "Pros", description: "Professional consultant characters" },
];

export const seedModelTypes = [
  { name: "chat", icon: "message-circle", seq: 0 },
  { name: "image", icon: "image", seq: 1 },
  { name: "video", icon: "video", seq: 2 },
  { name: "audio", icon: "audio-lines", seq: 3 },
  { name: "music", icon: "music", seq: 4 },
];

/** Spec section 9: default settings of a new image model. */
export const DEFAULT_IMAGE_SETTINGS: ModelSettings = {
  image_size: ["portrait_16_9", "square_hd", "square", "portrait_4_3", "landscape_4_3", "landscape_16_9"],
  num_inference_steps: [12, 1, 4, 8],
  num_images: [4, 3, 2, 1],
  enable_safety_checker: [false, true],
};

export const DEFAULT_CHAT_MODEL = "Llama 3.1 70B Instruct";
export const DEMO_CHAT_MODEL = "Demo Chat (offline)";
/** The offline demo's models that read a picture (Vision) and redraw one (Design): decision 034. */
export const DEMO_VISION_MODEL = "Demo Vision (offline)";
export const DEMO_REDRAW_MODEL = "Demo Redraw (offline)";

export const seedChatModels = [
  {
    chatModel: DEMO_CHAT_MODEL,
    modelId: "demo-chat",
    aiPlatform: "demo",
    modelType: "chat",
    description: "Built-in offline demo: replies in character from the character's profile, no API key needed.",
    costTokens: 5,
    costUnit: "message",
    isStream: true,
    weight: 10,
    settings: {},
  },
  {
    chatModel: "Demo Image (offline)",
    modelId: "demo-image",
    aiPlatform: "demo",
    modelType: "image",
    description: "Built-in offline demo: draws abstract artwork from the prompt, no API key needed.",
    costTokens: 10,
    costUnit: "1_file",
    isStream: false,
    weight: 10,
    settings: DEFAULT_IMAGE_SETTINGS,
  },
  {
    chatModel: DEMO_VISION_MODEL,
    modelId: "demo-vision",
    aiPlatform: "demo",
    modelType: "chat",
    description: "Built-in offline demo: reads a picture's size and main colour for Vision, no API key needed.",
    costTokens: 5,
    costUnit: "message",
    isStream: true,
    acceptsImages: true,
    weight: 5,
    settings: {},
  },
  {
    chatModel: DEMO_REDRAW_MODEL,
    modelId: "demo-redraw",
    aiPlatform: "demo",
    modelType: "image",
    description: "Built-in offline demo: redraws a picture in new colours (image-to-image, for Design), no API key needed.",
    costTokens: 10,
    costUnit: "1_file",
    isStream: false,
    acceptsImages: true,
    weight: 5,
    settings: { image_size: ["square_hd", "square", "portrait_4_3", "landscape_4_3"], num_images: [1] },
  },
  {
    chatModel: DEFAULT_CHAT_MODEL,
    modelId: "meta-llama/Meta-Llama-3.1-70B-Instruct",
    aiPlatform: "nebius",
    modelType: "chat",
    description: "Meta Llama 3.1 70B instruct on Nebius AI Studio: the default chat model.",
    costTokens: 20,
    costUnit: "message",
    isStream: true,
    weight: 100,
    settings: {},
  },
  {
    chatModel: "deepseek-v3",
    modelId: "deepseek-ai/DeepSeek-V3",
    aiPlatform: "nebius",
    modelType: "chat",
    description: "DeepSeek V3 on Nebius AI Studio: strong reasoning and long answers.",
    costTokens: 20,
    costUnit: "message",
    isStream: true,
    weight: 90,
    settings: {},
  },
  {
    chatModel: "Qwen2.5 VL 72B Instruct",
    modelId: "Qwen/Qwen2.5-VL-72B-Instruct",
    aiPlatform: "nebius",
    modelType: "chat",
    description: "Qwen2.5-VL 72B instruct on Nebius AI Studio: reads the pictures attached to a message.",
    costTokens: 20,
    costUnit: "message",
    isStream: true,
    acceptsImages: true,
    weight: 30,
    settings: {},
  },
  {
    chatModel: "Perplexity Sonar",
    modelId: "sonar",
    aiPlatform: "perplexity",
    modelType: "chat",
    description: "Perplexity Sonar: answers grounded in live web search (not streamed).",
    costTokens: 30,
    costUnit: "message",
    isStream: false,
    weight: 50,
    settings: {},
  },
  {
    chatModel: "FLUX.1 [schnell]",
    modelId: "fal-ai/flux/schnell",
    aiPlatform: "fal",
    modelType: "image",
    description: "FLUX.1 schnell on fal.ai: fast text-to-image.",
    costTokens: 20,
    costUnit: "1_megabitpixiels",
    isStream: false,
    weight: 100,
    settings: DEFAULT_IMAGE_SETTINGS,
  },
  ...seedMediaModels(),
];

/** Spec section 9 token packages; prices in cents. */
export const seedTokenPackages = [
  { id: "basic", name: "Basic", tokens: 4990, priceCents: 499, discount: 0, isPopular: false, seq: 0 },
  { id: "standard", name: "Standard", tokens: 19900, priceCents: 1999, discount: 20, isPopular: true, seq: 1 },
  { id: "premium", name: "Premium", tokens: 34900, priceCents: 3499, discount: 30, isPopular: false, seq: 2 },
  { id: "ultimate", name: "Ultimate", tokens: 149000, priceCents: 14999, discount: 40, isPopular: false, seq: 3 },
];

/**
 * For each media type besides image (above), one offline demo model and one fal model; the fal
 * ones are published when FAL_KEY is set, as the chat starters are with their keys.
 */
function seedMediaModels() {
  const media = (model: {
    chatModel: string;
    modelId: string;
    aiPlatform: string;
    modelType: string;
    description: string;
    costTokens: number;
    costUnit: string;
    weight: number;
    settings: ModelSettings;
  }) => ({ ...model, isStream: false });
  return [
    media({
      chatModel: "Demo Video (offline)",
      modelId: "demo-video",
      aiPlatform: "demo",
      modelType: "video",
      description: "Built-in offline demo: a short clip picked by the prompt, no API key needed.",
      costTokens: 10,
      costUnit: "5_seconds",
      weight: 10,
      settings: { duration: [5, 10] },
    }),
    media({
      chatModel: "Kling 1.6 Video",
      modelId: "fal-ai/kling-video/v1.6/standard/text-to-video",
      aiPlatform: "fal",
      modelType: "video",
      description: "Kling 1.6 standard on fal.ai: text-to-video clips of 5 or 10 seconds.",
      costTokens: 60,
      costUnit: "5_seconds",
      weight: 100,
      settings: { duration: ["5", "10"], aspect_ratio: ["16:9", "9:16", "1:1"] },
    }),
    media({
      chatModel: "Demo Audio (offline)",
      modelId: "demo-audio",
      aiPlatform: "demo",
      modelType: "audio",
      description: "Built-in offline demo: a short tone sequence from the prompt, no API key needed.",
      costTokens: 5,
      costUnit: "1_file",
      weight: 10,
      settings: { duration: [5, 8] },
    }),
    media({
      chatModel: "MMAudio V2",
      modelId: "fal-ai/mmaudio-v2/text-to-audio",
      aiPlatform: "fal",
      modelType: "audio",
      description: "MMAudio V2 on fal.ai: sound effects and ambience from a description.",
      costTokens: 10,
      costUnit: "1_file",
      weight: 100,
      settings: { duration: [8, 4, 10] },
    }),
    media({
      chatModel: "Demo Music (offline)",
      modelId: "demo-music",
      aiPlatform: "demo",
      modelType: "music",
      description: "Built-in offline demo: a short melody from the prompt, no API key needed.",
      costTokens: 5,
      costUnit: "5_seconds",
      weight: 10,
      settings: { duration: [5, 10] },
    }),
    media({
      chatModel: "Stable Audio",
      modelId: "fal-ai/stable-audio",
      aiPlatform: "fal",
      modelType: "music",
      description: "Stable Audio Open on fal.ai: music and loops up to a minute.",
      costTokens: 10,
      costUnit: "5_seconds",
      weight: 100,
      settings: { seconds_total: [30, 10, 60] },
    }),
  ];
}
