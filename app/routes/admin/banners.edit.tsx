import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { BANNER_FORM_MAX_BYTES, getBanner, readBannerForm, updateBanner } from "~/modules/admin/banners.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { BannerForm, type BannerFailure } from "./banners.form";
import type { Route } from "./+types/banners.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { banner: await getBanner(params.bannerId) };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, BANNER_FORM_MAX_BYTES);
  if (!form) return data({ error: "Failed to upload image: Choose an image up to 5 MB" }, { status: 413 });
  switch (form.get("intent")) {
    case "update":
      return update(admin, params.bannerId, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function update(admin: { id: string; email: string }, bannerId: string, form: FormData) {
  try {
    const { banner, image } = await readBannerForm(form, { imageRequired: false });
    await updateBanner(admin, bannerId, banner, image);
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/banners", "banner-updated");
}

export default function EditBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner } = loaderData;
  return (
    <ModalRoute title="Edit Banner" backTo="/admin/banners" wide>
      <BannerForm intent="update" values={banner} imageUrl={banner.imageUrl} failure={actionData as BannerFailure} />
    </ModalRoute>
  );
}
