import { Prisma } from "~/generated/prisma/client";
import { liveLoginSessionSql } from "~/modules/auth/login-session.server";
import { KEEP_PREPARED } from "~/modules/db/database.server";
import { isUuid, sqlNow } from "~/modules/db/sql.server";
import { BASE_PERKS, personPlanIdSql } from "~/modules/payments/plan-perks.server";
import { countAttemptSql, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { reservationCtes } from "~/modules/tokens/ledger.server";
import { agentStreamsSql, agentTemperatureSql } from "./agent-settings.server";
import { messageCtes, type NewMessage } from "./messages.server";
import { chatModelChoiceSql, lastAskHasImagesSql } from "./model-choice.server";
import { REPLY_LEASE_SECONDS, REPLY_RESERVATION_GRACE_SECONDS } from "./reply-lease.server";

/*
 * A chat reply's opening statement (decision 007): everything before the model is called, in one
 * round trip. Its parts below run in this order, each a CTE the next ones read: me → perks →
 * context → counted → choice → payer → the reservation → the person's message → claimed, then
 * one row of what each found (OpeningRow). prepareReply (reply.server.ts) runs it and reads it.
 */

/** Who asks: a login session (the streaming route, whose sign-in is read in the same statement) or a person already signed in. */
export type Requester = { loginSessionId: string } | { userId: string };

/** A recent message; a person's message carries its attachments as its document records them. */
export type HistoryEntry = { senderType: "user" | "agent"; message: string; messageType: string; uploadedFiles?: unknown };

/** What the statement is asked, decided before it runs. */
export type OpeningAsk = {
  requester: Requester;
  sessionId: string;
  /** The person's message to save with the reservation; null: a regenerate, which saves none. */
  message: NewMessage | null;
  /** The attachment paths sent, which must be the person's own. */
  attachments: string[];
  /** Every model that may answer (chatModelChoiceSql picks one). */
  usable: Parameters<typeof chatModelChoiceSql>[0];
  /** A send that shows the model a picture (attached, or Vision's): it goes to a model that reads them. */
  needsImages: boolean;
  /** Vision with no picture to see: nothing is reserved or saved. */
  nothingToSee: boolean;
  /** The replies a person may ask for in a minute (CHAT_REPLIES). */
  rule: RateLimitRule;
  /** "Regenerate from here": the person's chat message the history ends with; null: the chat's newest. */
  from?: string | null;
};

/** One row of the reply's statement; the columns after `userId` are null when that step found nothing. */
export type OpeningRow = {
  userId: string;
  loginSessionId: string | null;
  lastSeenAt: Date | null;
  id: string | null;
  agentId: string;
  characterId: string;
  agentName: string;
  agentAvatar: string | null;
  description: string;
  bio: string;
  systemInstruction: string | null;
  messageInstruction: string | null;
  /** The character's lorebook as stored (parseCharacterBook reads it). */
  characterBook: unknown;
  personality: string | null;
  scenario: string | null;
  mesExample: string | null;
  postHistoryInstructions: string | null;
  /** The card's `extensions.depth_prompt` as stored (readDepthPrompt reads it). */
  depthPrompt: unknown;
  userName: string | null;
  userEmail: string;
  /** The chat's persona (or the person's default one), when there is one. */
  personaName: string | null;
  personaDescription: string | null;
  /** The person's language, and whether characters are asked to answer in it. */
  userLanguage: string | null;
  userReplyInLanguage: boolean;
  /** The agent's own temperature (spec: agent info), when its document sets one. */
  temperature: number | null;
  /** False when the agent's document turns streaming off (document.details.isStream). */
  agentStreams: boolean;
  history: HistoryEntry[];
  memoryMessages: number | null;
  lastAgentId: string | null;
  /** Another reply holds the chat: nothing else was done. */
  busy: boolean | null;
  /** How long the lease of the reply holding the chat has left, in milliseconds. */
  heldMs: number | null;
  replyUntil: Date | null;
  modelName: string | null;
  reservationId: string | null;
  balanceFree: number | null;
  balancePurchased: number | null;
  replyCount: number | null;
  retryAfterSeconds: number | null;
  userMessageId: string | null;
  userMessageAt: Date | null;
};

/** The reply's opening statement, kept prepared on each connection (it takes longer to plan than to run). */
export function openingStatementSql(ask: OpeningAsk): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(KEEP_PREPARED)}
    WITH me AS (${requesterSql(ask.requester)}),
    perks AS (${perksSql}),
    context AS (${contextSql(ask.sessionId, ask.from ?? null)}),
    counted AS (${countedSql(ask.rule)}),
    choice AS (${choiceSql(ask)}),
    payer AS (${payerSql(ask)}),
    ${reservedCtes(ask.sessionId)},
    ${askSavedCtes(ask.message)},
    claimed AS (${claimedSql(ask.message)})
    SELECT ${openingColumns(ask.message)}
    FROM ${openingFrom}`;
}

/** The lease's end: the same value wherever the statement writes or returns it (one now() per statement), to the column's milliseconds. */
const replyUntilSql = Prisma.sql`(${sqlNow} + make_interval(secs => ${REPLY_LEASE_SECONDS}))::timestamp(3)`;

/** `me`: who asks, one row ("userId", "loginSessionId", "lastSeenAt"), or none when the login session is not live. */
function requesterSql(requester: Requester): Prisma.Sql {
  return "loginSessionId" in requester
    ? liveLoginSessionSql(requester.loginSessionId)
    : Prisma.sql`SELECT ${requester.userId}::uuid AS "userId", NULL::text AS "loginSessionId", NULL::timestamp AS "lastSeenAt"`;
}

/** `perks`: the plan's perks (docs/plans.md): how much history the reply sends, and whether early-access models answer. */
const perksSql = Prisma.sql`
      SELECT COALESCE(p.memory_messages, ${BASE_PERKS.memoryMessages}) AS memory_messages, COALESCE(p.early_access, ${BASE_PERKS.earlyAccess}) AS early_access
      FROM me LEFT JOIN plans p ON p.id = ${personPlanIdSql(Prisma.sql`me."userId"`)}
    `;

/** The session's recent chat messages as a json list, oldest first: two more than the prompt's history, as a regenerate leaves out the ask it repeats and the reply it replaces. */
const recentHistorySql = (upTo: Prisma.Sql) => Prisma.sql`COALESCE((
               SELECT json_agg(json_build_object('senderType', recent.sender_type, 'message', recent.message, 'messageType', recent.message_type,
                                                 'uploadedFiles', CASE WHEN recent.sender_type = 'user' THEN recent.document -> 'uploadedFiles' END)
                               ORDER BY recent.created_at, recent.id)
               FROM (SELECT m.sender_type, m.message, m.message_type, m.document, m.created_at, m.id FROM chat_messages m
                     WHERE m.session_id = s.id AND m.message_type = 'chat' ${upTo}
                     ORDER BY m.created_at DESC, m.id DESC LIMIT (SELECT memory_messages FROM perks) + 2) recent
             ), '[]'::json)`;

/**
 * `context`: the session if it is the requester's, with its agent, character, person and recent
 * history, and whether another reply holds it (busy, held_ms). Asks in one chat take turns here:
 * one that finds the row locked (another ask, or a reply being saved) is tried again as a new
 * statement, whose history then holds what was saved.
 */
function contextSql(sessionId: string, from: string | null): Prisma.Sql {
  return Prisma.sql`
      SELECT s.id, s.user_id, COALESCE(s.reply_until > ${sqlNow}, false) AS busy,
             (EXTRACT(EPOCH FROM s.reply_until - ${sqlNow}) * 1000)::int AS held_ms,
             a.id AS agent_id, a.character_id, a.name, a.avatar_url, a.description, a.bio, a.document, a.custom_models,
             a.system_instruction, a.message_instruction, c.chat_model AS character_chat_model, c.character_book,
             c.personality, c.scenario, c.mes_example, c.post_history_instructions, u.name AS user_name, u.email AS user_email,
             c.card_extras -> 'data' -> 'extensions' -> 'depth_prompt' AS depth_prompt,
             u.language AS user_language, u.reply_in_language AS user_reply_in_language,
             s.chat_model, persona.name AS persona_name, persona.description AS persona_description,
             ${recentHistorySql(from === null ? Prisma.empty : upToSql(from))} AS history
      FROM me JOIN chat_sessions s ON s.user_id = me."userId" JOIN chat_agents a ON a.id = s.agent_id JOIN characters c ON c.id = a.character_id
           JOIN users u ON u.id = s.user_id
           -- The chat's persona, else the person's default one (docs/chat.md, Personas).
           LEFT JOIN personas persona ON persona.user_id = s.user_id
             AND persona.id = COALESCE(s.persona_id, (SELECT d.id FROM personas d WHERE d.user_id = s.user_id AND d.is_default))
      WHERE s.id = ${isUuid(sessionId) ? sessionId : null}::uuid
      FOR UPDATE OF s NOWAIT
    `;
}

/** History that ends with the person's chat message `from` (none when it is not one of this chat's). */
function upToSql(from: string): Prisma.Sql {
  return Prisma.sql`AND (m.created_at, m.id) <= (SELECT f.created_at, f.id FROM chat_messages f
                         WHERE f.id = ${isUuid(from) ? from : null}::uuid AND f.session_id = s.id AND f.sender_type = 'user' AND f.message_type = 'chat')`;
}

/** `counted`: the ask counted against `rule` (count, "secondsLeft"), when the session is the person's and no other reply holds it. */
function countedSql(rule: RateLimitRule): Prisma.Sql {
  return countAttemptSql(Prisma.sql`'chat-reply:user:' || (SELECT user_id FROM context WHERE NOT busy)::text`, rule);
}

/** `choice`: the model that answers (name, cost); a regenerate needs one that reads pictures when the ask it repeats had one. */
function choiceSql({ usable, message, needsImages }: OpeningAsk): Prisma.Sql {
  return Prisma.sql`
      ${chatModelChoiceSql(usable, {
        customModels: Prisma.sql`(SELECT custom_models FROM context)`,
        document: Prisma.sql`(SELECT document FROM context)`,
        characterChatModel: Prisma.sql`(SELECT character_chat_model FROM context)`,
        chatModel: Prisma.sql`(SELECT chat_model FROM context)`,
        needsImages: Prisma.sql`CASE WHEN ${message === null} THEN ${lastAskHasImagesSql(Prisma.sql`(SELECT history FROM context)`)} ELSE ${needsImages} END`,
        earlyAccess: Prisma.sql`COALESCE((SELECT early_access FROM perks), false)`,
      })}
    `;
}

/**
 * `payer`: the session, person and cost, only when every check before payment passes: the chat is
 * free, Vision has a picture to see, the rule is kept, the attachments are the person's own, and a
 * regenerate has a message of theirs to answer. Without it nothing is reserved or saved.
 */
function payerSql({ message, attachments, nothingToSee, rule }: OpeningAsk): Prisma.Sql {
  return Prisma.sql`
      SELECT context.id AS session_id, context.user_id, context.name, choice.cost FROM context, choice
      WHERE NOT context.busy AND NOT ${nothingToSee} AND NOT EXISTS (SELECT 1 FROM counted WHERE count > ${rule.limit})
        AND NOT EXISTS (SELECT 1 FROM unnest(${attachments}::text[]) AS path WHERE NOT starts_with(path, context.user_id::text || '/'))
        AND (NOT ${message === null} OR EXISTS (SELECT 1 FROM json_array_elements(context.history) AS entry WHERE entry ->> 'senderType' = 'user'))
    `;
}

/** The payer's tokens reserved (`locked`, `debit`, `held`, `entries`), renewed with the reply's lease: a reply whose instance died is given back soon after its chat is free. */
function reservedCtes(sessionId: string): Prisma.Sql {
  return reservationCtes(
    { userId: Prisma.sql`(SELECT user_id FROM payer)`, cost: Prisma.sql`(SELECT cost FROM payer)` },
    {
      purpose: "chat_message",
      description: Prisma.sql`'Chat with ' || (SELECT name FROM payer)`,
      referenceId: sessionId,
      ttlSeconds: REPLY_LEASE_SECONDS + REPLY_RESERVATION_GRACE_SECONDS,
    },
  );
}

/** The payer's paid (or free) ask as `saved`, `touched` and `announced`: the person's message, which takes the chat until `replyUntilSql`. */
function askSavedCtes(message: NewMessage | null): Prisma.Sql {
  return messageCtes(
    { sessionId: Prisma.sql`payer.session_id`, userId: Prisma.sql`payer.user_id`, senderId: Prisma.sql`payer.user_id` },
    message ?? { senderType: "user", message: "" },
    Prisma.sql`FROM payer LEFT JOIN held ON true WHERE ${message !== null} AND (held.id IS NOT NULL OR payer.cost < 1)`,
    { replyUntil: replyUntilSql },
  );
}

/** `claimed`: a regenerate saves no message, so it takes the chat on its own (a send takes it with its message). */
function claimedSql(message: NewMessage | null): Prisma.Sql {
  return Prisma.sql`
      UPDATE chat_sessions s SET reply_until = ${replyUntilSql}
      FROM payer LEFT JOIN held ON true
      WHERE s.id = payer.session_id AND ${message === null} AND (held.id IS NOT NULL OR payer.cost < 1)
    `;
}

/** The row's columns (OpeningRow): what each part found; for a regenerate, the reply it replaces (`lastAgentId`). */
function openingColumns(message: NewMessage | null): Prisma.Sql {
  return Prisma.sql`me."userId"::text AS "userId", me."loginSessionId", me."lastSeenAt",
           context.id::text AS id, context.agent_id::text AS "agentId", context.character_id::text AS "characterId",
           context.name AS "agentName", context.avatar_url AS "agentAvatar", context.description, context.bio,
           context.system_instruction AS "systemInstruction", context.message_instruction AS "messageInstruction", context.history,
           context.character_book AS "characterBook", context.personality, context.scenario, context.mes_example AS "mesExample",
           context.post_history_instructions AS "postHistoryInstructions", context.user_name AS "userName", context.user_email AS "userEmail",
           context.persona_name AS "personaName", context.persona_description AS "personaDescription",
           context.depth_prompt AS "depthPrompt",
           context.user_language AS "userLanguage", context.user_reply_in_language AS "userReplyInLanguage",
           ${agentTemperatureSql(Prisma.sql`context.document`)} AS temperature, ${agentStreamsSql(Prisma.sql`context.document`)} AS "agentStreams",
           CASE WHEN ${message === null} THEN (SELECT m.id::text FROM chat_messages m WHERE m.session_id = context.id AND m.sender_type = 'agent'
                                         ORDER BY m.created_at DESC, m.id DESC LIMIT 1) END AS "lastAgentId",
           context.busy, context.held_ms AS "heldMs", ${replyUntilSql} AS "replyUntil", (SELECT memory_messages FROM perks) AS "memoryMessages",
           choice.name AS "modelName",
           held.id::text AS "reservationId", locked.balance_free AS "balanceFree", locked.balance_purchased AS "balancePurchased",
           saved.id::text AS "userMessageId", saved.created_at AS "userMessageAt",
           (SELECT count FROM counted) AS "replyCount", (SELECT "secondsLeft" FROM counted) AS "retryAfterSeconds"`;
}

/**
 * One row whatever each part found (`me` alone is required), reading `announced` so the saved
 * message's NOTIFY runs. The statement alone commits without waiting for the disk (decision 009):
 * a crash of the database server could lose it whole, never half of it.
 */
const openingFrom = Prisma.sql`me CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS commit_without_flush
         LEFT JOIN context ON true LEFT JOIN choice ON true LEFT JOIN held ON true LEFT JOIN locked ON true
         LEFT JOIN saved ON true LEFT JOIN announced ON true`;
