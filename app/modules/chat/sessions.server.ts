import { isLanguage } from "~/lib/i18n/languages";
import { currentLanguage } from "~/modules/i18n/request.server";
import { Prisma } from "~/generated/prisma/client";
import { SESSION_LIST_LIMIT, type ChatSessionSummary } from "~/lib/chat";
import { agentDocumentFor } from "~/lib/documents/agent-document";
import { personaName } from "~/lib/macros";
import { addressTime } from "~/lib/query-params";
import { visibleCharacter } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { escapeLike, isForeignKeyViolation, isUuid } from "~/modules/db/sql.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import { ChatNotFoundError } from "./errors.server";
import { greetingsFor } from "./greeting.server";
import { lastMessageKind } from "./message-views.server";
import { saveMessage } from "./messages.server";

/**
 * Spec section 4, "Start chat on a character": reuse this person's copy of the character (their
 * chat_agent) and its latest session, or create both and post the greeting: the character's own,
 * else one from its model (greetingsFor). The agent row lock makes two clicks at once land in one
 * session; the greeting comes after that transaction, so no lock is held while a model answers.
 * The latest session is the one last written in (issue 36: a person keeps several); `fresh` ("New
 * chat") always starts another.
 */
export async function startChat(userId: string, characterId: string, { fresh = false }: { fresh?: boolean } = {}): Promise<string> {
  const character = await visibleCharacter(userId, characterId);
  if (!character) throw new ChatNotFoundError(characterId);
  const started = await prisma().$transaction(
    async (tx) => {
      await tx.chatAgent.upsert(agentUpsert(userId, character));
      const [agent] = await tx.$queryRaw<{ id: string; name: string; avatarUrl: string | null }[]>`
        SELECT id::text AS id, name, avatar_url AS "avatarUrl" FROM chat_agents WHERE user_id = ${userId}::uuid AND character_id = ${characterId}::uuid FOR UPDATE`;
      const latest = fresh
        ? null
        : await tx.chatSession.findFirst({
            where: { agentId: agent!.id, userId },
            orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
            select: { id: true },
          });
      if (latest) return { sessionId: latest.id, agent: null };
      const session = await tx.chatSession.create({ data: { userId, agentId: agent!.id, status: "active" } });
      return { sessionId: session.id, agent: agent! };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
  if (started.agent) {
    const [person, perks, persona] = await Promise.all([
      prisma().user.findUnique({ where: { id: userId }, select: { name: true, email: true, language: true, replyInLanguage: true } }),
      planPerksOf(userId),
      // A new chat has no persona of its own yet: the greeting names the default one, as replies do.
      prisma().persona.findFirst({ where: { userId, isDefault: true }, select: { name: true } }),
    ]);
    // A character's alternate greetings are the greeting's other versions: the person may switch before answering.
    const answerIn = person?.replyInLanguage ? (isLanguage(person.language) ? person.language : currentLanguage()) : null;
    const alternatives = await greetingsFor(character, personaName(person, persona), perks, answerIn);
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
           a.character_id::text AS "characterId", s.title, last.message AS "lastMessage", last.message_type AS "lastMessageType",
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

/**
 * The person's copy of the character (their chat_agent), as startChat makes it, without a chat:
 * for a chat that starts otherwise than with a greeting (an imported one). Someone else's
 * private character, or none, is ChatNotFoundError.
 */
export async function ensureChatAgent(userId: string, characterId: string): Promise<{ id: string; name: string }> {
  const character = await visibleCharacter(userId, characterId);
  if (!character) throw new ChatNotFoundError(characterId);
  return prisma().chatAgent.upsert({ ...agentUpsert(userId, character), select: { id: true, name: true } });
}

type VisibleCharacter = NonNullable<Awaited<ReturnType<typeof visibleCharacter>>>;

/** The person's copy of a character: made from the character the first time, made active again after. */
function agentUpsert(userId: string, character: VisibleCharacter) {
  const characterId = character.id;
  return {
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
  } satisfies Prisma.ChatAgentUpsertArgs;
}
