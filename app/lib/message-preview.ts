import { isImageAttachment } from "./attachments";
import type { MessageAttachmentKind } from "./chat";
import type { TextId } from "./i18n/ids";

/** A message as one line of plain text, for the session list: Markdown's marks go, the words stay. */
export function messagePreview(markdown: string, maxChars = 300): string {
  return (
    markdown
      // Only the start is shown; a long reply is not worth scanning whole.
      .slice(0, maxChars * 2)
      .replace(/^\s*(```|~~~).*$/gm, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
      .replace(/(\*\*|\*|~~|`+)(?=\S)([^\n]*?\S)\1/g, "$2")
      // Underscores mark emphasis only between non-word characters (snake_case stays as it is).
      .replace(/(^|\W)(__?)(?=\S)([^\n]*?\S)\2(?=\W|$)/g, "$1$3")
      .replace(/\s+/g, " ")
      .trimStart()
      .slice(0, maxChars)
      .trim()
  );
}

/** A message's media and attachments, as the browser's view and the session list's query both know them. */
type MessageParts = {
  messageType?: string;
  media?: { kind: "image" | "video" | "audio" }[];
  attachments?: { name: string }[];
  generating?: boolean;
};

/**
 * What a message holds besides its words, for the session list: its first medium (a picture
 * request's reply; one still being made is the picture or video it will be), else a picture among
 * its attachments, else a file.
 */
export function attachmentKindOf({ messageType, media = [], attachments = [], generating }: MessageParts): MessageAttachmentKind | undefined {
  const medium = media[0]?.kind;
  if (medium) return medium === "image" ? "picture" : medium;
  if (generating) return messageType === "video" ? "video" : "picture";
  if (attachments.some((file) => isImageAttachment(file.name))) return "picture";
  return attachments.length ? "file" : undefined;
}

export const attachmentKindLabels: Record<MessageAttachmentKind, TextId> = {
  picture: "chat.kind.picture",
  video: "chat.kind.video",
  audio: "chat.kind.audio",
  file: "chat.kind.file",
};
