import { Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { MediaThumb } from "~/components/media/media-thumb";
import { MediaUploadForm } from "~/components/media/media-upload-form";
import { UploadTypeOptions } from "~/components/media/upload-type-options";
import { useReload } from "~/components/chat/use-chat-feed";
import { Pagination } from "~/components/pagination";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog";
import { FormAlert } from "~/components/ui/form";
import { parsePage } from "~/lib/gallery";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { formatBytes, parseUploadMediaType, uploadTexts, type UploadView } from "~/lib/uploads";
import { requireUser } from "~/modules/auth/login-session.server";
import { failureToast, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { UPLOAD_FORM, uploadForm } from "~/modules/uploads/upload-form.server";
import { addUpload, listUploads, UploadRejectedError } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.media.meta.title");

const MEDIA = "/dashboard/media";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const filters = {
    q: url.searchParams.get("q")?.trim() ?? "",
    type: parseUploadMediaType(url.searchParams.get("type")),
    page: parsePage(url.searchParams.get("page")),
  };
  return { filters, ...(await listUploads(user.id, filters)) };
}

/** Without JavaScript a file is added here (`intent=upload`); the page's script sends it to /api/uploads with its progress. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    const { intent, file } = await parseForm(request, uploadForm, UPLOAD_FORM);
    if (intent !== "upload") return redirectWithToast(MEDIA, "media-add-failed");
    if (!file) throw new UploadRejectedError(uploadTexts.notMedia);
    await addUpload(user.id, file);
    return redirectWithToast(MEDIA, "media-added");
  } catch (error) {
    if (!isAppError(error)) return redirectWithToast(MEDIA, failureToast(error, "media-add-failed"));
    // Each part in the person's language: "Failed to add media: <why>".
    return data({ error: `${translateMessage(uploadTexts.addFailed)}: ${translateMessage(error.message)}` }, { status: error.status });
  }
}

export default function MyMedia({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { filters, uploads, page, pageCount, total } = loaderData;
  const reload = useReload();
  const [deleting, setDeleting] = useState<UploadView | null>(null);
  const hrefFor = (number: number) =>
    `${MEDIA}?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.type ? { type: filters.type } : {}), page: String(number) })}`;
  const filtered = filters.q !== "" || filters.type !== null;
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("dashboard.media.heading")}</h1>
        <p className="text-sm text-muted">{t("dashboard.media.intro")}</p>
      </div>

      <section className="card flex flex-col gap-3 p-5" aria-labelledby="add-heading">
        <h2 id="add-heading" className="font-semibold">
          {t("dashboard.media.add")}
        </h2>
        <MediaUploadForm action={MEDIA} onAdded={reload} />
        {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      </section>

      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-48 flex-1 flex-col gap-1.5">
          <label htmlFor="media-q" className="text-sm font-medium">
            {t("dashboard.media.fileName")}
          </label>
          <input id="media-q" name="q" type="search" defaultValue={filters.q} placeholder={t("dashboard.media.search")} className="field h-11" />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="media-type" className="text-sm font-medium">
            {t("dashboard.media.type")}
          </label>
          <select id="media-type" name="type" defaultValue={filters.type ?? ""} className="field h-11">
            <UploadTypeOptions />
          </select>
        </div>
        <button type="submit" className="btn-secondary h-11">
          {t("dashboard.media.filter")}
        </button>
      </Form>

      {uploads.length === 0 ? (
        <p className="card p-8 text-center text-muted">{filtered ? t("dashboard.media.noMatches") : t("dashboard.media.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t("dashboard.usage.files", { count: total })}</p>
          <ul className="grid grid-cols-2 gap-4 @lg:grid-cols-4">
            {uploads.map((upload) => (
              <li key={upload.id} className="card flex flex-col overflow-hidden">
                <a href={upload.url} target="_blank" rel="noreferrer" className="aspect-square overflow-hidden">
                  <MediaThumb kind={upload.mediaType} thumbUrl={upload.thumbUrl} label={upload.filename} />
                </a>
                <div className="flex items-start justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium" title={upload.filename}>
                      {upload.filename}
                    </p>
                    <p className="text-xs text-faint">{formatBytes(upload.size)}</p>
                  </div>
                  <Link
                    to={`${MEDIA}/${upload.id}/delete`}
                    onClick={(event) => {
                      event.preventDefault();
                      setDeleting(upload);
                    }}
                    className="rounded-full p-1.5 text-muted hover:text-danger"
                    aria-label={t("dashboard.media.deleteLabel", { name: upload.filename })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}
      <ConfirmDeleteUpload upload={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ConfirmDeleteUpload({ upload, onClose }: { upload: UploadView | null; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      title={t("dashboard.media.deleteTitle")}
      question={t("dashboard.media.confirmDelete")}
      action={upload ? `${MEDIA}/${upload.id}/delete` : null}
      onClose={onClose}
    />
  );
}
