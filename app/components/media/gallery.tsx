import { Globe, Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog";
import { GALLERY_FILTERS, GALLERY_REFRESH_MS, galleryFilterLabels, type GalleryFilter, type GalleryItemView, type GalleryPage } from "~/lib/gallery";
import { useT } from "~/lib/i18n/react";
import { mediaLabel, MediaPreview } from "./media-preview";
import { MediaViewer } from "./media-viewer";
import { PublicSwitch } from "./public-switch";

export type PendingJobView = { jobId: string; prompt: string; status: string; createdAt: string };

type Props = {
  filter: GalleryFilter;
  initial: GalleryPage;
  signedIn: boolean;
  pending: PendingJobView[];
  /** The page's address with other query values changed, for the filter tabs and Load More. */
  hrefWith: (values: Record<string, string>) => string;
  /** Bumped when the person's live feed says one of their jobs changed: the gallery reloads. */
  liveVersion: number;
};

/**
 * The gallery under the Generate form: filter tabs, items newest first, Load More (a link that
 * works without JavaScript; with it, more load in place and on scrolling near the end), a
 * refresh every 30 s and on live job events, and the owner's public/private and delete actions.
 */
export function Gallery({ filter, initial, signedIn, pending, hrefWith, liveVersion }: Props) {
  const [items, setItems] = useState(initial.items);
  const t = useT();
  const [page, setPage] = useState(initial.page);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [failed, setFailed] = useState<"more" | "refresh" | null>(null);
  const [loading, setLoading] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<GalleryItemView | null>(null);
  const pageRef = useRef(page);
  pageRef.current = page;

  const fetchPage = useCallback(
    async (query: Record<string, string>) => {
      const response = await fetch(`/api/gallery?${new URLSearchParams({ filter, ...query })}`);
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as GalleryPage;
    },
    [filter],
  );

  const refresh = useCallback(async () => {
    try {
      const latest = await fetchPage({ page: String(pageRef.current), through: "1" });
      setItems(latest.items);
      setHasMore(latest.hasMore);
      setFailed(null);
    } catch {
      setFailed("refresh");
    }
  }, [fetchPage]);

  // New data from the page's loader (another filter, an action's redirect): shown as it is,
  // unless more pages were loaded here, which a refresh keeps.
  useEffect(() => {
    if (pageRef.current > initial.page) return void refresh();
    setItems(initial.items);
    setPage(initial.page);
    setHasMore(initial.hasMore);
  }, [initial, refresh]);

  useEffect(() => {
    const timer = setInterval(() => void refresh(), GALLERY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    if (liveVersion > 0) void refresh();
  }, [liveVersion, refresh]);

  const loadMore = useCallback(async () => {
    if (loading) return;
    setLoading(true);
    try {
      const next = await fetchPage({ page: String(pageRef.current + 1) });
      setItems((current) => [...current, ...next.items.filter((item) => !current.some((known) => known.id === item.id))]);
      setPage(next.page);
      setHasMore(next.hasMore);
      setFailed(null);
    } catch {
      setFailed("more");
    } finally {
      setLoading(false);
    }
  }, [fetchPage, loading]);

  const sentinel = useInfiniteScroll(hasMore && failed === null && !loading, loadMore);

  return (
    <section id="gallery" aria-labelledby="gallery-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gallery-heading" className="text-xl font-semibold">
          {t("media.gallery.heading")}
        </h2>
        <nav aria-label={t("media.gallery.filter")} className="flex flex-wrap gap-2">
          {GALLERY_FILTERS.filter((option) => option !== "mine" || signedIn).map((option) => (
            <Link
              key={option}
              to={hrefWith({ filter: option, page: "1" })}
              preventScrollReset
              aria-current={option === filter ? "page" : undefined}
              className={`rounded-full border px-4 py-1.5 text-sm ${option === filter ? "border-accent bg-accent-strong text-white" : "border-line hover:border-accent"}`}
            >
              {t(galleryFilterLabels[option])}
            </Link>
          ))}
        </nav>
      </div>

      {failed ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-danger">{t("media.gallery.loadFailed")}</p>
          <button type="button" className="btn-secondary" onClick={() => void (failed === "more" ? loadMore() : refresh())}>
            {t("media.gallery.tryAgain")}
          </button>
        </div>
      ) : null}

      {items.length === 0 && pending.length === 0 ? <p className="card p-8 text-center text-muted">{t("media.gallery.empty")}</p> : null}

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {filter !== "public" ? pending.map((job) => <PendingCard key={job.jobId} job={job} />) : null}
        {items.map((item, index) => (
          <GalleryCard key={item.id} item={item} onOpen={() => setViewing(index)} onDelete={() => setDeleting(item)} />
        ))}
      </ul>

      {hasMore ? (
        <div ref={sentinel} className="flex justify-center">
          <Link
            to={hrefWith({ filter, page: String(page + 1) })}
            preventScrollReset
            className="btn-secondary"
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
          >
            {loading ? t("media.gallery.loading") : t("media.gallery.loadMore")}
          </Link>
        </div>
      ) : null}

      {viewing !== null ? <MediaViewer items={items} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} /> : null}
      <ConfirmDeleteImage item={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/** Calls `load` when the element scrolls into view (spec section 9: a threshold of 0.1). */
function useInfiniteScroll(enabled: boolean, load: () => void) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element || !enabled) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { threshold: 0.1 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, load]);
  return setElement;
}

function PendingCard({ job }: { job: PendingJobView }) {
  const t = useT();
  return (
    <li className="card flex aspect-[3/4] flex-col justify-between gap-2 p-3" aria-busy="true">
      <p className="line-clamp-3 text-sm text-muted">{job.prompt}</p>
      <div className="flex flex-col gap-1" role="status">
        <span className="text-sm font-medium">{t("media.gallery.generating")}</span>
        <progress className="h-2 w-full accent-accent" aria-label={t("media.gallery.generatingPrompt", { prompt: job.prompt })} />
        <span className="text-xs text-faint">{job.status === "queued" ? t("media.gallery.queued") : t("media.gallery.inProgress")}</span>
      </div>
    </li>
  );
}

function GalleryCard({ item, onOpen, onDelete }: { item: GalleryItemView; onOpen: () => void; onDelete: () => void }) {
  const promptId = useId();
  const t = useT();
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="gallery-item">
      <MediaPreview item={item} onOpen={onOpen} />
      <div className="flex flex-col gap-2 p-2.5">
        <p id={promptId} className="line-clamp-2 text-xs text-muted" title={item.prompt}>
          {item.prompt}
        </p>
        {item.mine ? (
          <div className="flex items-center justify-between gap-1">
            <PublicSwitch item={item} describedBy={promptId} />
            <Link
              to={`/gallery/${item.id}/delete`}
              onClick={(event) => {
                event.preventDefault();
                onDelete();
              }}
              className="rounded-full p-1.5 text-muted hover:text-danger"
              aria-label={t("media.gallery.delete", { label: mediaLabel(t, item) })}
            >
              <Trash2 className="size-4" aria-hidden />
            </Link>
          </div>
        ) : item.isPublic ? (
          <span className="flex items-center gap-1 text-xs text-faint">
            <Globe className="size-3.5" aria-hidden /> {t("media.gallery.public")}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function ConfirmDeleteImage({ item, onClose }: { item: GalleryItemView | null; onClose: () => void }) {
  const location = useLocation();
  const t = useT();
  return (
    <ConfirmDeleteDialog
      title={t("media.gallery.deleteImage")}
      question={t("media.gallery.confirmDelete")}
      action={item ? `/gallery/${item.id}/delete` : null}
      onClose={onClose}
    >
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
    </ConfirmDeleteDialog>
  );
}
