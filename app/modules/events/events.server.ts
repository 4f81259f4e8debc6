import { Prisma } from "~/generated/prisma/client";
import { database } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";

/**
 * The app's events, heard across tabs, devices and app instances. Every event is announced with
 * PostgreSQL NOTIFY on one channel (PGlite implements it in-process), so any instance's open feeds
 * hear of a change made on any other. An event names ids only (NOTIFY payloads are small, and
 * whoever hears one re-reads the row through the owner's own query).
 */
export type AppEvent =
  /** a chat message was saved, or filled in (a picture request's reply) */
  | { kind: "message"; userId: string; sessionId: string; messageId: string }
  /** a chat message was deleted (a regenerated reply's earlier one) */
  | { kind: "deleted"; userId: string; sessionId: string; messageId: string }
  /** a chat's own settings changed (its persona, model or name), or the chat was deleted */
  | { kind: "chat"; userId: string; sessionId: string; change: "settings" | "deleted" }
  /** a media job changed state: `sessionId` is its chat's, or "" */
  | { kind: "media-job"; userId: string; sessionId: string; jobId: string; status: string };

/** An event whose fields are SQL expressions (its kind also as a plain value), for a statement that announces what it changed. */
export type EventSql = AsSql<AppEvent>;
type AsSql<Event> = Event extends AppEvent ? { [Field in keyof Event]: Field extends "kind" ? Event[Field] | Prisma.Sql : Prisma.Sql } : never;

type Listener = (event: AppEvent) => void;
/** Whose events a subscriber hears: one chat's (`session:<id>`) or all of a person's (`user:<id>`). */
export type EventAudience = `session:${string}` | `user:${string}`;

const CHANNEL = "app_events";
const state = globalThis as unknown as {
  __eventListeners?: Map<string, Set<Listener>>;
  __eventListening?: Promise<unknown>;
  __eventGapListeners?: Set<() => void>;
};
const listeners = (state.__eventListeners ??= new Map());
/** Told when this instance listens again after its LISTEN connection was lost: events may have been missed. */
const gapListeners = (state.__eventGapListeners ??= new Set());

function dispatch(payload: string) {
  let event: AppEvent;
  try {
    event = JSON.parse(payload) as AppEvent;
  } catch {
    return;
  }
  for (const key of [`session:${event.sessionId}`, `user:${event.userId}`]) {
    for (const listener of listeners.get(key) ?? []) listener(event);
  }
}

/** One LISTEN per process, opened on first use; the process's subscribers share it. */
function ensureListening() {
  state.__eventListening ??= database()
    .listen(CHANNEL, dispatch, () => {
      for (const listener of [...gapListeners]) listener();
    })
    .catch((error) => {
      state.__eventListening = undefined;
      logger.error({ err: error }, "could not LISTEN for events");
      throw error;
    });
  return state.__eventListening;
}

/** Announces an event on its own (after the change it tells of has committed). */
export async function publishEvent(event: AppEvent) {
  const values = Object.fromEntries(Object.entries(event).map(([field, value]) => [field, Prisma.sql`${value}`])) as EventSql;
  await database().prisma.$executeRaw(eventNotifySql(values));
}

/**
 * The NOTIFY of an event as a query whose fields are SQL expressions, for a statement or
 * transaction that announces what it changes, heard only once that commits. `source` is its FROM
 * clause.
 */
export function eventNotifySql(event: EventSql, source: Prisma.Sql = Prisma.empty) {
  const fields = Object.entries(event).map(([field, value]) => {
    if (!/^[a-zA-Z]+$/.test(field)) throw new Error(`not an event field: ${field}`);
    return Prisma.sql`${Prisma.raw(`'${field}'`)}, ${value}::text`;
  });
  return Prisma.sql`
    SELECT pg_notify(${CHANNEL}, json_build_object(${Prisma.join(fields)})::text)
    ${source}`;
}

/**
 * Subscribes to one chat's events or all of a person's. `onGap`: the instance lost its LISTEN
 * connection and listens again; what was announced meanwhile was not heard.
 */
export async function subscribeEvents(audience: EventAudience, listener: Listener, { onGap }: { onGap?: () => void } = {}) {
  await ensureListening();
  const set = listeners.get(audience) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(audience, set);
  if (onGap) gapListeners.add(onGap);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(audience);
    if (onGap) gapListeners.delete(onGap);
  };
}

/** Tests swap databases between files; the next subscriber listens on the new one. */
export function resetEventListenerForTests() {
  state.__eventListening = undefined;
  listeners.clear();
  gapListeners.clear();
}
