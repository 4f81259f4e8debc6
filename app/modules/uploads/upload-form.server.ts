import { UPLOAD_MAX_BYTES, uploadTexts } from "~/lib/uploads";
import { declaresMoreThan, readFormWithin } from "~/modules/http/form.server";
import { UploadRejectedError } from "./uploads.server";

/** One media file and the multipart framing around it. */
const UPLOAD_FORM_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/** A form that may carry one My Media file; UploadRejectedError (413) when it is larger than one may be. */
export async function readUploadForm(request: Request) {
  if (declaresMoreThan(request, UPLOAD_FORM_MAX_BYTES)) throw new UploadRejectedError(uploadTexts.tooLarge, 413);
  const form = await readFormWithin(request, UPLOAD_FORM_MAX_BYTES);
  if (!form) throw new UploadRejectedError(uploadTexts.tooLarge, 413);
  return form;
}

/** The non-empty file a form posted under `name`, if any. */
export function fileInForm(form: FormData, name = "file") {
  const value = form.get(name);
  return value instanceof File && value.size > 0 && value.name !== "" ? value : null;
}
