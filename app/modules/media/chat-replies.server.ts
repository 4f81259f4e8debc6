import type { StoredMessageMedia } from "~/lib/media-jobs";
import type { Runner } from "~/modules/tokens/ledger.server";
import { chatMessageNotifySql } from "./events.server";
import type { StoredMedia } from "./results.server";

/**
 * The agent message that answers a picture request in chat (or a voice note's reply): saved as a
 * placeholder (`isGenerating`), then filled in with the job's media, or told why there is none. Either change
 * is announced as the chat's own message event, so open chats re-read the message live.
 */

export type ChatPictureMessage = { userId: string; sessionId: string; messageId: string };

export function messageMediaOf(items: (StoredMedia & { galleryImageId: string })[]): StoredMessageMedia[] {
  return items.map((item) => ({
    galleryImageId: item.galleryImageId,
    mediaType: item.mediaType,
    contentType: item.contentType,
    path: item.path,
    thumbnailPath: item.thumbnailPath,
    width: item.width,
    height: item.height,
  }));
}

/** The reply shows the media: `media` holds them, and the document no longer says it is generating. */
export async function fillChatPicture(tx: Runner, message: ChatPictureMessage, media: StoredMessageMedia[]) {
  await tx.$queryRaw`
    UPDATE chat_messages SET media = ${JSON.stringify(media)}::jsonb,
           document = jsonb_set(CASE WHEN jsonb_typeof(document) = 'object' THEN document ELSE '{}'::jsonb END, '{isGenerating}', 'false'::jsonb)
    WHERE id = ${message.messageId}::uuid AND user_id = ${message.userId}::uuid
    RETURNING id`;
  await tx.$queryRaw(chatMessageNotifySql(message.userId, message.sessionId, message.messageId));
}

/**
 * The reply says why there is no picture (failed, timed out, cancelled). A voice note's reply
 * keeps its words, which the sound was to speak, and says it after them.
 */
export async function endChatPicture(tx: Runner, message: ChatPictureMessage, text: string) {
  await tx.$queryRaw`
    UPDATE chat_messages SET message = CASE WHEN message = '' THEN ${text}::text ELSE message || ${`\n\n${text}`}::text END,
           document = jsonb_set(CASE WHEN jsonb_typeof(document) = 'object' THEN document ELSE '{}'::jsonb END, '{isGenerating}', 'false'::jsonb)
    WHERE id = ${message.messageId}::uuid AND user_id = ${message.userId}::uuid
    RETURNING id`;
  await tx.$queryRaw(chatMessageNotifySql(message.userId, message.sessionId, message.messageId));
}
