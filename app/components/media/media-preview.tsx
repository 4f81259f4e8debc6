import { AudioLines } from "lucide-react";
import type { GalleryItemView } from "~/lib/gallery";
import { useT, type Translate } from "~/lib/i18n/react";

const FALLBACK_LABELS = { image: "media.gallery.generatedImage", video: "media.gallery.generatedVideo", audio: "media.gallery.generatedAudio" } as const;

/** What an item is called to a screen reader: its prompt, or what it is. */
export function mediaLabel(t: Translate, item: Pick<GalleryItemView, "kind" | "prompt">) {
  return item.prompt || t(FALLBACK_LABELS[item.kind]);
}

/**
 * A gallery or Collection tile's media, 3:4: a picture opens the viewer; a video and a sound play
 * where they are (with the browser's own controls, so they work without JavaScript too). A video
 * shows its poster until it plays; a sound loads only when played.
 */
export function MediaPreview({ item, onOpen }: { item: GalleryItemView; onOpen: () => void }) {
  const t = useT();
  const label = mediaLabel(t, item);
  if (item.kind === "image") {
    return (
      <button type="button" onClick={onOpen} className="block aspect-[3/4] w-full overflow-hidden" aria-label={t("media.gallery.open", { label })}>
        <img src={item.thumbUrl} alt={label} loading="lazy" className="size-full object-cover transition hover:scale-105" />
      </button>
    );
  }
  if (item.kind === "video") {
    return (
      <video
        src={item.url}
        poster={item.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        className="aspect-[3/4] w-full bg-black object-contain"
        aria-label={label}
      />
    );
  }
  return (
    <div className="flex aspect-[3/4] flex-col justify-between gap-2 bg-gradient-to-b from-accent-soft to-raised p-2">
      <div className="flex flex-1 items-center justify-center text-accent" aria-hidden>
        <AudioLines className="size-12" />
      </div>
      <audio src={item.url} controls preload="none" className="h-10 w-full" aria-label={label} />
    </div>
  );
}
