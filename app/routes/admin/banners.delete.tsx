import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { bannerTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { deleteBanner, getBanner } from "~/modules/admin/banners.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/banners.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ title: (await getBanner(params.bannerId)).title }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, {
    save: (admin) => deleteBanner(admin, params.bannerId),
    done: ["/admin/banners", "banner-deleted"],
    failed: bannerTexts.deleteFailed,
  });
}

export default function DeleteBanner({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ConfirmDelete
      title={t("catalogue.banners.delete.title")}
      question={t("catalogue.banners.delete.question")}
      name={loaderData.title}
      error={formFailure(actionData)?.error}
      backTo="/admin/banners"
    />
  );
}
