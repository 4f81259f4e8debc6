import { data } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { bannerTexts } from "~/lib/admin-catalogue";
import { deleteBanner, getBanner } from "~/modules/admin/banners.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import type { Route } from "./+types/banners.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { title: (await getBanner(params.bannerId)).title };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, 4096);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "delete":
      return remove(admin, params.bannerId);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function remove(admin: { id: string; email: string }, bannerId: string) {
  try {
    await deleteBanner(admin, bannerId);
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/banners", "banner-deleted");
}

export default function DeleteBanner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmDelete title="Delete Banner" question={bannerTexts.deleteQuestion} name={loaderData.title} error={actionData?.error} backTo="/admin/banners" />
  );
}
