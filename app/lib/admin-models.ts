import { z } from "zod";
import { modelSettingsSchema, settingOptionsFromText, type ModelSettings } from "./documents/model-settings";
import { FORBIDDEN_MODEL_ADDRESS_TEXT, isForbiddenModelHost } from "./model-address";

/**
 * The admin console's Chat Models and Character Details forms (spec sections 3, 5, 8 and 9): one
 * zod schema each for the server, and the texts and defaults the pages show.
 */

export const MODEL_TYPES = ["chat", "image", "video", "audio", "music"] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
/** Spec section 9: cost units. "message" is the default. */
export const COST_UNITS = ["message", "1_megabitpixiels", "5_seconds", "1_file"] as const;
/** Blank setting rows the model form offers beyond the model's settings (without JavaScript there is no Add button). */
export const BLANK_SETTING_ROWS = 2;

/** Spec section 9: the settings a new image model starts with. */
export const DEFAULT_IMAGE_SETTINGS: ModelSettings = {
  image_size: ["portrait_16_9", "square_hd", "square", "portrait_4_3", "landscape_4_3", "landscape_16_9"],
  num_inference_steps: [12, 1, 4, 8],
  num_images: [4, 3, 2, 1],
  enable_safety_checker: [false, true],
};

import { detailTexts, modelTexts } from "./admin-model-texts";

export { detailTexts, modelTexts };

const text = (limit: number, label: string) => z.string().trim().max(limit, `${label} must be at most ${limit} characters`);
const required = (limit: number, label: string, message: string) => text(limit, label).min(1, message);
const optionalText = (limit: number, label: string) => text(limit, label).transform((value) => value || null);

const wholeNumber = (message: string, { min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** The smallest and largest context window an admin may set (tokens). */
export const CONTEXT_TOKENS_MIN = 512;
export const CONTEXT_TOKENS_MAX = 10_000_000;

/** One setting row of the form: its name and its options as comma-separated text. */
export type SettingRow = { name: string; options: string };

/** Setting rows to settings: blank rows are skipped, options typed (spec section 5). */
export function settingsFromRows(rows: SettingRow[]) {
  const entries = rows.filter((row) => row.name.trim() || row.options.trim()).map((row) => [row.name.trim(), settingOptionsFromText(row.options)]);
  return Object.fromEntries(entries) as ModelSettings;
}

/** Settings as the form's rows show them. */
export function rowsFromSettings(settings: ModelSettings): SettingRow[] {
  return Object.entries(settings).map(([name, options]) => ({ name, options: options.map(String).join(", ") }));
}

/** The chat model form as sent (checkboxes as "on"); parsed, it is the row's columns but the key. */
export const modelFormSchema = z.object({
  chatModel: required(100, "Chat model", modelTexts.chatModelRequired),
  modelId: required(200, "Model ID", modelTexts.modelIdRequired),
  aiPlatform: required(50, "AI platform", modelTexts.platformRequired),
  modelType: z.enum(MODEL_TYPES, { error: modelTexts.typeRequired }),
  description: text(1000, "Description"),
  systemInstruction: optionalText(20_000, "System instruction"),
  messageInstruction: optionalText(20_000, "Message instruction"),
  settings: z
    .array(z.object({ name: z.string(), options: z.string() }))
    .transform(settingsFromRows)
    .pipe(modelSettingsSchema),
  costTokens: wholeNumber(modelTexts.costInteger, { min: 0, max: 1_000_000 }),
  costUnit: text(40, "Cost unit").transform((value) => value || "message"),
  weight: wholeNumber("Weight must be a whole number", { min: -1_000_000, max: 1_000_000 }),
  apiUrl: text(500, "API URL")
    .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), modelTexts.apiUrl)
    .refine((value) => value === "" || !URL.canParse(value) || !isForbiddenModelHost(new URL(value).hostname), FORBIDDEN_MODEL_ADDRESS_TEXT)
    .transform((value) => value || null),
  isPublished: z.boolean(),
  isStream: z.boolean(),
  isWebhook: z.boolean(),
  acceptsImages: z.boolean(),
  earlyAccess: z.boolean(),
  // Blank: no bound beyond the history's message count.
  contextTokens: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const tokens = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (tokens >= CONTEXT_TOKENS_MIN && tokens <= CONTEXT_TOKENS_MAX) return tokens;
      context.addIssue({ code: "custom", message: modelTexts.contextTokens });
      return z.NEVER;
    }),
});
export type ModelInput = z.output<typeof modelFormSchema>;

/** The form's values as shown (a saved model's, or what was sent when it was refused). Never the key. */
export type ModelFormValues = {
  chatModel: string;
  modelId: string;
  aiPlatform: string;
  modelType: string;
  description: string;
  systemInstruction: string;
  messageInstruction: string;
  settings: SettingRow[];
  costTokens: string;
  costUnit: string;
  weight: string;
  apiUrl: string;
  isPublished: boolean;
  isStream: boolean;
  isWebhook: boolean;
  acceptsImages: boolean;
  earlyAccess: boolean;
  contextTokens: string;
};

export const blankModel = (): ModelFormValues => ({
  chatModel: "",
  modelId: "",
  aiPlatform: "",
  modelType: "chat",
  description: "",
  systemInstruction: "",
  messageInstruction: "",
  settings: [],
  costTokens: "20",
  costUnit: "message",
  weight: "0",
  apiUrl: "",
  isPublished: false,
  isStream: true,
  isWebhook: false,
  acceptsImages: false,
  earlyAccess: false,
  contextTokens: "",
});

/** The character-detail form as sent: options one per line, a line starting with `{` being an object. */
export const detailFormSchema = z.object({
  name: required(100, "Name", detailTexts.nameRequired),
  description: text(500, "Description"),
});
