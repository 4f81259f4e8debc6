import { ModalRoute } from "~/components/admin/modal-route";
import { bannerEditForm, bannerTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { BANNER_FORM, getBanner, updateBanner } from "~/modules/admin/banners.server";
import { BannerForm } from "./+shared/banner-form";
import { editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/banners.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ banner: await getBanner(params.bannerId) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, bannerEditForm, {
    limit: BANNER_FORM,
    save: (admin, { image, ...banner }) => updateBanner(admin, params.bannerId, banner, image),
    done: ["/admin/banners", "banner-updated"],
    failed: bannerTexts.updateFailed,
  });
}

export default function EditBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner } = loaderData;
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.banners.edit.title")} backTo="/admin/banners" wide>
      <BannerForm intent="update" values={banner} imageUrl={banner.imageUrl} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
