import { z } from "zod";
import { DeleteConfirmation } from "~/components/media/delete-confirmation";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { errorData, failureToast, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { deleteUpload, ownUpload } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/media.delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.media.delete.meta.title");

/** The confirmation a browser without JavaScript asks on; someone else's upload is 404. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  try {
    const upload = await ownUpload(user.id, params.uploadId);
    return { filename: upload.filename };
  } catch (error) {
    return errorData(error);
  }
}

/** The Delete button's form. */
const deleteForm = z.object({ intent: z.literal("delete", { error: "Unknown action" }) });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    // Someone else's record is 404 whatever was posted; the owner's needs the Delete button's intent.
    await ownUpload(user.id, params.uploadId);
    await parseForm(request, deleteForm, { maxBytes: 16 * 1024 });
    await deleteUpload(user.id, params.uploadId);
  } catch (error) {
    if (isAppError(error)) return errorData(error);
    return redirectWithToast("/dashboard/media", failureToast(error, "media-delete-failed"));
  }
  return redirectWithToast("/dashboard/media", "media-deleted");
}

export default function DeleteMedia({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (!("filename" in loaderData)) return null;
  return (
    <DeleteConfirmation title={t("dashboard.media.deleteTitle")} backTo="/dashboard/media" className="max-w-md">
      <p className="text-sm text-muted">{t("dashboard.media.confirmDelete")}</p>
      <p className="truncate text-sm font-medium">{loaderData.filename}</p>
    </DeleteConfirmation>
  );
}
