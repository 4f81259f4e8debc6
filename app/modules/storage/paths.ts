import { NotFoundError } from "~/modules/http/errors.server";

/** Buckets from the spec. Public ones are readable by anyone; private ones only through signed links. */
export const BUCKETS = {
  avatars: { public: true },
  banners: { public: true },
  gallery: { public: false },
  chats: { public: false },
  uploads: { public: false },
  /** Thumbnails rendered from the other buckets' pictures, shared by every instance; /thumb answers them, never by their own path. */
  thumbnails: { public: false },
} as const;

export type BucketName = keyof typeof BUCKETS;

export function isBucketName(name: string): name is BucketName {
  return Object.hasOwn(BUCKETS, name);
}

/** A path that could step outside its bucket: it names nothing stored (404). `reason` is for the log. */
export class InvalidStoragePathError extends NotFoundError {
  readonly reason: string;

  constructor(reason: string) {
    super();
    this.reason = reason;
  }
}

/**
 * Removes leading, trailing and doubled slashes (spec section 5) and refuses anything that could
 * step outside the bucket.
 */
export function cleanStoragePath(raw: string): string {
  const segments = raw.replaceAll("\\", "/").split("/").filter(Boolean);
  if (segments.length === 0) throw new InvalidStoragePathError("Empty storage path");
  for (const segment of segments) {
    if (segment === "." || segment === ".." || segment.includes("\0")) {
      throw new InvalidStoragePathError(`Invalid storage path segment "${segment}"`);
    }
  }
  return segments.join("/");
}

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  wav: "audio/wav",
};

export function contentTypeForPath(filePath: string) {
  const extension = filePath.split(".").pop()?.toLowerCase() ?? "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
