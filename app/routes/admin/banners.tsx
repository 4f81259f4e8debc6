import { Outlet } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { BANNER_CATEGORY_LABELS } from "~/lib/admin-catalogue";
import { thumbnailUrl } from "~/lib/catalogue";
import { formatDate } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT, type Translate } from "~/lib/i18n/react";
import { listBannersForAdmin, setBannerPublished } from "~/modules/admin/banners.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, publishForm, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/banners";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalogue.banners.meta.title");

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

const categoryLabel = (t: Translate, category: string) =>
  category in BANNER_CATEGORY_LABELS ? t(BANNER_CATEGORY_LABELS[category as keyof typeof BANNER_CATEGORY_LABELS]) : category;

const columnsFor = (t: Translate, lang: Language): AdminColumn<Listed>[] => [
  {
    header: t("catalogue.banners.column.image"),
    cell: (banner) => (
      <img src={thumbnailUrl(banner.imageUrl, 300) ?? banner.imageUrl} alt="" className="aspect-[3/1] w-28 rounded-lg bg-raised object-cover @2xl:w-44" />
    ),
  },
  {
    header: t("catalogue.form.title"),
    primary: true,
    cell: (banner) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{banner.title}</span>
        <span className="text-xs text-muted">
          {t("catalogue.banners.from", {
            date: formatDate(`${banner.startAt}T00:00:00`, lang),
            categories: banner.displayCategories.map((category) => categoryLabel(t, category)).join(", "),
          })}
        </span>
      </span>
    ),
  },
  {
    header: t("catalogue.form.published"),
    cell: (banner) => (
      <PublishSwitch intent="set-published" id={banner.id} checked={banner.isPublished} label={t("catalogue.action.published", { name: banner.title })} />
    ),
  },
  {
    header: t("catalogue.column.actions"),
    actions: true,
    cell: (banner) => (
      <div className="flex w-full justify-end">
        <EditLink to={`${banner.id}/edit`} label={t("catalogue.action.edit", { name: banner.title })} />
        <DeleteLink to={`${banner.id}/delete`} label={t("catalogue.action.delete", { name: banner.title })} />
      </div>
    ),
  },
];

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { banners } = loaderData;
  const t = useT();
  const lang = useLang();
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title={t("catalogue.banners.title")} add={{ to: "new", label: t("catalogue.banners.add") }} />
      <AdminTable
        caption={t("catalogue.banners.title")}
        columns={columnsFor(t, lang)}
        rows={banners}
        rowKey={(banner) => banner.id}
        empty={t("catalogue.banners.empty")}
      />
      <Outlet />
    </div>
  );
}

/** The banners could not be loaded (or an editor's banner does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/banners"
      listTitle={t("catalogue.banners.title")}
      notFoundTitle={t("catalogue.banners.notFound")}
      failedTitle={t("catalogue.banners.fetchFailed")}
    />
  );
}
