/** Chat attachments (spec sections 5 and 8): what may be attached, and the texts when not. */

export const IMAGE_ATTACHMENT_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export const ATTACHMENT_EXTENSIONS = [...IMAGE_ATTACHMENT_EXTENSIONS, "pdf", "doc", "docx", "txt"] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 4;

export type AttachmentView = { path: string; name: string; contentType: string; url: string };

export const attachmentTexts = {
  notSupported: (extension: string) => `File type .${extension} not supported`,
  uploadFailed: (name: string) => `Failed to upload ${name}`,
  tooLarge: "Files can be at most 10 MB.",
  contentMismatch: "The file's content does not match its extension.",
  docxTooLarge: "This Word document holds too much to read. Please attach a shorter one, or a PDF.",
  tooMany: `Attach at most ${ATTACHMENTS_PER_MESSAGE} files to one message.`,
  tooManyUploads: "Too many uploads. Please try again later.",
  /** The files of a message could not be stored or read for its reply (a fault, not a refusal). */
  processFailed: "Failed to process files",
  storageFull: (quotaMb: number) =>
    `Your files take up all the space you have (${quotaMb.toLocaleString("en-US")} MB). Delete messages with files you no longer need, then try again.`,
} as const;

export function extensionOf(name: string) {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function isAllowedAttachment(name: string) {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** An attachment the model is shown as a picture (only a model that reads images can take it). */
export function isImageAttachment(name: string) {
  return (IMAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}
