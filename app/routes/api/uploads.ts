import { parsePage } from "~/lib/gallery";
import { parseUploadMediaType, uploadTexts } from "~/lib/uploads";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { NotSignedInError } from "~/modules/chat/reply.server";
import { errorResponse } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { UPLOAD_FORM, uploadForm } from "~/modules/uploads/upload-form.server";
import { addUpload, listUploads, UploadRejectedError } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/uploads";

/** The person's My Media as JSON, for the picker: `?q=&type=&page=`. */
export async function loader({ request, url }: Route.LoaderArgs) {
  try {
    const user = await getCurrentUser(request);
    if (!user) throw new NotSignedInError();
    const filters = {
      q: url.searchParams.get("q")?.trim() ?? "",
      type: parseUploadMediaType(url.searchParams.get("type")),
      page: parsePage(url.searchParams.get("page")),
    };
    return Response.json(await listUploads(user.id, filters));
  } catch (error) {
    return errorResponse(error);
  }
}

/** One file added to My Media (the browser shows its progress while it is sent). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await getCurrentUser(request);
    if (!user) throw new NotSignedInError();
    const { file } = await parseForm(request, uploadForm, UPLOAD_FORM);
    if (!file) throw new UploadRejectedError(uploadTexts.notMedia);
    return Response.json(await addUpload(user.id, file));
  } catch (error) {
    return errorResponse(error);
  }
}
