import { Prisma } from "~/generated/prisma/client";
import {
  chatTexts,
  MESSAGES_PAGE_SIZE,
  SESSION_LIST_LIMIT,
  type ChatMediaView,
  type ChatMessageView,
  type ChatSessionSummary,
  type PresentMessages,
} from "~/lib/chat";
import { agentDocumentFor } from "~/lib/documents/agent-document";
import { personaName } from "~/lib/macros";
import { chatMessageDocumentSchema, parseChatMessageDocument, type ChatMessageDocumentInput } from "~/lib/documents/chat-message";
import { attachmentKindOf } from "~/lib/message-preview";
import { addressTime } from "~/lib/query-params";
import { liveLoginSessionSql } from "~/modules/auth/login-session.server";
import { escapeLike, isForeignKeyViolation, isUuid, sqlClock, sqlNow } from "~/modules/db/sql.server";
import { visibleCharacter } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError, NotFoundError } from "~/modules/http/errors.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { signedUrl } from "~/modules/storage/storage.server";
import { attachmentViews, removeUnusedAttachments } from "./attachments.server";
import { greetingsFor } from "./greeting.server";
import { chatEventNotifySql, publishChatEvent } from "./realtime.server";

/** Someone else's session, message or agent, or a character not published: it does not exist for this person (404). `id`: what was asked for. */
export class ChatNotFoundError extends NotFoundError {
  constructor(
    readonly id?: string,
    message?: string,
  ) {
    super(message);
  }
}

/** A message to delete that is not there (deleted already, in another tab) or not the person's own: 404, "Failed to delete message". */
export class MessageNotFoundError extends ChatNotFoundError {
  constructor(id: string) {
    super(id, chatTexts.deleteFailed);
  }
}

/**
 * Spec section 4, "Start chat on a character": reuse this person's copy of the character (their
 * chat_agent) and its latest session, or create both and post the greeting: the character's own,
 * else one from its model (greetingsFor). The agent row lock makes two clicks at once land in one
 * session; the greeting comes after that transaction, so no lock is held while a model answers.
 */
export async function startChat(userId: string, characterId: string): Promise<string> {
  const character = await visibleCharacter(userId, characterId);
  if (!character) throw new ChatNotFoundError(characterId);
  const started = await prisma().$transaction(
    async (tx) => {
      await tx.chatAgent.upsert({
        where: { userId_characterId: { userId, characterId } },
        update: { status: "active" },
        create: {
          userId,
          characterId,
          name: character.name,
          description: character.description,
          avatarUrl: character.avatarUrl,
          bio: character.description,
          document: agentDocumentFor(character),
          customModels: character.customModels ?? [],
          systemInstruction: character.systemInstruction,
          messageInstruction: character.messageInstruction,
          imagePrompt: character.imagePrompt,
          promptGuide: character.promptGuide ?? Prisma.JsonNull,
        },
      });
      const [agent] = await tx.$queryRaw<{ id: string; name: string; avatarUrl: string | null }[]>`
        SELECT id::text AS id, name, avatar_url AS "avatarUrl" FROM chat_agents WHERE user_id = ${userId}::uuid AND character_id = ${characterId}::uuid FOR UPDATE`;
      const latest = await tx.chatSession.findFirst({ where: { agentId: agent!.id, userId }, orderBy: { createdAt: "desc" }, select: { id: true } });
      if (latest) return { sessionId: latest.id, agent: null };
      const session = await tx.chatSession.create({ data: { userId, agentId: agent!.id, status: "active" } });
      return { sessionId: session.id, agent: agent! };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
  if (started.agent) {
    const [person, perks] = await Promise.all([prisma().user.findUnique({ where: { id: userId }, select: { name: true, email: true } }), planPerksOf(userId)]);
    // A character's alternate greetings are the greeting's other versions: the person may switch before answering.
    const alternatives = await greetingsFor(character, personaName(person), perks);
    const session = { id: started.sessionId, agentId: started.agent.id, characterId, agentName: started.agent.name, agentAvatar: started.agent.avatarUrl };
    try {
      await saveMessage(session, userId, { senderType: "agent", message: alternatives[0]!, alternatives });
    } catch (error) {
      // The character (and with it the new chat) was deleted meanwhile: there is no chat to open.
      if (isForeignKeyViolation(error)) throw new ChatNotFoundError(characterId);
      throw error;
    }
  }
  return started.sessionId;
}

export type OwnSession = { id: string; agentId: string; characterId: string; agentName: string; agentAvatar: string | null };

/** The session if it is this person's (one query); otherwise ChatNotFoundError, so someone else's session answers 404, never a hint that it exists. */
export async function getOwnSession(userId: string, sessionId: string): Promise<OwnSession> {
  if (!isUuid(sessionId)) throw new ChatNotFoundError(sessionId);
  const [session] = await prisma().$queryRaw<OwnSession[]>`
    SELECT s.id::text AS id, s.agent_id::text AS "agentId", a.character_id::text AS "characterId", a.name AS "agentName", a.avatar_url AS "agentAvatar"
    FROM chat_sessions s JOIN chat_agents a ON a.id = s.agent_id
    WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}::uuid`;
  if (!session) throw new ChatNotFoundError(sessionId);
  return session;
}

/** The time part of a list cursor: an ISO time on a day that exists, as toISOString writes it. */
const CURSOR_TIME = addressTime();

/**
 * A list cursor from a URL (`listSessions`'s `next`: the last chat's time and id), or null when it
 * is not one (then the list starts at the newest chat).
 */
export function readSessionCursor(value: string | null) {
  const [time, id, ...rest] = (value ?? "").split("_");
  if (rest.length > 0 || !id || !isUuid(id) || !CURSOR_TIME.safeParse(time).success) return null;
  return { time: new Date(time!), id };
}

/** A session summary as the database answers it: the time is still a Date, and the last message's media and document as stored. */
type SummaryRow = Omit<ChatSessionSummary, "lastMessageTime" | "lastMessageKind"> & {
  lastMessageTime: Date;
  lastMessageType: string | null;
  lastMedia: unknown;
  lastDocument: unknown;
};

/** The person's chats that `where` keeps, in the list's order (time descending, id ascending), at most `limit`. */
async function sessionSummaries(userId: string, where: Prisma.Sql, limit: number): Promise<ChatSessionSummary[]> {
  const rows = await prisma().$queryRaw<SummaryRow[]>`
    SELECT s.id::text AS id, a.id::text AS "agentId", a.name AS "agentName", a.avatar_url AS "agentAvatar",
           a.character_id::text AS "characterId", last.message AS "lastMessage", last.message_type AS "lastMessageType",
           last.media AS "lastMedia", last.document AS "lastDocument",
           COALESCE(s.last_message_at, s.created_at) AS "lastMessageTime"
    FROM chat_sessions s
    JOIN chat_agents a ON a.id = s.agent_id
    LEFT JOIN LATERAL (
      SELECT m.message, m.message_type, m.media, m.document FROM chat_messages m WHERE m.session_id = s.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) last ON true
    WHERE s.user_id = ${userId}::uuid ${where}
    ORDER BY COALESCE(s.last_message_at, s.created_at) DESC, s.id
    LIMIT ${limit}`;
  return rows.map(({ lastMessageType, lastMedia, lastDocument, ...row }) => {
    const kind = lastMessageKind(lastMessageType, lastMedia, lastDocument);
    return { ...row, ...(kind ? { lastMessageKind: kind } : {}), lastMessageTime: row.lastMessageTime.toISOString() };
  });
}

/** What the last message holds besides its words (a picture, say), as its view would show it. */
function lastMessageKind(messageType: string | null, media: unknown, document: unknown) {
  const parsed = parseChatMessageDocument(document);
  return attachmentKindOf({
    messageType: messageType ?? undefined,
    media: mediaKinds(media).map((kind) => ({ kind })),
    attachments: parsed.uploadedFiles.map((file) => ({ name: file.path })),
    generating: parsed.isGenerating === true,
  });
}

/**
 * One page of the person's chats, newest message first, optionally narrowed by the agent's name
 * (`search`): `limit` of them (SESSION_LIST_LIMIT unless said), after the chat `older` points at
 * (a cursor as `next` gives it) when given; `afterCursor` says whether it was one. `next` points
 * at this page's last chat when there are more, else is null. `including`: a chat of theirs (the one open) that an unsearched list
 * shows below the page when the page does not hold it.
 */
export async function listSessions(
  userId: string,
  { search = "", older = null, limit = SESSION_LIST_LIMIT, including }: { search?: string; older?: string | null; limit?: number; including?: string } = {},
): Promise<{ sessions: ChatSessionSummary[]; next: string | null; afterCursor: boolean }> {
  const query = search.trim().slice(0, 100);
  const nameFilter = query ? Prisma.sql`AND a.name ILIKE ${`%${escapeLike(query)}%`}` : Prisma.empty;
  const cursor = readSessionCursor(older);
  // What comes after the cursor's chat in the list's order. Times are stored as UTC without a
  // zone, to the millisecond, as the cursor has them.
  const time = cursor && Prisma.sql`${cursor.time.toISOString().slice(0, -1)}::timestamp`;
  const after = cursor
    ? Prisma.sql`AND (COALESCE(s.last_message_at, s.created_at) < ${time} OR (COALESCE(s.last_message_at, s.created_at) = ${time} AND s.id > ${cursor.id}::uuid))`
    : Prisma.empty;
  const rows = await sessionSummaries(userId, Prisma.sql`${nameFilter} ${after}`, limit + 1);
  const sessions = rows.slice(0, limit);
  const last = sessions.at(-1);
  const next = rows.length > limit && last ? `${last.lastMessageTime}_${last.id}` : null;
  if (including && !query && isUuid(including) && !sessions.some((session) => session.id === including)) {
    sessions.push(...(await sessionSummaries(userId, Prisma.sql`AND s.id = ${including}::uuid`, 1)));
  }
  return { sessions, next, afterCursor: cursor !== null };
}

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
  return { messages: page.map(toView), hasMore: rows.length > MESSAGES_PAGE_SIZE };
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
  return { live: new Set(row?.live ?? []), message: row?.id ? toView(row as MessageRow) : null };
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

/** The view of a message `messageCtes` saved, from its id and time. */
export function savedMessageView(entry: NewMessage, row: { id: string; createdAt: Date; versionCount?: number; selected?: number }): ChatMessageView {
  return {
    id: row.id,
    senderType: entry.senderType,
    message: entry.message,
    messageType: entry.messageType ?? "chat",
    createdAt: row.createdAt.toISOString(),
    attachments: attachmentViews(entry.document ?? {}),
    ...versionsView(row.versionCount ?? 0, row.selected ?? 0),
    ...stoppedView(entry.document?.stopped === true, row.versionCount ?? 0, row.selected ?? 0),
  };
}

function versionsView(count: number, selected: number): Pick<ChatMessageView, "versions"> {
  return count > 1 ? { versions: { selected, count } } : {};
}

/** The document (and so its `stopped`) describes a reply's newest version: an earlier one shown was not stopped, as far as is known. */
function stoppedView(stopped: boolean, count: number, selected: number): Pick<ChatMessageView, "stopped"> {
  return stopped && (count <= 1 || selected === count - 1) ? { stopped } : {};
}

/**
 * Adds a message to the session and announces it to the person's open tabs and devices, in one
 * statement. `endsReply`: the reply_until of the reply this message is, which it ends (unless
 * another reply has taken the chat since). `announce: false`: the caller announces it later.
 */
export async function saveMessage(
  session: OwnSession,
  userId: string,
  entry: NewMessage,
  { endsReply, announce = true }: { endsReply?: Date | null; announce?: boolean } = {},
): Promise<ChatMessageView> {
  const [row] = await prisma().$queryRaw<{ id: string; createdAt: Date; versionCount: number; selected: number }[]>`
    WITH ${messageCtes(
      {
        sessionId: Prisma.sql`${session.id}::uuid`,
        userId: Prisma.sql`${userId}::uuid`,
        senderId: Prisma.sql`${entry.senderType === "user" ? userId : session.agentId}::uuid`,
      },
      entry,
      Prisma.empty,
      endsReply ? { replyUntil: Prisma.sql`CASE WHEN s.reply_until = ${endsReply}::timestamp(3) THEN NULL ELSE s.reply_until END` } : {},
    )}
    SELECT saved.id::text AS id, saved.created_at AS "createdAt", saved.version_count AS "versionCount", saved.selected_alternative AS selected
    FROM saved ${announce ? Prisma.sql`, announced` : Prisma.empty}`;
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

type MessageRow = {
  id: string;
  senderType: "user" | "agent";
  message: string;
  messageType: string;
  createdAt: Date;
  document: unknown;
  alternatives?: string[];
  selectedAlternative?: number;
  media?: unknown;
};

function toView(row: MessageRow): ChatMessageView {
  const attachments = attachmentViews(row.document);
  const media = chatMediaViews(row.media);
  const document = parseChatMessageDocument(row.document);
  const generating = media.length === 0 && document.isGenerating === true;
  const versionCount = row.alternatives?.length ?? 0;
  return {
    id: row.id,
    senderType: row.senderType,
    message: row.message,
    messageType: row.messageType,
    createdAt: row.createdAt.toISOString(),
    ...(attachments.length ? { attachments } : {}),
    ...versionsView(versionCount, row.selectedAlternative ?? 0),
    ...stoppedView(document.stopped === true, versionCount, row.selectedAlternative ?? 0),
    ...(media.length ? { media } : {}),
    ...(generating ? { generating } : {}),
  };
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
  return toView(rows[0]!);
}

type StoredMedia = { mediaType?: unknown; path?: unknown; thumbnailPath?: unknown };

/** A picture request's reply media as stored by the media jobs (gallery paths): each with a path, and its kind. */
function storedMedia(media: unknown): { entry: StoredMedia & { path: string }; kind: ChatMediaView["kind"] }[] {
  if (!Array.isArray(media)) return [];
  return media.flatMap((entry: StoredMedia) => {
    if (!entry || typeof entry.path !== "string") return [];
    const kind = entry.mediaType === "video" || entry.mediaType === "audio" ? entry.mediaType : "image";
    return [{ entry: entry as StoredMedia & { path: string }, kind }];
  });
}

const mediaKinds = (media: unknown) => storedMedia(media).map((item) => item.kind);

/** A picture request's reply media, as signed links. */
function chatMediaViews(media: unknown): ChatMediaView[] {
  return storedMedia(media).map(({ entry, kind }) => {
    const url = signedUrl("gallery", entry.path);
    return { kind, url, thumbUrl: typeof entry.thumbnailPath === "string" ? signedUrl("gallery", entry.thumbnailPath) : url };
  });
}
