import { Prisma } from "~/generated/prisma/client";
import { chatTexts, MESSAGES_PAGE_SIZE, type ChatMessageView, type PresentMessages } from "~/lib/chat";
import { chatMessageDocumentSchema, type ChatMessageDocumentInput } from "~/lib/documents/chat-message";
import { liveLoginSessionSql } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid, sqlClock, sqlNow } from "~/modules/db/sql.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { removeUnusedAttachments } from "./attachments.server";
import { MessageNotFoundError } from "./errors.server";
import { messageView, savedMessageView, type MessageRow } from "./message-views.server";
import { chatEventNotifySql, publishChatEvent } from "./realtime.server";

/** One page of a session's messages, oldest first, ending before `before` (a message id) if given. */
export async function listMessages(sessionId: string, before?: string | null): Promise<{ messages: ChatMessageView[]; hasMore: boolean }> {
  const cursor =
    before && isUuid(before) ? await prisma().chatMessage.findFirst({ where: { id: before, sessionId }, select: { createdAt: true, id: true } }) : null;
  const rows = await prisma().chatMessage.findMany({
    where: {
      sessionId,
      ...(cursor && { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MESSAGES_PAGE_SIZE + 1,
    select: {
      id: true,
      senderType: true,
      message: true,
      messageType: true,
      createdAt: true,
      document: true,
      alternatives: true,
      selectedAlternative: true,
      media: true,
    },
  });
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  return { messages: page.map(messageView), hasMore: rows.length > MESSAGES_PAGE_SIZE };
}

/** At most this many ids in one answer of `presentMessageIds`. */
export const PRESENT_IDS_MAX = 1000;

/**
 * Which of a session's messages still exist from `since` on: a page that kept messages while its
 * live feed was down asks, to drop those deleted meanwhile (the feed would have said so).
 */
export async function presentMessageIds(sessionId: string, since: Date): Promise<PresentMessages> {
  const rows = await prisma().chatMessage.findMany({
    where: { sessionId, createdAt: { gte: since } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PRESENT_IDS_MAX + 1,
    select: { id: true, createdAt: true },
  });
  const listed = rows.slice(0, PRESENT_IDS_MAX);
  const complete = rows.length <= PRESENT_IDS_MAX;
  return { ids: listed.map((row) => row.id), complete, from: (complete ? since : listed.at(-1)!.createdAt).toISOString() };
}

/**
 * For a person's live feeds on one instance, in one statement: which of their login sessions
 * (`loginSessionIds`) are still live, and, when `messageId` is given and one of them is, that
 * message if it is this person's (`message` null when it is gone or not theirs). One read serves
 * every feed of the person, whatever their number.
 */
export async function liveSignInsWithOwnMessage(
  loginSessionIds: string[],
  userId: string,
  messageId: string | null,
): Promise<{ live: Set<string>; message: ChatMessageView | null }> {
  if (loginSessionIds.length === 0) return { live: new Set(), message: null };
  const live = Prisma.join(
    loginSessionIds.map(
      (id) => Prisma.sql`SELECT ${id}::text AS id WHERE EXISTS (SELECT 1 FROM (${liveLoginSessionSql(id)}) s WHERE s."userId" = ${userId}::uuid)`,
    ),
    " UNION ALL ",
  );
  const [row] = await prisma().$queryRaw<(Partial<MessageRow> & { live: string[] | null })[]>`
    WITH live AS (${live})
    SELECT (SELECT array_agg(live.id) FROM live) AS live, m.id::text AS id, m.sender_type::text AS "senderType", m.message,
           m.message_type AS "messageType", m.created_at AS "createdAt", m.document, m.alternatives, m.selected_alternative AS "selectedAlternative", m.media
    FROM (SELECT 1) one
    LEFT JOIN chat_messages m ON EXISTS (SELECT 1 FROM live) AND m.id = ${messageId && isUuid(messageId) ? messageId : null}::uuid AND m.user_id = ${userId}::uuid`;
  return { live: new Set(row?.live ?? []), message: row?.id ? messageView(row as MessageRow) : null };
}

/** A message to add to a session: who wrote it, the text and its document (attachments, or the model that answered). */
export type NewMessage = {
  senderType: "user" | "agent";
  message: string;
  /** The mode it was sent in (message_type): chat unless said (a vision question and its answer, a voice note). */
  messageType?: string;
  document?: ChatMessageDocumentInput;
  /** Every version of the message, the first shown (a greeting and the character's alternate greetings). */
  alternatives?: string[];
  /** The reply this one is regenerated in place of: its versions come first, and this one is added and shown. */
  replacing?: string | null;
};

/**
 * Adding a message, as the CTEs `saved` (the new row, for each row `source` yields: one, or none
 * to add nothing), `touched` (the session's last_message_at) and `announced` (its NOTIFY, which
 * runs only if the statement reads `announced`), for a statement that does other work in the
 * same round trip (a chat reply reserves its tokens and saves the person's message at once).
 * The session, the person (user_id) and the sender (the person or the agent) are SQL expressions
 * over `source`, a FROM clause, or empty for exactly one row. `replyUntil` is what the session's
 * reply_until becomes (by default it stays): a reply starts or ends with the message it saves.
 */
export function messageCtes(
  { sessionId, userId, senderId }: { sessionId: Prisma.Sql; userId: Prisma.Sql; senderId: Prisma.Sql },
  entry: NewMessage,
  source: Prisma.Sql = Prisma.empty,
  { replyUntil = Prisma.sql`s.reply_until` }: { replyUntil?: Prisma.Sql } = {},
): Prisma.Sql {
  return Prisma.sql`
    saved AS (
      INSERT INTO chat_messages (id, session_id, sender_type, sender_id, user_id, message, message_type, document, alternatives, selected_alternative, created_at)
      SELECT gen_random_uuid(), ${sessionId}, ${entry.senderType}::"SenderType", ${senderId}, ${userId}, ${entry.message}, ${entry.messageType ?? "chat"},
             ${JSON.stringify(chatMessageDocumentSchema.parse(entry.document ?? {}))}::jsonb, ${versionsSql(entry)}, ${sqlClock}
      ${source}
      RETURNING id, session_id, user_id, created_at, cardinality(alternatives) AS version_count, selected_alternative
    ), touched AS (
      UPDATE chat_sessions s SET last_message_at = saved.created_at, reply_until = ${replyUntil} FROM saved WHERE s.id = saved.session_id
    ), announced AS (
      ${chatEventNotifySql(Prisma.sql`'message'`, Prisma.sql`saved.user_id`, Prisma.sql`saved.session_id`, Prisma.sql`saved.id`, Prisma.sql`FROM saved`)}
    )`;
}

/** At most this many versions of one message are kept; a regenerate past it drops the oldest. */
export const MESSAGE_VERSIONS_MAX = 20;

/** The alternatives and selected_alternative columns of a new message (two SQL values). */
function versionsSql(entry: NewMessage): Prisma.Sql {
  const own = entry.alternatives && entry.alternatives.length > 1 ? entry.alternatives : [];
  if (!entry.replacing || !isUuid(entry.replacing)) return Prisma.sql`${own}::text[], 0`;
  // The replaced reply's versions (itself alone when it had none), the newest kept, then this one.
  const earlier = Prisma.sql`(SELECT (CASE WHEN cardinality(o.alternatives) = 0 THEN ARRAY[o.message] ELSE o.alternatives END)[greatest(1, cardinality(o.alternatives) - ${MESSAGE_VERSIONS_MAX - 2}):]
                               FROM chat_messages o WHERE o.id = ${entry.replacing}::uuid)`;
  return Prisma.sql`COALESCE(${earlier}, '{}'::text[]) || ARRAY[${entry.message}::text], cardinality(COALESCE(${earlier}, '{}'::text[]))`;
}

/** The chat a message is saved in: its id, and the agent that writes its replies. */
export type MessageSession = { id: string; agentId: string };

/** Adds a message to the session and announces it to the person's open tabs and devices, in one statement. */
export async function saveMessage(session: MessageSession, userId: string, entry: NewMessage): Promise<ChatMessageView> {
  const [row] = await prisma().$queryRaw<{ id: string; createdAt: Date; versionCount: number; selected: number }[]>`
    WITH ${messageCtes(
      {
        sessionId: Prisma.sql`${session.id}::uuid`,
        userId: Prisma.sql`${userId}::uuid`,
        senderId: Prisma.sql`${entry.senderType === "user" ? userId : session.agentId}::uuid`,
      },
      entry,
    )}
    SELECT saved.id::text AS id, saved.created_at AS "createdAt", saved.version_count AS "versionCount", saved.selected_alternative AS selected
    FROM saved, announced`;
  return savedMessageView(entry, row!);
}

/** Deletes one of this person's own messages (spec: delete your own messages); MessageNotFoundError when it is not there or not theirs. */
export async function deleteOwnMessage(userId: string, sessionId: string, messageId: string) {
  const deleted = isUuid(messageId)
    ? await prisma().$queryRaw<{ document: unknown }[]>`
        DELETE FROM chat_messages
        WHERE id = ${messageId}::uuid AND session_id = ${sessionId}::uuid AND user_id = ${userId}::uuid AND sender_type = 'user'
        RETURNING document`
    : [];
  if (deleted.length === 0) throw new MessageNotFoundError(messageId);
  await publishChatEvent({ kind: "deleted", userId, sessionId, messageId });
  await removeUnusedAttachments(userId, deleted[0]!.document);
}

/**
 * Swipes: shows another version of the chat's last message, an agent's (a greeting before the
 * person has answered, or the last reply). Its `message` becomes that version, so the next
 * prompt's history is what the person sees. Not while a reply is being written in the chat.
 * InvalidInputError when it is not the person's chat's last agent message or has no such version.
 */
export async function selectMessageVersion(userId: string, sessionId: string, messageId: string, index: number): Promise<ChatMessageView> {
  const rows =
    isUuid(messageId) && Number.isInteger(index) && index >= 0
      ? await prisma().$queryRaw<MessageRow[]>`
          UPDATE chat_messages m SET message = m.alternatives[${index + 1}], selected_alternative = ${index}
          FROM chat_sessions s
          WHERE m.id = ${messageId}::uuid AND m.session_id = ${sessionId}::uuid AND m.user_id = ${userId}::uuid AND m.sender_type = 'agent'
            AND s.id = m.session_id AND (s.reply_until IS NULL OR s.reply_until <= ${sqlNow})
            AND ${index} < cardinality(m.alternatives)
            AND NOT EXISTS (SELECT 1 FROM chat_messages later WHERE later.session_id = m.session_id
                              AND (later.created_at, later.id) > (m.created_at, m.id))
          RETURNING m.id::text AS id, m.sender_type::text AS "senderType", m.message, m.message_type AS "messageType", m.created_at AS "createdAt",
                    m.document, m.alternatives, m.selected_alternative AS "selectedAlternative", m.media`
      : [];
  if (rows.length === 0) throw new InvalidInputError(chatTexts.versionUnavailable);
  return messageView(rows[0]!);
}
