import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { bannerTexts } from "~/lib/admin-catalogue";
import { deleteBanner, getBanner } from "~/modules/admin/banners.server";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import type { Route } from "./+types/banners.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ title: (await getBanner(params.bannerId)).title }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "delete",
    save: (admin) => deleteBanner(admin, params.bannerId),
    done: ["/admin/banners", "banner-deleted"],
    failed: bannerTexts.deleteFailed,
  });
}

export default function DeleteBanner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmDelete title="Delete Banner" question={bannerTexts.deleteQuestion} name={loaderData.title} error={actionData?.error} backTo="/admin/banners" />
  );
}
