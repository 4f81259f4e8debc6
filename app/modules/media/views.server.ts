import type { GalleryImage, MediaJob } from "~/generated/prisma/client";
import type { MediaItemView, MediaJobStatus, MediaJobView, MediaType, StoredMessageMedia } from "~/lib/media-jobs";
import { thumbnailUrl } from "~/lib/catalogue";
import { signedUrl } from "~/modules/storage/storage.server";

/** What the browser sees of jobs and their files: links signed for SIGNED_LINK_SECONDS, never storage paths or keys. */

/**
 * A stored file's thumbnail link: a video's kept poster, or for a picture its `/thumb` link, which
 * renders the thumbnail on its first request and keeps it (decision 039). Null for a sound.
 */
function thumbnailLink(file: { path: string; thumbnailPath: string | null | undefined; contentType: string }) {
  if (file.thumbnailPath) return signedUrl("gallery", file.thumbnailPath);
  return file.contentType.startsWith("image/") ? thumbnailUrl(signedUrl("gallery", file.path), 300) : null;
}

type ItemRow = Pick<
  GalleryImage,
  | "id"
  | "requestId"
  | "mediaType"
  | "contentType"
  | "url"
  | "storagePath"
  | "thumbnailPath"
  | "width"
  | "height"
  | "duration"
  | "isPublic"
  | "prompt"
  | "createdAt"
>;

function itemMediaType(type: string): MediaItemView["mediaType"] {
  return type === "video" || type === "audio" ? type : "image";
}

export function mediaItemView(item: ItemRow): MediaItemView {
  const path = item.storagePath ?? item.url;
  const stored = !path.startsWith("/") && !path.startsWith("http");
  return {
    id: item.id,
    requestId: item.requestId,
    mediaType: itemMediaType(item.mediaType),
    contentType: item.contentType,
    url: stored ? signedUrl("gallery", path) : path,
    thumbnailUrl: stored ? thumbnailLink({ path, thumbnailPath: item.thumbnailPath, contentType: item.contentType }) : null,
    width: item.width,
    height: item.height,
    duration: item.duration,
    isPublic: item.isPublic,
    prompt: item.prompt,
    createdAt: item.createdAt.toISOString(),
  };
}

export function jobView(job: MediaJob & { images: ItemRow[] }): MediaJobView {
  const result = job.result && typeof job.result === "object" ? (job.result as { demo?: unknown }) : {};
  return {
    id: job.id,
    requestId: job.requestId,
    status: job.status as MediaJobStatus,
    mediaType: job.mode as MediaType,
    model: job.chatModel,
    prompt: job.prompt,
    costTokens: job.costTokens,
    error: job.error,
    demo: result.demo === true || job.aiPlatform === "demo",
    chatSessionId: job.chatSessionId,
    characterId: job.characterId,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    items: job.images.map(mediaItemView),
  };
}

/** A chat message's stored media as links (for the chat's message view); storage paths stay on the server. */
export function messageMediaViews(media: unknown): (Omit<StoredMessageMedia, "path" | "thumbnailPath"> & { url: string; thumbnailUrl: string | null })[] {
  if (!Array.isArray(media)) return [];
  return media.flatMap((entry: Partial<StoredMessageMedia>) =>
    entry && typeof entry.path === "string"
      ? [
          {
            galleryImageId: String(entry.galleryImageId ?? ""),
            mediaType: itemMediaType(String(entry.mediaType ?? "image")),
            contentType: String(entry.contentType ?? ""),
            width: entry.width ?? null,
            height: entry.height ?? null,
            url: signedUrl("gallery", entry.path),
            thumbnailUrl: thumbnailLink({ path: entry.path, thumbnailPath: entry.thumbnailPath, contentType: String(entry.contentType ?? "") }),
          },
        ]
      : [],
  );
}
