import { IMAGE_ATTACHMENT_EXTENSIONS } from "~/lib/attachments";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import type { ChatPart } from "~/modules/ai/providers/types";
import { contentTypeForPath } from "~/modules/storage/paths";
import { getObject } from "~/modules/storage/storage.server";

/**
 * The picture Vision and Design take when none is attached: the chat's last picture, whether the
 * person attached it (stored in `chats`) or a picture request drew it (stored in `gallery`).
 */
export type ChatPicture = { bucket: "chats" | "gallery"; path: string; name: string };

const IMAGE_PATH = `\\.(${IMAGE_ATTACHMENT_EXTENSIONS.join("|")})$`;

/**
 * The newest picture in a session, the last of its message's pictures; null when it has none.
 * `userId`, when known, narrows it to that person's session; a caller that does not know it yet
 * (the reply's opening statement checks whose session it is) must not use the answer before then.
 */
export async function lastPictureInChat(sessionId: string, userId?: string): Promise<ChatPicture | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await prisma().$queryRaw<{ bucket: "chats" | "gallery"; path: string }[]>`
    SELECT pictures.bucket, pictures.path FROM (
      SELECT m.created_at, m.id, file.position, 'chats' AS bucket, file.entry ->> 'path' AS path
      FROM chat_messages m,
           jsonb_array_elements(CASE WHEN jsonb_typeof(m.document -> 'uploadedFiles') = 'array' THEN m.document -> 'uploadedFiles' ELSE '[]'::jsonb END)
             WITH ORDINALITY AS file(entry, position)
      WHERE m.session_id = ${sessionId}::uuid AND (${userId ?? null}::uuid IS NULL OR m.user_id = ${userId ?? null}::uuid)
        AND lower(file.entry ->> 'path') ~ ${IMAGE_PATH}
      UNION ALL
      SELECT m.created_at, m.id, item.position, 'gallery', item.entry ->> 'path'
      FROM chat_messages m,
           jsonb_array_elements(CASE WHEN jsonb_typeof(m.media) = 'array' THEN m.media ELSE '[]'::jsonb END) WITH ORDINALITY AS item(entry, position)
      WHERE m.session_id = ${sessionId}::uuid AND (${userId ?? null}::uuid IS NULL OR m.user_id = ${userId ?? null}::uuid)
        AND item.entry ->> 'mediaType' = 'image' AND jsonb_typeof(item.entry -> 'path') = 'string'
    ) AS pictures
    ORDER BY pictures.created_at DESC, pictures.id DESC, pictures.position DESC
    LIMIT 1`;
  return row ? { bucket: row.bucket, path: row.path, name: row.path.split("/").pop()! } : null;
}

/** The picture's bytes and type as stored; null when the file is gone. */
export async function readChatPicture(picture: ChatPicture): Promise<{ data: Buffer; contentType: string } | null> {
  const stored = await getObject(picture.bucket, picture.path);
  return stored ? { data: stored.body, contentType: contentTypeForPath(picture.path) } : null;
}

/** The picture as an image part of a prompt (a data URL, so the provider never needs to reach this server). */
export async function picturePromptPart(picture: ChatPicture): Promise<ChatPart | null> {
  const stored = await readChatPicture(picture);
  return stored ? { type: "image_url", image_url: { url: `data:${stored.contentType};base64,${stored.data.toString("base64")}` } } : null;
}
