import { ATTACHMENT_MAX_BYTES, attachmentTexts } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { AttachmentRejected, storeChatAttachment, uploadAllowed } from "~/modules/chat/attachments.server";
import { declaresMoreThan, readFormWithin } from "~/modules/http/form.server";
import type { Route } from "./+types/chat.uploads";

/** One attachment and the multipart framing around it. */
const UPLOAD_FORM_MAX_BYTES = ATTACHMENT_MAX_BYTES + 64 * 1024;

/** One chat attachment per request (the composer shows each file's progress on its own). */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: chatTexts.replyNotSignedIn }, { status: 401 });
  const tooLarge = () => Response.json({ error: attachmentTexts.tooLarge }, { status: 413 });
  // A file refused for its size does not count against the hourly uploads; the count comes before the body is read.
  if (declaresMoreThan(request, UPLOAD_FORM_MAX_BYTES)) return tooLarge();
  if (!(await uploadAllowed(user.id))) return Response.json({ error: attachmentTexts.tooManyUploads }, { status: 429 });
  const form = await readFormWithin(request, UPLOAD_FORM_MAX_BYTES);
  if (!form) return tooLarge();
  const file = form.get("file");
  if (!(file instanceof File)) return Response.json({ error: attachmentTexts.uploadFailed("file") }, { status: 400 });
  try {
    return Response.json(await storeChatAttachment(user.id, file));
  } catch (error) {
    if (error instanceof AttachmentRejected) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
}
