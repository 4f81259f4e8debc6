import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent, type TouchEvent } from "react";
import type { MediaKind } from "~/lib/gallery";
import { useT } from "~/lib/i18n/react";

export type ViewerItem = { id: string; kind: MediaKind; url: string; prompt: string };

/** How far a finger must travel sideways to move to the next or previous item. */
const SWIPE_PX = 50;

/**
 * The full-screen viewer (spec section 2): Escape closes, the arrow keys move with wrap-around,
 * a swipe moves on phones, the page does not scroll behind it, focus stays inside while it is
 * open and returns to what opened it.
 */
export function MediaViewer({ items, index, onIndex, onClose }: { items: ViewerItem[]; index: number; onIndex: (index: number) => void; onClose: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  const t = useT();
  const touchStart = useRef<number | null>(null);
  const item = items[index];
  const move = (step: number) => onIndex((index + step + items.length) % items.length);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = "hidden";
    root.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      html.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  if (!item) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") onClose();
    else if (event.key === "ArrowRight") move(1);
    else if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "Tab") keepFocusInside(event);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    const focusable = [...(root.current?.querySelectorAll<HTMLElement>("button, a[href], audio, video") ?? [])];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const onTouchStart = (event: TouchEvent) => (touchStart.current = event.touches[0]?.clientX ?? null);
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    move(end < start ? 1 : -1);
  };

  const control = "rounded-full bg-black/60 p-2 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={t("media.viewer.label")}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white"
    >
      <div className="flex items-center justify-between gap-2 p-3">
        <p className="min-w-0 truncate text-sm" aria-live="polite">
          {index + 1} / {items.length}
          {item.prompt ? ` · ${item.prompt}` : ""}
        </p>
        <div className="flex shrink-0 gap-2">
          <a href={item.url} download className={control} aria-label={t("media.viewer.download")}>
            <Download className="size-5" aria-hidden />
          </a>
          <button type="button" onClick={onClose} className={control} aria-label={t("media.viewer.close")} data-autofocus>
            <X className="size-5" aria-hidden />
          </button>
        </div>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4">
        {item.kind === "video" ? (
          <video key={item.id} src={item.url} controls className="max-h-full max-w-full" />
        ) : item.kind === "audio" ? (
          <audio key={item.id} src={item.url} controls className="w-[min(90vw,32rem)]" />
        ) : (
          <img key={item.id} src={item.url} alt={item.prompt || t("media.gallery.generatedImage")} className="max-h-full max-w-full object-contain" />
        )}
        {items.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => move(-1)}
              className={`${control} absolute top-1/2 left-2 -translate-y-1/2`}
              aria-label={t("media.viewer.previous")}
            >
              <ChevronLeft className="size-6" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => move(1)}
              className={`${control} absolute top-1/2 right-2 -translate-y-1/2`}
              aria-label={t("media.viewer.next")}
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
