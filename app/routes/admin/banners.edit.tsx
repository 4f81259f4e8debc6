import { ModalRoute } from "~/components/admin/modal-route";
import { bannerTexts } from "~/lib/admin-catalogue";
import { BANNER_FORM_MAX_BYTES, BANNER_TOO_LARGE, getBanner, readBannerForm, updateBanner } from "~/modules/admin/banners.server";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { BannerForm, type BannerFailure } from "./banners.form";
import type { Route } from "./+types/banners.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ banner: await getBanner(params.bannerId) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "update",
    maxBytes: BANNER_FORM_MAX_BYTES,
    tooLarge: BANNER_TOO_LARGE,
    save: async (admin, form) => {
      const { banner, image } = await readBannerForm(form, { imageRequired: false });
      await updateBanner(admin, params.bannerId, banner, image);
    },
    done: ["/admin/banners", "banner-updated"],
    failed: bannerTexts.updateFailed,
  });
}

export default function EditBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner } = loaderData;
  return (
    <ModalRoute title="Edit Banner" backTo="/admin/banners" wide>
      <BannerForm intent="update" values={banner} imageUrl={banner.imageUrl} failure={actionData as BannerFailure} />
    </ModalRoute>
  );
}
