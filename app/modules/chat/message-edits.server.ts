import { Prisma } from "~/generated/prisma/client";
import { chatTexts, MESSAGE_MAX_CHARS, type ChatMessageView } from "~/lib/chat";
import { prisma } from "~/modules/db/db.server";
import { isUuid, sqlClock } from "~/modules/db/sql.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { ChatNotFoundError } from "./errors.server";
import { messageView, type MessageRow } from "./message-views.server";
import { publishChatEvent } from "./realtime.server";

/** The edit's time by the database's clock (as messages are stamped), written as toISOString writes one, so the two compare as text. */
const editedAtSql = Prisma.sql`to_char(${sqlClock}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The text an edited message is saved with: not blank, within a message's length (as a send's). */
export function readEditedText(value: string | undefined) {
  const text = (value ?? "").replaceAll("\0", "").trim();
  if (!text) throw new InvalidInputError(chatTexts.emptyMessage);
  if (text.length > MESSAGE_MAX_CHARS) throw new InvalidInputError(chatTexts.messageTooLong);
  return text;
}

/**
 * Issue 36: the person edits a message of their own chat, theirs or the character's. The shown
 * version of a reply with several is the one rewritten. The replies after it stay as they were
 * (the page offers to write them again from there); the edit is announced to the person's other
 * tabs as the message saved again. Someone else's message, or one not in this chat, answers 404.
 */
export async function editOwnMessage(userId: string, sessionId: string, messageId: string, text: string): Promise<ChatMessageView> {
  const rows =
    isUuid(messageId) && isUuid(sessionId)
      ? await prisma().$queryRaw<MessageRow[]>`
          UPDATE chat_messages m
          SET message = ${text},
              alternatives = CASE WHEN m.selected_alternative < cardinality(m.alternatives)
                                  THEN m.alternatives[1:m.selected_alternative] || ARRAY[${text}::text] || m.alternatives[m.selected_alternative + 2:]
                                  ELSE m.alternatives END,
              document = m.document || jsonb_build_object('editedAt', ${editedAtSql})
          WHERE m.id = ${messageId}::uuid AND m.session_id = ${sessionId}::uuid AND m.user_id = ${userId}::uuid
          RETURNING m.id::text AS id, m.sender_type::text AS "senderType", m.message, m.message_type AS "messageType", m.created_at AS "createdAt",
                    m.document, m.alternatives, m.selected_alternative AS "selectedAlternative", m.media`
      : [];
  if (rows.length === 0) throw new ChatNotFoundError(messageId);
  await publishChatEvent({ kind: "message", userId, sessionId, messageId });
  return messageView(rows[0]!);
}
