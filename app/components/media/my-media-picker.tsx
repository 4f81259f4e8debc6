import { useCallback, useEffect, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/lib/i18n/react";
import { uploadTexts, type UploadMediaType, type UploadsPage, type UploadView } from "~/lib/uploads";
import { MediaThumb } from "./media-thumb";
import { MediaUploadForm } from "./media-upload-form";
import { UploadTypeOptions } from "./upload-type-options";

/**
 * The My Media picker (spec section 2, overlays): the person's uploads, 20 a page, newest first,
 * filtered by a part of the file name and by type, with an upload of a new file; choosing one
 * hands it to `onPick`.
 */
export function MyMediaPicker({
  onPick,
  onClose,
  mediaType = null,
}: {
  onPick: (upload: UploadView) => void;
  onClose: () => void;
  mediaType?: UploadMediaType | null;
}) {
  const [q, setQ] = useState("");
  const t = useT();
  const [type, setType] = useState<UploadMediaType | "">(mediaType ?? "");
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<UploadsPage | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/uploads?${new URLSearchParams({ q, type, page: String(page) })}`);
      if (!response.ok) throw new Error(String(response.status));
      setResult((await response.json()) as UploadsPage);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [q, type, page]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [load]);

  return (
    <Dialog open onClose={onClose} title={t("media.generate.myMedia")} wide>
      <h2 className="mb-3 text-lg font-semibold">{t("media.generate.myMedia")}</h2>
      <div className="mb-3">
        <MediaUploadForm
          onAdded={(upload) => {
            setPage(1);
            void load();
            onPick(upload);
          }}
        />
      </div>
      <div className="mb-3 flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={t("media.picker.fileName")}
          placeholder={t("media.picker.search")}
          value={q}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setPage(1);
          }}
          className="field h-10 min-w-40 flex-1"
        />
        <select
          aria-label={t("media.picker.type")}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as UploadMediaType | "");
            setPage(1);
          }}
          className="field h-10"
        >
          <UploadTypeOptions />
        </select>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t("media.picker.loadFailed")}{" "}
          <button type="button" className="underline" onClick={() => void load()}>
            {t("media.gallery.tryAgain")}
          </button>
        </p>
      ) : result === null ? (
        <p className="text-sm text-muted">{t("media.gallery.loading")}</p>
      ) : result.uploads.length === 0 ? (
        <p className="text-sm text-muted">{q || type ? uploadTexts.noMatches : uploadTexts.empty}</p>
      ) : (
        <ul className="grid max-h-[50vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
          {result.uploads.map((upload) => (
            <li key={upload.id}>
              <button
                type="button"
                onClick={() => onPick(upload)}
                className="flex w-full flex-col gap-1 rounded-xl border border-line p-1 text-left hover:border-accent"
              >
                <span className="aspect-square overflow-hidden rounded-lg">
                  <MediaThumb kind={upload.mediaType} thumbUrl={upload.thumbUrl} label={upload.filename} />
                </span>
                <span className="truncate text-xs">{upload.filename}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {result && result.pageCount > 1 ? (
        <div className="mt-3 flex items-center justify-between text-sm">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("media.viewer.previous")}
          </button>
          <span>{t("media.picker.page", { page, count: result.pageCount })}</span>
          <button type="button" className="btn-secondary" disabled={page >= result.pageCount} onClick={() => setPage(page + 1)}>
            {t("media.viewer.next")}
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
