import { Pencil } from "lucide-react";
import { Link, Outlet } from "react-router";
import { z } from "zod";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { bannerTexts } from "~/lib/admin-catalogue";
import { thumbnailUrl } from "~/lib/catalogue";
import { formatDate } from "~/lib/dates";
import { listBannersForAdmin, setBannerPublished } from "~/modules/admin/banners.server";
import { adminAction } from "~/modules/admin/console.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import type { Route } from "./+types/banners";

export function meta() {
  return [{ title: "Banners · Admin · CharacterVerse" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { banners: await listBannersForAdmin() };
}

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, { "set-published": setPublished });
}

const setPublishedSchema = z.object({ id: z.string().min(1).max(64), published: z.enum(["true", "false"]) });

async function setPublished(admin: { id: string; email: string }, form: FormData) {
  const parsed = setPublishedSchema.safeParse({ id: form.get("id"), published: form.get("published") });
  if (!parsed.success) throw redirectWithToast("/admin/banners", "banner-status-failed");
  const isPublished = parsed.data.published === "true";
  try {
    await setBannerPublished(admin, parsed.data.id, isPublished);
  } catch (error) {
    if (isNotFound(error)) throw redirectWithToast("/admin/banners", "banner-status-failed");
    throw error;
  }
  throw redirectWithToast("/admin/banners", isPublished ? "banner-published" : "banner-unpublished");
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title="Banners" add={{ to: "new", label: "Add Banner" }} />
      {banners.length === 0 ? (
        <p className="card p-5 text-sm text-muted">{bannerTexts.empty}</p>
      ) : (
        <div className="@container card overflow-hidden">
          <table className="w-full text-sm">
            <thead className="hidden bg-raised text-left text-muted @xl:table-header-group">
              <tr>
                <th className="px-4 py-3 font-medium">Image</th>
                <th className="px-4 py-3 font-medium">Title</th>
                <th className="px-4 py-3 font-medium">Published</th>
                <th className="px-4 py-3 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {banners.map((banner) => (
                <tr
                  key={banner.id}
                  className="grid grid-cols-[7rem_1fr_auto] items-center gap-x-3 gap-y-2 border-t border-line p-3 first:border-t-0 @xl:table-row @xl:p-0"
                >
                  <td className="row-span-2 @xl:w-44 @xl:px-4 @xl:py-3">
                    <img src={thumbnailUrl(banner.imageUrl, 300) ?? banner.imageUrl} alt="" className="aspect-[3/1] w-full rounded-lg bg-raised object-cover" />
                  </td>
                  <td className="col-span-2 min-w-0 @xl:px-4 @xl:py-3">
                    <span className="block truncate font-medium">{banner.title}</span>
                    <span className="block truncate text-xs text-muted">
                      From {formatDate(`${banner.startAt}T00:00:00`)} · {banner.displayCategories.join(", ")}
                    </span>
                  </td>
                  <td className="@xl:px-4 @xl:py-3">
                    <PublishSwitch intent="set-published" id={banner.id} checked={banner.isPublished} label={`Published: ${banner.title}`} />
                  </td>
                  <td className="@xl:px-4 @xl:py-3">
                    <div className="flex justify-end">
                      <Link
                        to={`${banner.id}/edit`}
                        preventScrollReset
                        className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink"
                        aria-label={`Edit ${banner.title}`}
                        title="Edit"
                      >
                        <Pencil className="size-4" aria-hidden />
                      </Link>
                      <DeleteLink to={`${banner.id}/delete`} label={`Delete ${banner.title}`} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  );
}

/** The banners could not be loaded (or an editor's banner does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadErrorPanel error={error} listPath="/admin/banners" listTitle="Banners" notFoundTitle="Banner not found" failedTitle={bannerTexts.fetchFailed} />;
}
