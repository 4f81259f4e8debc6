/** The gallery's shapes the browser receives, and its texts (spec sections 2, 5, 8 and 9). */
import type { TextId } from "./i18n/ids";

/**
 * Spec section 6: 'all' is the person's items plus public ones, 'mine' their own (signed-in only),
 * 'public' only public ones. The spec's labels said Images; the gallery holds video and audio too.
 */
export const GALLERY_FILTERS = ["all", "mine", "public"] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

export const galleryFilterLabels: Record<GalleryFilter, TextId> = {
  all: "media.gallery.filter.all",
  mine: "media.gallery.filter.mine",
  public: "media.gallery.filter.public",
};

/** Spec section 9: the gallery shows 10 a page and refreshes itself every 30 s. */
export const GALLERY_PAGE_SIZE = 10;
export const GALLERY_REFRESH_MS = 30_000;

export type MediaKind = "image" | "video" | "audio";

export type GalleryItemView = {
  id: string;
  prompt: string;
  kind: MediaKind;
  /** A link to the full file (signed for 7 days). */
  url: string;
  /** A 300 px wide thumbnail for pictures and for videos with a poster; the file itself otherwise. */
  thumbUrl: string;
  /** A video's first frame in its own shape, shown until it plays; null when there is none. */
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  isPublic: boolean;
  createdAt: string;
  /** Whether the viewer owns it: only then may they make it public or private, or delete it. */
  mine: boolean;
};

export type GalleryPage = { items: GalleryItemView[]; hasMore: boolean; page: number };

export const galleryTexts = {
  confirmDelete: "Are you sure you want to delete this image?",
  generating: "Generating",
} as const;

export function parseGalleryFilter(value: string | null, signedIn: boolean): GalleryFilter {
  const filter = (GALLERY_FILTERS as readonly string[]).includes(value ?? "") ? (value as GalleryFilter) : "all";
  return filter === "mine" && !signedIn ? "all" : filter;
}

/** A page number from the URL: a whole number of at least 1, else 1. */
export function parsePage(value: string | null, max = 1000) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, max) : 1;
}

const VIDEO = /\.(mp4|webm|mov)(\?|$)/i;
const AUDIO = /\.(mp3|wav|ogg|m4a|flac)(\?|$)/i;

/** Whether a stored file is a picture, a video or a sound, by its name. */
export function mediaKindOf(pathOrUrl: string): MediaKind {
  if (VIDEO.test(pathOrUrl)) return "video";
  if (AUDIO.test(pathOrUrl)) return "audio";
  return "image";
}

/** Where a gallery action returns: the Generate or Collection page it came from, never anywhere else. */
export function galleryReturnPath(value: FormDataEntryValue | null) {
  const path = typeof value === "string" ? value : "";
  const url = new URL(path || "/generate", "http://x");
  if (url.host !== "x" || !["/generate", "/collection"].includes(url.pathname)) return "/generate";
  url.searchParams.delete("toast");
  return url.pathname + url.search;
}
