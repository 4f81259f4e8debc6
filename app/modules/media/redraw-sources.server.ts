import { isImageAttachment } from "~/lib/attachments";
import { chatModeTexts } from "~/lib/chat-modes";
import { parseModelSettings } from "~/lib/documents/model-settings";
import { lastPictureInChat, readChatPicture, type ChatPicture } from "~/modules/chat/last-picture.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { addUpload, deleteUpload } from "~/modules/uploads/uploads.server";

/**
 * Image-to-image in chat (Design, decision 034): which models redraw a picture, and the picture a
 * request redraws. A job carries its source as one of the person's uploads (media_jobs.source_upload_id),
 * as the Generate page's jobs do, so the picture is copied into My Media first.
 */

/**
 * A model that starts from a picture: one an admin marked "Reads images" (`accepts_images`, which
 * for an image model means image-to-image), one named so at its platform, or one taking an
 * image_url setting.
 */
export function takesSourceImage(model: { acceptsImages: boolean; modelId: string; settings: unknown }) {
  return model.acceptsImages || /image-to-(image|video)|img2img|i2v|\/edit\b|redux/i.test(model.modelId) || "image_url" in parseModelSettings(model.settings);
}

/**
 * The picture Design redraws, as a new upload of the person's: the first picture among the
 * message's attachments (the person's own, checked by the caller), else the chat's last picture.
 * InvalidInputError (400) when there is none, before anything is stored.
 */
export async function redrawSource(userId: string, sessionId: string, attachments: string[]) {
  const attached = attachments.find(isImageAttachment);
  const picture: ChatPicture | null = attached
    ? { bucket: "chats", path: attached, name: attached.split("/").pop()! }
    : await lastPictureInChat(sessionId, userId);
  const stored = picture ? await readChatPicture(picture) : null;
  if (!picture || !stored) throw new InvalidInputError(chatModeTexts.noPictureToRedraw, { message: chatModeTexts.noPictureToRedraw });
  return addUpload(userId, new File([new Uint8Array(stored.data)], picture.name, { type: stored.contentType }));
}

/** Removes a source copied for a job that was then refused; one that cannot be removed stays in My Media, where the person can delete it. */
export async function deleteRedrawSource(userId: string, uploadId: string) {
  await deleteUpload(userId, uploadId).catch((error: unknown) => logger.warn({ err: error, uploadId }, "could not remove a refused redraw's source"));
}
