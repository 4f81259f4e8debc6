import { z } from "zod";
import { ATTACHMENT_MAX_BYTES, attachmentTexts } from "~/lib/attachments";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { AttachmentRejected, AttachmentsTooLargeError, storeChatAttachment, uploadAllowed } from "~/modules/chat/attachments.server";
import { NotSignedInError } from "~/modules/chat/reply.server";
import { errorResponse } from "~/modules/http/errors.server";
import { declaresMoreThan, parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/chat.uploads";

/** One attachment and the multipart framing around it. */
const UPLOAD_FORM_MAX_BYTES = ATTACHMENT_MAX_BYTES + 64 * 1024;

/** The one file; anything else under its name is refused with the upload's own text. */
const uploadForm = z.object({ file: z.unknown() });

/** One chat attachment per request (the composer shows each file's progress on its own). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await getCurrentUser(request);
    if (!user) throw new NotSignedInError();
    // A file refused for its size does not count against the hourly uploads; the count comes before the body is read.
    if (declaresMoreThan(request, UPLOAD_FORM_MAX_BYTES)) throw new AttachmentsTooLargeError();
    if (!(await uploadAllowed(user.id))) throw new AttachmentRejected(attachmentTexts.tooManyUploads, 429);
    const { file } = await parseForm(request, uploadForm, { maxBytes: UPLOAD_FORM_MAX_BYTES, tooLarge: attachmentTexts.tooLarge });
    if (!(file instanceof File)) throw new AttachmentRejected(attachmentTexts.uploadFailed("file"));
    return Response.json(await storeChatAttachment(user.id, file));
  } catch (error) {
    return errorResponse(error);
  }
}
