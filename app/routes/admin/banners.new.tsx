import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { todayIsoDay } from "~/lib/admin-catalogue";
import { BANNER_FORM_MAX_BYTES, createBanner, readBannerForm } from "~/modules/admin/banners.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { BannerForm, blankBanner, type BannerFailure } from "./banners.form";
import type { Route } from "./+types/banners.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Spec: the start date defaults to today in the add dialog.
  return { today: todayIsoDay() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, BANNER_FORM_MAX_BYTES);
  if (!form) return data({ error: "Failed to upload image: Choose an image up to 5 MB" }, { status: 413 });
  switch (form.get("intent")) {
    case "create":
      return create(admin, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function create(admin: { id: string; email: string }, form: FormData) {
  try {
    const { banner, image } = await readBannerForm(form, { imageRequired: true });
    await createBanner(admin, banner, image!);
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/banners", "banner-added");
}

export default function NewBanner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Add Banner" backTo="/admin/banners" wide>
      <BannerForm intent="create" values={blankBanner(loaderData.today)} failure={actionData as BannerFailure} />
    </ModalRoute>
  );
}
