/** What the browser is told of a media job and its results (the jobs module builds these). */

export const MEDIA_JOB_STATUSES = ["queued", "submitted", "completed", "failed", "cancelled"] as const;
export type MediaJobStatus = (typeof MEDIA_JOB_STATUSES)[number];

export const MEDIA_TYPES = ["image", "video", "audio", "music"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Still generating: the gallery shows it as Generating. */
export function isJobRunning(status: MediaJobStatus) {
  return status === "queued" || status === "submitted";
}

/** What is known of one produced file from its content, as stored and as shown. */
export type MediaFileFacts = {
  requestId: string;
  /** image, video or audio (music is stored as audio) */
  mediaType: "image" | "video" | "audio";
  contentType: string;
  width: number | null;
  height: number | null;
  duration: number | null;
};

/** One produced file, with links that work for whoever holds them (signed, 7 days). */
export type MediaItemView = MediaFileFacts & {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  isPublic: boolean;
  prompt: string;
  createdAt: string;
};

export type MediaJobView = {
  id: string;
  requestId: string;
  status: MediaJobStatus;
  mediaType: MediaType;
  model: string;
  prompt: string;
  costTokens: number;
  /** the person-facing reason when failed or cancelled */
  error: string | null;
  /** results made by the offline demo provider are labelled as such */
  demo: boolean;
  chatSessionId: string | null;
  characterId: string | null;
  createdAt: string;
  finishedAt: string | null;
  items: MediaItemView[];
};

/** The live feed's event when a job changes state (the `media-job` event of /api/events). */
export type MediaJobEvent = { type: "media-job"; jobId: string; status: MediaJobStatus };

/** A chat message's media, as stored on the message once its job has completed. */
export type StoredMessageMedia = {
  galleryImageId: string;
  mediaType: "image" | "video" | "audio";
  contentType: string;
  path: string;
  thumbnailPath: string | null;
  width: number | null;
  height: number | null;
};

export const mediaJobTexts = {
  started: "Image generation started",
  failed: "Failed to generate image",
  timedOut: "The generation took too long and was stopped. Your tokens were given back.",
  cancelled: "Cancelled. Your tokens were given back.",
  emptyPrompt: "Enter a prompt or add a file",
  noModel: "This model is not available",
  notMedia: "This model does not make images, video or audio",
  notConfigured: "This model cannot be used right now",
  noPictureModel: "No model can make this right now",
} as const;
