/** My Media (the uploads library): shapes the browser receives and texts (spec sections 2, 7, 8 and 9). */

export const UPLOAD_MEDIA_TYPES = ["image", "video", "audio"] as const;
export type UploadMediaType = (typeof UPLOAD_MEDIA_TYPES)[number];

/** Spec section 9: My Media shows 20 a page. */
export const UPLOADS_PAGE_SIZE = 20;
/** The largest file My Media takes: room for a short video. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** What the file picker offers; the server checks the bytes whatever the file is called. */
export const UPLOAD_ACCEPT = "image/*,video/*,audio/*";

export type UploadView = {
  id: string;
  filename: string;
  mediaType: UploadMediaType;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  url: string;
  thumbUrl: string;
};

export type UploadsPage = { uploads: UploadView[]; page: number; pageCount: number; total: number };

export const uploadTexts = {
  added: "Media added successfully",
  addFailed: "Failed to add media",
  deleted: "Media deleted successfully",
  confirmDelete: "Are you sure you want to delete this item?",
  notMedia: "Only images, videos and audio files can be added.",
  tooLarge: `Files can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  storageFull: (quotaMb: number) =>
    `Your files take up all the space you have (${quotaMb.toLocaleString("en-US")} MB). Delete media you no longer need, then try again.`,
  empty: "No media yet",
  noMatches: "No media matches these filters",
} as const;

export function parseUploadMediaType(value: string | null): UploadMediaType | null {
  return (UPLOAD_MEDIA_TYPES as readonly string[]).includes(value ?? "") ? (value as UploadMediaType) : null;
}

/** Binary units with one decimal, the way file managers show sizes. */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
