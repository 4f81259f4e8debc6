import { z } from "zod";
import { settingOption, type SettingOption } from "./model-settings";
import { listOf, optional, readWith, recordOf } from "./reading";

/**
 * A chat message's document (spec section 3): the mode it was sent in, the files attached to it,
 * the model and settings it was answered with, and a media request's id and state.
 */

/** Spec section 4: the modes a message may be sent in, and the voice note (issue 32, decision 034). */
export const CHAT_MODES = ["chat", "image", "design", "video", "vision", "voice"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** A file attached to a message: its stored path, and what the composer knew of it. */
export type UploadedFile = { path: string; name?: string; type?: string; content_type?: string };

export type ChatMessageDocument = {
  mode?: ChatMode;
  uploadedFiles: UploadedFile[];
  selectedModel?: string;
  settings: Record<string, SettingOption>;
  ai_platform?: string;
  model_id?: string;
  message?: string;
  isGenerating?: boolean;
  request_id?: string;
  /** The person stopped the reply (its newest version) before the model finished it. */
  stopped?: boolean;
  /** When the person last edited the message's text (ISO). */
  editedAt?: string;
};

const uploadedFileReading = z.object({ path: z.string(), name: optional(z.string()), type: optional(z.string()), content_type: optional(z.string()) });

const chatMessageDocumentReading = z.object({
  mode: optional(z.enum(CHAT_MODES)),
  uploadedFiles: listOf(uploadedFileReading),
  selectedModel: optional(z.string()),
  settings: recordOf(settingOption),
  ai_platform: optional(z.string()),
  model_id: optional(z.string()),
  message: optional(z.string()),
  isGenerating: optional(z.boolean()),
  request_id: optional(z.string()),
  stopped: optional(z.boolean()),
  editedAt: optional(z.string()),
});

/** Reads a stored message document: files without a path, and parts of the wrong type, are left out. Never throws. */
export function parseChatMessageDocument(value: unknown): ChatMessageDocument {
  return readWith(chatMessageDocumentReading, value, () => ({ uploadedFiles: [], settings: {} }));
}

export const chatMessageDocumentTexts = {
  mode: `The mode must be one of ${CHAT_MODES.join(", ")}`,
  path: "Each uploaded file needs its stored path",
  text: (field: string) => `${field} must be a text`,
  isGenerating: "isGenerating must be true or false",
  stopped: "stopped must be true or false",
} as const;

const text = (field: string) => z.string(chatMessageDocumentTexts.text(field)).optional();

/** What is written to a message's document (a send, a reply, a media request). */
export const chatMessageDocumentSchema = z.strictObject({
  mode: z.enum(CHAT_MODES, chatMessageDocumentTexts.mode).optional(),
  uploadedFiles: z
    .array(
      z.strictObject({
        path: z.string(chatMessageDocumentTexts.path).min(1, chatMessageDocumentTexts.path),
        name: text("name"),
        type: text("type"),
        content_type: text("content_type"),
      }),
    )
    .optional(),
  selectedModel: text("selectedModel"),
  settings: z.record(z.string(), settingOption).optional(),
  ai_platform: text("ai_platform"),
  model_id: text("model_id"),
  message: text("message"),
  isGenerating: z.boolean(chatMessageDocumentTexts.isGenerating).optional(),
  request_id: text("request_id"),
  stopped: z.boolean(chatMessageDocumentTexts.stopped).optional(),
});

/** A message document as a writer gives it, before chatMessageDocumentSchema checks it. */
export type ChatMessageDocumentInput = z.input<typeof chatMessageDocumentSchema>;
