import { z } from "zod";
import { DeleteConfirmation } from "~/components/media/delete-confirmation";
import { galleryReturnPath } from "~/lib/gallery";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { deleteGalleryImage, galleryItemView, ownGalleryImage } from "~/modules/gallery/gallery.server";
import { errorData, failureToast, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/gallery.delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "media.meta.deleteTitle");

/** The confirmation a browser without JavaScript asks on; someone else's item is 404 (owner only, spec section 6). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  try {
    return { item: galleryItemView(await ownGalleryImage(user.id, params.imageId), user.id) };
  } catch (error) {
    return errorData(error);
  }
}

/** The Delete button's form, and the gallery page to go back to. */
const deleteForm = z.object({ intent: z.literal("delete", { error: "Unknown action" }), returnTo: z.string().optional() });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  let back = galleryReturnPath(null);
  try {
    // Someone else's record is 404 whatever was posted; the owner's needs the Delete button's intent.
    await ownGalleryImage(user.id, params.imageId);
    const form = await parseForm(request, deleteForm, { maxBytes: 16 * 1024 });
    back = galleryReturnPath(form.returnTo ?? null);
    await deleteGalleryImage(user.id, params.imageId);
  } catch (error) {
    if (isAppError(error)) return errorData(error);
    return redirectWithToast(back, failureToast(error, "image-delete-failed"));
  }
  return redirectWithToast(back, "image-deleted");
}

export default function DeleteImage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (!("item" in loaderData)) return null;
  const { item } = loaderData;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <DeleteConfirmation title={t("media.gallery.deleteImage")} backTo="/generate?filter=mine">
        <p>{t("media.gallery.confirmDelete")}</p>
        {item.kind === "image" ? (
          <img src={item.thumbUrl} alt={item.prompt || t("media.gallery.generatedImage")} className="max-h-64 self-center rounded-xl" />
        ) : null}
        <input type="hidden" name="returnTo" value="/generate?filter=mine" />
      </DeleteConfirmation>
    </div>
  );
}
