import { Prisma } from "~/generated/prisma/client";
import type { MediaKind } from "~/lib/gallery";
import { prisma } from "~/modules/db/db.server";
import { galleryItemView } from "./gallery.server";

/** How many of the person's items the Collection shows at most (newest first). */
const COLLECTION_MAX = 200;

const KIND_PATTERNS: Record<MediaKind, Prisma.Sql> = {
  video: Prisma.sql`g.url ~* '\\.(mp4|webm|mov)(\\?|$)'`,
  audio: Prisma.sql`g.url ~* '\\.(mp3|wav|ogg|m4a|flac)(\\?|$)'`,
  image: Prisma.sql`g.url !~* '\\.(mp4|webm|mov|mp3|wav|ogg|m4a|flac)(\\?|$)'`,
};

type CollectionRow = {
  id: string;
  userId: string;
  prompt: string;
  url: string;
  width: number | null;
  height: number | null;
  isPublic: boolean;
  createdAt: Date;
  characterId: string | null;
  characterName: string | null;
};

/**
 * The person's generated media (spec section 2, /collection), newest first, grouped: pictures a
 * character sent in a chat under that character (the chat's agent message names the job's
 * request id), then what they made on the Generate page. Optionally only one kind.
 */
export async function listCollection(userId: string, kind: MediaKind | null) {
  const rows = await prisma().$queryRaw<CollectionRow[]>`
    SELECT g.id, g.user_id AS "userId", g.prompt, g.url, g.width, g.height, g.is_public AS "isPublic", g.created_at AS "createdAt",
           chat.character_id AS "characterId", chat.agent_name AS "characterName"
    FROM gallery g
    LEFT JOIN media_jobs j ON j.id = g.job_id
    LEFT JOIN LATERAL (
      SELECT a.character_id::text, a.name AS agent_name
      FROM chat_messages m
      JOIN chat_sessions s ON s.id = m.session_id
      JOIN chat_agents a ON a.id = s.agent_id
      WHERE m.user_id = g.user_id AND j.request_id IS NOT NULL AND m.document ->> 'request_id' = j.request_id
      LIMIT 1
    ) chat ON true
    WHERE g.user_id = ${userId}::uuid ${kind ? Prisma.sql`AND ${KIND_PATTERNS[kind]}` : Prisma.empty}
    ORDER BY g.created_at DESC, g.id DESC
    LIMIT ${COLLECTION_MAX}`;
  const groups = new Map<string, { key: string; title: string; characterId: string | null; items: ReturnType<typeof galleryItemView>[] }>();
  for (const row of rows) {
    const key = row.characterId ?? "generate";
    const group = groups.get(key) ?? { key, title: row.characterName ?? "Generate page", characterId: row.characterId, items: [] };
    group.items.push(galleryItemView(row, userId));
    groups.set(key, group);
  }
  return [...groups.values()];
}
