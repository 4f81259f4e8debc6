import { z } from "zod";
import { blank, checkbox } from "./admin-forms";
import type { TextId } from "./i18n/ids";
import { detailOptionsSchema } from "./documents/detail-options";
import { modelSettingsSchema, settingOptionsFromText, type ModelSettings } from "./documents/model-settings";
import { FORBIDDEN_MODEL_ADDRESS_TEXT, isForbiddenModelHost } from "./model-address";

/**
 * The admin console's Chat Models and Character Details forms (spec sections 3, 5, 8 and 9): one
 * zod schema each for the server, and the texts and defaults the pages show.
 */

export const MODEL_TYPES = ["chat", "image", "video", "audio", "music"] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
/** The model types as the console names them. */
export const MODEL_TYPE_LABELS: Record<ModelType, TextId> = {
  chat: "catalogue.models.type.chat",
  image: "catalogue.models.type.image",
  video: "catalogue.models.type.video",
  audio: "catalogue.models.type.audio",
  music: "catalogue.models.type.music",
};
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

/** What the form sent about the key: a new one, keep the stored one, or remove it. */
export type KeyChange = { set: string } | "keep" | "remove";

const modelFields = {
  chatModel: blank(required(100, "Chat model", modelTexts.chatModelRequired)),
  modelId: blank(required(200, "Model ID", modelTexts.modelIdRequired)),
  aiPlatform: blank(required(50, "AI platform", modelTexts.platformRequired)),
  modelType: z.enum(MODEL_TYPES, { error: modelTexts.typeRequired }),
  description: blank(text(1000, "Description")),
  systemInstruction: blank(optionalText(20_000, "System instruction")),
  messageInstruction: blank(optionalText(20_000, "Message instruction")),
  // The settings' rows: a name and its options (comma-separated) each, paired by position.
  settingName: z.array(z.string()),
  settingOptions: z.array(z.string()),
  costTokens: blank(wholeNumber(modelTexts.costInteger, { min: 0, max: 1_000_000 })),
  costUnit: blank(text(40, "Cost unit").transform((value) => value || "message")),
  weight: z.preprocess((value) => value || "0", wholeNumber("Weight must be a whole number", { min: -1_000_000, max: 1_000_000 })),
  apiUrl: blank(
    text(500, "API URL")
      .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), modelTexts.apiUrl)
      .refine((value) => value === "" || !URL.canParse(value) || !isForbiddenModelHost(new URL(value).hostname), FORBIDDEN_MODEL_ADDRESS_TEXT)
      .transform((value) => value || null),
  ),
  isPublished: checkbox(),
  isStream: checkbox(),
  isWebhook: checkbox(),
  acceptsImages: checkbox(),
  earlyAccess: checkbox(),
  // Blank: no bound beyond the history's message count.
  contextTokens: blank(
    z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === "") return null;
        const tokens = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
        if (tokens >= CONTEXT_TOKENS_MIN && tokens <= CONTEXT_TOKENS_MAX) return tokens;
        context.addIssue({ code: "custom", message: modelTexts.contextTokens });
        return z.NEVER;
      }),
  ),
  apiKey: z.string().optional(),
  removeApiKey: checkbox(),
};

/**
 * The chat model editor's form as sent (checkboxes "on", settings as rows); parsed, it is the
 * row's columns (`settings` typed from the rows) and what to do with the key.
 */
export const modelForm = <Intent extends "create" | "update">(intent: Intent) =>
  z.object({ intent: z.literal(intent), ...modelFields }).transform(({ settingName, settingOptions, apiKey, removeApiKey, ...model }, context) => {
    const settings = modelSettingsSchema.safeParse(settingsFromRows(settingRows(settingName, settingOptions)));
    if (!settings.success) {
      context.addIssue({ code: "custom", path: ["settings"], message: settings.error.issues[0]?.message ?? modelTexts.updateFailed });
      return z.NEVER;
    }
    const typed = apiKey?.trim() ?? "";
    const key: KeyChange = typed ? { set: typed.slice(0, 1000) } : removeApiKey ? "remove" : "keep";
    return { ...model, settings: settings.data, key };
  });

/** The setting rows a form sent: names and options paired by position. */
export function settingRows(names: unknown[], options: unknown[]): SettingRow[] {
  return names.map((name, index) => ({ name: String(name), options: String(options[index] ?? "") }));
}

export type ModelInput = Omit<z.output<ReturnType<typeof modelForm>>, "intent" | "key">;

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

/**
 * A detail's options as typed: one a line, each plain text or a JSON object with the same keys as
 * the first object (lib/documents/detail-options); blank lines are skipped.
 */
const detailOptionsText = z.string().transform((value, context) => {
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const read: unknown[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith("{")) read.push(line);
    else {
      try {
        read.push(JSON.parse(line));
      } catch {
        context.addIssue({ code: "custom", message: detailTexts.badLine(index + 1) });
        return z.NEVER;
      }
    }
  }
  const options = detailOptionsSchema.safeParse(read);
  if (options.success) return options.data;
  context.addIssue({ code: "custom", message: options.error.issues[0]?.message ?? detailTexts.saveFailed });
  return z.NEVER;
});

/** The character-detail form as sent: options one per line, a line starting with `{` being an object. */
export const detailForm = <Intent extends "create" | "update">(intent: Intent) =>
  z.object({
    intent: z.literal(intent),
    name: blank(required(100, "Name", detailTexts.nameRequired)),
    description: blank(text(500, "Description")),
    options: blank(detailOptionsText),
  });
