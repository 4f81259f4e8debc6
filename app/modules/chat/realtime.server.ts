import { Prisma } from "~/generated/prisma/client";
import { database } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";

/**
 * Live chat updates across tabs, devices and app instances. Every change is announced with
 * PostgreSQL NOTIFY (PGlite implements it in-process), so any instance's open event streams
 * hear about a message saved by any other. The payload names ids only (NOTIFY payloads are
 * small, and the listener re-reads the row through the owner's own query).
 */

export type ChatEvent =
  | { kind: "message" | "deleted"; userId: string; sessionId: string; messageId: string }
  /** a media job changed state (media/events.server.ts): messageId is the job's id, sessionId its chat's or "" */
  | { kind: "media-job"; userId: string; sessionId: string; messageId: string; status: string };
type Listener = (event: ChatEvent) => void;

const CHANNEL = "chat_events";
const state = globalThis as unknown as {
  __chatListeners?: Map<string, Set<Listener>>;
  __chatListening?: Promise<unknown>;
  __chatGapListeners?: Set<() => void>;
};
const listeners = (state.__chatListeners ??= new Map());
/** Told when this instance listens again after its LISTEN connection was lost: events may have been missed. */
const gapListeners = (state.__chatGapListeners ??= new Set());

function dispatch(payload: string) {
  let event: ChatEvent;
  try {
    event = JSON.parse(payload) as ChatEvent;
  } catch {
    return;
  }
  for (const key of [`session:${event.sessionId}`, `user:${event.userId}`]) {
    for (const listener of listeners.get(key) ?? []) listener(event);
  }
}

/** One LISTEN per process, opened on first use; the process's subscribers share it. */
function ensureListening() {
  state.__chatListening ??= database()
    .listen(CHANNEL, dispatch, () => {
      for (const listener of [...gapListeners]) listener();
    })
    .catch((error) => {
      state.__chatListening = undefined;
      logger.error({ err: error }, "could not LISTEN for chat events");
      throw error;
    });
  return state.__chatListening;
}

export async function publishChatEvent(event: ChatEvent) {
  const value = (field: string) => Prisma.sql`${field}`;
  await database().prisma.$executeRaw(chatEventNotifySql(value(event.kind), value(event.userId), value(event.sessionId), value(event.messageId)));
}

/**
 * The NOTIFY of a ChatEvent as a query whose fields are SQL expressions, for a statement that
 * announces what it changed (a saved message) in the same round trip. `source` is its FROM clause.
 */
export function chatEventNotifySql(kind: Prisma.Sql, userId: Prisma.Sql, sessionId: Prisma.Sql, messageId: Prisma.Sql, source: Prisma.Sql = Prisma.empty) {
  return Prisma.sql`
    SELECT pg_notify(${CHANNEL}, json_build_object('kind', ${kind}::text, 'userId', ${userId}::text, 'sessionId', ${sessionId}::text, 'messageId', ${messageId}::text)::text)
    ${source}`;
}

/**
 * Subscribes to one session's events (`session:<id>`) or all of a person's (`user:<id>`).
 * `onGap`: the instance lost its LISTEN connection and listens again; what was announced
 * meanwhile was not heard.
 */
export async function subscribeChatEvents(key: `session:${string}` | `user:${string}`, listener: Listener, { onGap }: { onGap?: () => void } = {}) {
  await ensureListening();
  const set = listeners.get(key) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(key, set);
  if (onGap) gapListeners.add(onGap);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
    if (onGap) gapListeners.delete(onGap);
  };
}

/** Tests swap databases between files; the next subscriber listens on the new one. */
export function resetChatListenerForTests() {
  state.__chatListening = undefined;
  listeners.clear();
  gapListeners.clear();
}
