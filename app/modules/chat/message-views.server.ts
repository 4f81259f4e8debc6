import type { ChatMediaView, ChatMessageView } from "~/lib/chat";
import { thumbnailUrl } from "~/lib/catalogue";
import { parseChatMessageDocument, type ChatMessageDocumentInput } from "~/lib/documents/chat-message";
import { attachmentKindOf } from "~/lib/message-preview";
import { signedUrl } from "~/modules/storage/storage.server";
import { attachmentViews } from "./attachments.server";

/** A message as the database answers it: the columns a view is made of. */
export type MessageRow = {
  id: string;
  senderType: "user" | "agent";
  message: string;
  messageType: string;
  createdAt: Date;
  document: unknown;
  alternatives?: string[];
  selectedAlternative?: number;
  media?: unknown;
};

/** A stored message as the page shows it: its attachments and reply media as signed links, its versions, whether it was stopped or is still being drawn. */
export function messageView(row: MessageRow): ChatMessageView {
  const attachments = attachmentViews(row.document);
  const media = chatMediaViews(row.media);
  const document = parseChatMessageDocument(row.document);
  const generating = media.length === 0 && document.isGenerating === true;
  const versionCount = row.alternatives?.length ?? 0;
  return {
    id: row.id,
    senderType: row.senderType,
    message: row.message,
    messageType: row.messageType,
    createdAt: row.createdAt.toISOString(),
    ...(attachments.length ? { attachments } : {}),
    ...versionsView(versionCount, row.selectedAlternative ?? 0),
    ...stoppedView(document.stopped === true, versionCount, row.selectedAlternative ?? 0),
    ...(media.length ? { media } : {}),
    ...(generating ? { generating } : {}),
    ...(document.editedAt ? { edited: document.editedAt } : {}),
  };
}

/** What a new message is made of, as far as its view goes (see NewMessage in messages.server.ts). */
type SavedEntry = { senderType: "user" | "agent"; message: string; messageType?: string; document?: ChatMessageDocumentInput };

/** The view of a message `messageCtes` saved, from its id and time. */
export function savedMessageView(entry: SavedEntry, row: { id: string; createdAt: Date; versionCount?: number; selected?: number }): ChatMessageView {
  return {
    id: row.id,
    senderType: entry.senderType,
    message: entry.message,
    messageType: entry.messageType ?? "chat",
    createdAt: row.createdAt.toISOString(),
    attachments: attachmentViews(entry.document ?? {}),
    ...versionsView(row.versionCount ?? 0, row.selected ?? 0),
    ...stoppedView(entry.document?.stopped === true, row.versionCount ?? 0, row.selected ?? 0),
  };
}

function versionsView(count: number, selected: number): Pick<ChatMessageView, "versions"> {
  return count > 1 ? { versions: { selected, count } } : {};
}

/** The document (and so its `stopped`) describes a reply's newest version: an earlier one shown was not stopped, as far as is known. */
function stoppedView(stopped: boolean, count: number, selected: number): Pick<ChatMessageView, "stopped"> {
  return stopped && (count <= 1 || selected === count - 1) ? { stopped } : {};
}

/** What the last message holds besides its words (a picture, say), as its view would show it. */
export function lastMessageKind(messageType: string | null, media: unknown, document: unknown) {
  const parsed = parseChatMessageDocument(document);
  return attachmentKindOf({
    messageType: messageType ?? undefined,
    media: mediaKinds(media).map((kind) => ({ kind })),
    attachments: parsed.uploadedFiles.map((file) => ({ name: file.path })),
    generating: parsed.isGenerating === true,
  });
}

type StoredMedia = { mediaType?: unknown; path?: unknown; thumbnailPath?: unknown };

/** A picture request's reply media as stored by the media jobs (gallery paths): each with a path, and its kind. */
function storedMedia(media: unknown): { entry: StoredMedia & { path: string }; kind: ChatMediaView["kind"] }[] {
  if (!Array.isArray(media)) return [];
  return media.flatMap((entry: StoredMedia) => {
    if (!entry || typeof entry.path !== "string") return [];
    const kind = entry.mediaType === "video" || entry.mediaType === "audio" ? entry.mediaType : "image";
    return [{ entry: entry as StoredMedia & { path: string }, kind }];
  });
}

const mediaKinds = (media: unknown) => storedMedia(media).map((item) => item.kind);

/** A picture request's reply media, as signed links. */
function chatMediaViews(media: unknown): ChatMediaView[] {
  return storedMedia(media).map(({ entry, kind }) => {
    const url = signedUrl("gallery", entry.path);
    if (typeof entry.thumbnailPath === "string") return { kind, url, thumbUrl: signedUrl("gallery", entry.thumbnailPath) };
    // A picture's thumbnail is rendered on its first request and kept (decision 039).
    return { kind, url, thumbUrl: kind === "image" ? (thumbnailUrl(url, 300) ?? url) : url };
  });
}
