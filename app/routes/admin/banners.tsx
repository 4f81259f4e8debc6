import { Outlet } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { bannerTexts } from "~/lib/admin-catalogue";
import { thumbnailUrl } from "~/lib/catalogue";
import { formatDate } from "~/lib/dates";
import { listBannersForAdmin, setBannerPublished } from "~/modules/admin/banners.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, publishForm, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/banners";

export function meta() {
  return [{ title: "Banners · Admin · CharacterVerse" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { banners: await listBannersForAdmin() };
}

export async function action({ request }: Route.ActionArgs) {
  return consoleAction(request, publishForm("set-published"), setPublished, { refused: () => redirectWithToast("/admin/banners", "banner-status-failed") });
}

async function setPublished(admin: AuditActor, { id, published }: { id: string; published: boolean }) {
  await unlessGone("/admin/banners", "banner-status-failed", () => setBannerPublished(admin, id, published));
  throw redirectWithToast("/admin/banners", published ? "banner-published" : "banner-unpublished");
}

type Listed = Route.ComponentProps["loaderData"]["banners"][number];

const columns: AdminColumn<Listed>[] = [
  {
    header: "Image",
    cell: (banner) => (
      <img src={thumbnailUrl(banner.imageUrl, 300) ?? banner.imageUrl} alt="" className="aspect-[3/1] w-28 rounded-lg bg-raised object-cover @2xl:w-44" />
    ),
  },
  {
    header: "Title",
    primary: true,
    cell: (banner) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{banner.title}</span>
        <span className="text-xs text-muted">
          From {formatDate(`${banner.startAt}T00:00:00`)} · {banner.displayCategories.join(", ")}
        </span>
      </span>
    ),
  },
  {
    header: "Published",
    cell: (banner) => <PublishSwitch intent="set-published" id={banner.id} checked={banner.isPublished} label={`Published: ${banner.title}`} />,
  },
  {
    header: "Actions",
    actions: true,
    cell: (banner) => (
      <div className="flex w-full justify-end">
        <EditLink to={`${banner.id}/edit`} label={`Edit ${banner.title}`} />
        <DeleteLink to={`${banner.id}/delete`} label={`Delete ${banner.title}`} />
      </div>
    ),
  },
];

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title="Banners" add={{ to: "new", label: "Add Banner" }} />
      <AdminTable caption="Banners" columns={columns} rows={banners} rowKey={(banner) => banner.id} empty={bannerTexts.empty} />
      <Outlet />
    </div>
  );
}

/** The banners could not be loaded (or an editor's banner does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadErrorPanel error={error} listPath="/admin/banners" listTitle="Banners" notFoundTitle="Banner not found" failedTitle={bannerTexts.fetchFailed} />;
}
