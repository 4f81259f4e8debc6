import { ModalRoute } from "~/components/admin/modal-route";
import { newBannerForm, bannerTexts, todayIsoDay } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { BANNER_FORM, createBanner } from "~/modules/admin/banners.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { BannerForm, blankBanner } from "./+shared/banner-form";
import { editorAction } from "./+shared/console-action.server";
import type { Route } from "./+types/banners.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Spec: the start date defaults to today in the add dialog.
  return { today: todayIsoDay() };
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, newBannerForm, {
    limit: BANNER_FORM,
    save: (admin, { image, ...banner }) => createBanner(admin, banner, image),
    done: ["/admin/banners", "banner-added"],
    failed: bannerTexts.addFailed,
  });
}

export default function NewBanner({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.banners.add")} backTo="/admin/banners" wide>
      <BannerForm intent="create" values={blankBanner(loaderData.today)} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
