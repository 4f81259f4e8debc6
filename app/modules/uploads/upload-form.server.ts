import { z } from "zod";
import { UPLOAD_MAX_BYTES, uploadTexts } from "~/lib/uploads";
import type { FormLimit } from "~/modules/http/form.server";

/** A form that may carry one My Media file: the file and the multipart framing around it. */
export const UPLOAD_FORM: FormLimit = { maxBytes: UPLOAD_MAX_BYTES + 64 * 1024, tooLarge: uploadTexts.tooLarge };

/** A file field: the non-empty file posted under it, else null (nothing chosen, or text where a file goes). */
export const formFile = z
  .unknown()
  .optional()
  .transform((value) => (value instanceof File && value.size > 0 && value.name !== "" ? value : null));

/** My Media's add form (`intent=upload` without JavaScript; the page's script posts the file alone to /api/uploads). */
export const uploadForm = z.object({ intent: z.string().optional(), file: formFile });
