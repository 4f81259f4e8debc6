import { Prisma } from "~/generated/prisma/client";
import { eventNotifySql, publishEvent } from "~/modules/events/events.server";

/**
 * Chat's announcements on the app's events (modules/events): a message saved or deleted, or a
 * chat changed, heard by the person's live feeds on every instance.
 */
export type ChatMessageEvent = { kind: "message" | "deleted"; userId: string; sessionId: string; messageId: string };

export async function publishChatEvent(event: ChatMessageEvent) {
  await publishEvent(event);
}

/**
 * A chat's persona, model or name changed, or it was deleted: the person's other tabs read their
 * page again, or leave the deleted chat.
 */
export async function publishChatChanged(userId: string, sessionId: string, change: "settings" | "deleted" = "settings") {
  await publishEvent({ kind: "chat", userId, sessionId, change });
}

/**
 * The NOTIFY of a chat message event as a query whose fields are SQL expressions, for a statement
 * that announces what it changed (a saved message) in the same round trip. `source` is its FROM clause.
 */
export function chatEventNotifySql(kind: Prisma.Sql, userId: Prisma.Sql, sessionId: Prisma.Sql, messageId: Prisma.Sql, source: Prisma.Sql = Prisma.empty) {
  return eventNotifySql({ kind, userId, sessionId, messageId }, source);
}
