import { MESSAGE_SEARCH_MAX_CHARS, MESSAGE_SEARCH_MAX_PAGES, MESSAGE_SEARCH_PAGE_SIZE } from "~/lib/chat-transfer";
import { prisma } from "~/modules/db/db.server";
import { escapeLike } from "~/modules/db/sql.server";

/** A message found by a search: where it is, who wrote it, when, and the text around the first match. */
export type FoundMessage = {
  id: string;
  sessionId: string;
  sender: "user" | "character";
  characterName: string;
  time: string;
  snippet: { before: string; match: string; after: string };
};

/** Text shown before and after the match in a result. */
const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 120;

/** The text around the first place `query` occurs in `text` (case-insensitive), cut at word gaps where it can be, with ellipses where cut. */
export function snippetOf(text: string, query: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  const found = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"), "iu").exec(flat);
  const start = found?.index ?? 0;
  const end = start + (found?.[0].length ?? 0);
  let from = Math.max(0, start - SNIPPET_BEFORE);
  const gapAfterFrom = flat.indexOf(" ", from);
  if (from > 0 && gapAfterFrom !== -1 && gapAfterFrom < start) from = gapAfterFrom + 1;
  let to = Math.min(flat.length, end + SNIPPET_AFTER);
  const gapBeforeTo = flat.lastIndexOf(" ", to);
  if (to < flat.length && gapBeforeTo > end) to = gapBeforeTo;
  return {
    before: (from > 0 ? "…" : "") + flat.slice(from, start),
    match: flat.slice(start, end),
    after: flat.slice(end, to) + (to < flat.length ? "…" : ""),
  };
}

/**
 * One page (from 1) of the person's own messages, theirs and their characters' replies in their
 * chats, whose text holds `query`, newest first. A query is at most MESSAGE_SEARCH_MAX_CHARS
 * characters, matched literally; pages go back MESSAGE_SEARCH_MAX_PAGES at most.
 */
export async function searchOwnMessages(userId: string, query: string, page = 1): Promise<{ results: FoundMessage[]; hasMore: boolean }> {
  const text = query.trim().slice(0, MESSAGE_SEARCH_MAX_CHARS);
  if (!text) return { results: [], hasMore: false };
  const pageNumber = Math.min(Math.max(Math.trunc(page) || 1, 1), MESSAGE_SEARCH_MAX_PAGES);
  const rows = await prisma().$queryRaw<{ id: string; sessionId: string; senderType: string; message: string; characterName: string; createdAt: Date }[]>`
    SELECT m.id::text AS id, m.session_id::text AS "sessionId", m.sender_type::text AS "senderType", m.message,
           a.name AS "characterName", m.created_at AS "createdAt"
    FROM chat_messages m
    JOIN chat_sessions s ON s.id = m.session_id AND s.user_id = ${userId}::uuid
    JOIN chat_agents a ON a.id = s.agent_id
    WHERE m.user_id = ${userId}::uuid AND m.message ILIKE ${`%${escapeLike(text)}%`}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${MESSAGE_SEARCH_PAGE_SIZE + 1} OFFSET ${(pageNumber - 1) * MESSAGE_SEARCH_PAGE_SIZE}`;
  return {
    results: rows.slice(0, MESSAGE_SEARCH_PAGE_SIZE).map((row) => ({
      id: row.id,
      sessionId: row.sessionId,
      sender: row.senderType === "user" ? "user" : "character",
      characterName: row.characterName,
      time: row.createdAt.toISOString(),
      snippet: snippetOf(row.message, text),
    })),
    hasMore: rows.length > MESSAGE_SEARCH_PAGE_SIZE && pageNumber < MESSAGE_SEARCH_MAX_PAGES,
  };
}
