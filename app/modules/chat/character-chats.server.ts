import { prisma } from "~/modules/db/db.server";
import { isUuid, sqlNow, sqlUtc } from "~/modules/db/sql.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { ChatNotFoundError } from "./errors.server";
import { publishChatChanged } from "./realtime.server";
import { getOwnSession } from "./sessions.server";

/*
 * Issue 36, several chats with one character: the person's chats with the character of the one
 * open (newest first), named, deleted, and branched from a message into a new one.
 */

/** One of the person's chats with a character, as its list names it. */
export type CharacterChat = { id: string; title: string | null; startedAt: string; lastMessageAt: string; messageCount: number };

/** How many of a character's chats the list shows; a person with more finds the rest in the chat list's search. */
export const CHARACTER_CHATS_LIMIT = 50;
export const CHAT_TITLE_MAX_CHARS = 80;

export const characterChatTexts = {
  titleTooLong: "A chat's name is at most 80 characters",
} as const;

/** The person's chats with the agent of `sessionId` (theirs, else ChatNotFoundError), the latest used first, and the character's id. */
export async function listCharacterChats(userId: string, sessionId: string): Promise<{ characterId: string; chats: CharacterChat[] }> {
  const session = await getOwnSession(userId, sessionId);
  const rows = await prisma().$queryRaw<{ id: string; title: string | null; startedAt: Date; lastMessageAt: Date; messageCount: number }[]>`
    SELECT s.id::text AS id, s.title, s.created_at AS "startedAt", COALESCE(s.last_message_at, s.created_at) AS "lastMessageAt",
           (SELECT count(*)::int FROM chat_messages m WHERE m.session_id = s.id) AS "messageCount"
    FROM chat_sessions s
    WHERE s.user_id = ${userId}::uuid AND s.agent_id = ${session.agentId}::uuid
    ORDER BY COALESCE(s.last_message_at, s.created_at) DESC, s.id
    LIMIT ${CHARACTER_CHATS_LIMIT}`;
  const chats = rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString(), lastMessageAt: row.lastMessageAt.toISOString() }));
  return { characterId: session.characterId, chats };
}

/** A chat's new name: blank clears it. */
export function readChatTitle(value: string | undefined) {
  const title = (value ?? "").replaceAll("\0", "").replace(/\s+/g, " ").trim();
  if (title.length > CHAT_TITLE_MAX_CHARS) throw new InvalidInputError(characterChatTexts.titleTooLong);
  return title || null;
}

/** Names one of the person's chats (null: no name); someone else's answers ChatNotFoundError. */
export async function renameOwnChat(userId: string, sessionId: string, title: string | null) {
  const { count } = isUuid(sessionId) ? await prisma().chatSession.updateMany({ where: { id: sessionId, userId }, data: { title } }) : { count: 0 };
  if (count === 0) throw new ChatNotFoundError(sessionId);
  await publishChatChanged(userId, sessionId);
}

/**
 * Deletes one of the person's chats with its messages (they go with it, by the foreign key).
 * Returns where to go next: the latest other chat with the same character, or null.
 */
export async function deleteOwnChat(userId: string, sessionId: string): Promise<string | null> {
  const session = await getOwnSession(userId, sessionId);
  const { count } = await prisma().chatSession.deleteMany({ where: { id: session.id, userId } });
  if (count === 0) throw new ChatNotFoundError(sessionId);
  await publishChatChanged(userId, session.id, "deleted");
  const next = await prisma().chatSession.findFirst({
    where: { userId, agentId: session.agentId },
    orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    select: { id: true },
  });
  return next?.id ?? null;
}

/**
 * "Branch from here": a new chat with the same character holding copies of the messages up to and
 * including `messageId` (their versions, files and times kept; a picture still being drawn stays in
 * the chat it was asked in), listed as the latest. Returns its
 * id. A message not in the person's chat answers ChatNotFoundError, and nothing is made.
 */
export async function branchFromMessage(userId: string, sessionId: string, messageId: string): Promise<string> {
  const session = await getOwnSession(userId, sessionId);
  if (!isUuid(messageId)) throw new ChatNotFoundError(messageId);
  return prisma().$transaction(async (tx) => {
    const from = await tx.chatMessage.findFirst({ where: { id: messageId, sessionId: session.id, userId }, select: { id: true, createdAt: true } });
    if (!from) throw new ChatNotFoundError(messageId);
    const [branch] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO chat_sessions (id, user_id, agent_id, status, title, last_message_at, created_at)
      SELECT gen_random_uuid(), s.user_id, s.agent_id, 'active', NULL, ${sqlNow}, ${sqlNow} FROM chat_sessions s WHERE s.id = ${session.id}::uuid
      RETURNING id::text AS id`;
    await tx.$executeRaw`
      INSERT INTO chat_messages (id, session_id, sender_type, sender_id, user_id, message, message_type, document, alternatives, selected_alternative, media, created_at)
      SELECT gen_random_uuid(), ${branch!.id}::uuid, m.sender_type, m.sender_id, m.user_id, m.message, m.message_type, m.document - 'isGenerating', m.alternatives,
             m.selected_alternative, m.media, m.created_at
      FROM chat_messages m
      WHERE m.session_id = ${session.id}::uuid AND (m.created_at, m.id) <= (${sqlUtc(from.createdAt)}, ${from.id}::uuid)`;
    return branch!.id;
  });
}
