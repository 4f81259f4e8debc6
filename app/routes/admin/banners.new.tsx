import { ModalRoute } from "~/components/admin/modal-route";
import { bannerTexts, todayIsoDay } from "~/lib/admin-catalogue";
import { BANNER_FORM_MAX_BYTES, BANNER_TOO_LARGE, createBanner, readBannerForm } from "~/modules/admin/banners.server";
import { editorAction } from "~/modules/admin/console.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { BannerForm, blankBanner, type BannerFailure } from "./banners.form";
import type { Route } from "./+types/banners.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Spec: the start date defaults to today in the add dialog.
  return { today: todayIsoDay() };
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "create",
    maxBytes: BANNER_FORM_MAX_BYTES,
    tooLarge: BANNER_TOO_LARGE,
    save: async (admin, form) => {
      const { banner, image } = await readBannerForm(form, { imageRequired: true });
      await createBanner(admin, banner, image!);
    },
    done: ["/admin/banners", "banner-added"],
    failed: bannerTexts.addFailed,
  });
}

export default function NewBanner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Add Banner" backTo="/admin/banners" wide>
      <BannerForm intent="create" values={blankBanner(loaderData.today)} failure={actionData as BannerFailure} />
    </ModalRoute>
  );
}
