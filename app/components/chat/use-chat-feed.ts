import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { ChatMessageView, ChatSessionSummary, PresentMessages } from "~/lib/chat";
import { attachmentKindOf } from "~/lib/message-preview";

export type FeedHandlers = {
  /**
   * The connection opened: the page's data is to be reloaded. `afterGap`: it had failed before
   * (dropped, or never opened at first), so deletions made meanwhile were not heard of.
   */
  onOpen: (afterGap: boolean) => void;
  onMessage?: (sessionId: string, message: ChatMessageView) => void;
  onDeleted?: (sessionId: string, id: string) => void;
  /** A chat's persona, model or name changed, or it was deleted (`gone`), in this tab or another. */
  onChatChanged?: (sessionId: string, gone: boolean) => void;
};

/** React Router's revalidation (reloading the page's data) as a stable function. */
export function useReload() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  return useCallback(() => void revalidate.current(), []);
}

/**
 * The person's live chat feed (`/api/events`): every message saved or deleted in any of
 * their chats, from any tab, device or app instance. Whatever was saved between rendering the
 * page and (re)connecting comes with a reload of the page's data (`onOpen`); what was deleted
 * meanwhile from what the page keeps beyond that data, with `useFeedGapCheck`; everything after
 * arrives as events. One connection per page: the handlers may change without reopening it.
 */
export function useChatFeed(handlers: FeedHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let failed = false;
    let wait = REOPEN_FIRST_MS;
    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("error", (event) => {
        failed = true;
        // The browser reconnects a dropped stream by itself, but gives up on an answer that is not
        // one (a proxy's 502 while the app restarts, say): a new one is opened, later each time.
        if ((event.target as EventSource).readyState !== EventSource.CLOSED) return;
        reconnect = setTimeout(connect, wait);
        wait = Math.min(wait * 2, REOPEN_MAX_MS);
      });
      source.addEventListener("open", () => {
        latest.current.onOpen(failed);
        failed = false;
        wait = REOPEN_FIRST_MS;
      });
      source.addEventListener("message", (event) => {
        const data = JSON.parse((event as MessageEvent).data) as { sessionId: string; message: ChatMessageView };
        latest.current.onMessage?.(data.sessionId, data.message);
      });
      source.addEventListener("deleted", (event) => {
        const data = JSON.parse((event as MessageEvent).data) as { sessionId: string; id: string };
        latest.current.onDeleted?.(data.sessionId, data.id);
      });
      source.addEventListener("chat", (event) => {
        const data = JSON.parse((event as MessageEvent).data) as { sessionId: string; gone?: boolean };
        latest.current.onChatChanged?.(data.sessionId, data.gone === true);
      });
    };
    connect();
    return () => {
      clearTimeout(reconnect);
      source?.close();
    };
  }, []);
}

/** A feed the browser gave up on is opened again after 1 s, then twice as long each time, up to 30 s. */
const REOPEN_FIRST_MS = 1_000;
const REOPEN_MAX_MS = 30_000;

type Kept = { id: string; createdAt: string };

/**
 * The ids of the kept messages (saved ones, oldest first) that a check from `since` covers and
 * did not find: deleted since they were shown.
 */
export function goneMessages(kept: Kept[], since: string, present: PresentMessages) {
  const found = new Set(present.ids);
  const covered = (message: Kept) => (present.complete ? message.createdAt >= since : message.createdAt > present.from);
  return kept.filter((message) => covered(message) && !found.has(message.id)).map((message) => message.id);
}

/** Tries again this long after a failed check (the feed has just come back; the server may not yet). */
const RECHECK_AFTER_MS = [2_000, 10_000, 30_000];

/**
 * After the feed was down, the chats given to the returned function are asked (each when it is
 * shown) which of their kept messages still exist, from the oldest on; those gone are dropped.
 * The newest page is included: its reload would take one deleted near its top for one pushed
 * out by newer messages. A chat whose check keeps failing is asked again when shown again.
 */
export function useFeedGapCheck(sessionId: string, messages: Kept[], drop: (ids: string[]) => void) {
  // What is on screen, as committed (a render in progress may be another chat's).
  const shown = useRef({ sessionId, messages });
  useLayoutEffect(() => {
    shown.current = { sessionId, messages };
  });
  const unchecked = useRef(new Set<string>());
  const [gaps, setGaps] = useState(0);
  useEffect(() => {
    if (!unchecked.current.has(sessionId)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A newer gap, or another chat, starts its own check: this one is dropped.
    const superseded = new AbortController();
    const check = (failures: number) => {
      if (shown.current.sessionId !== sessionId) return;
      const kept = shown.current.messages.filter((message) => !message.id.startsWith("temp-"));
      const since = kept[0]?.createdAt;
      if (!since) {
        unchecked.current.delete(sessionId);
        return;
      }
      fetch(`/api/chat/${sessionId}/messages?since=${encodeURIComponent(since)}`, { signal: superseded.signal })
        .then((response) => (response.ok ? (response.json() as Promise<PresentMessages>) : Promise.reject(new Error(`status ${response.status}`))))
        .then((present) => {
          if (superseded.signal.aborted) return;
          unchecked.current.delete(sessionId);
          const gone = goneMessages(kept, since, present);
          if (gone.length) drop(gone);
        })
        .catch(() => {
          const wait = RECHECK_AFTER_MS[failures];
          if (!superseded.signal.aborted && wait !== undefined) timer = setTimeout(() => check(failures + 1), wait);
        });
    };
    check(0);
    return () => {
      superseded.abort();
      clearTimeout(timer);
    };
  }, [sessionId, gaps, drop]);
  return useCallback((chats: string[]) => {
    for (const chat of chats) unchecked.current.add(chat);
    setGaps((count) => count + 1);
  }, []);
}

type LastLine = Pick<ChatSessionSummary, "lastMessageKind"> & { messageId: string; lastMessage: string; lastMessageTime: string };

/**
 * The session list kept live. A message saved in a chat becomes its last line (unless a newer one
 * is already shown: the feed may deliver a reply before the message it answers) and moves the
 * chat to the top. A message in a chat the list does not show (started in another tab or device)
 * reloads the list from the server, which also applies the search, once per chat. A deletion
 * matters only when it may have taken the shown last line: then the list is read again.
 */
export function useLiveSessionList(serverSessions: ChatSessionSummary[], reload: () => void) {
  // The live lines, kept in a ref so that events arriving before the next render see each other.
  const updates = useRef<Record<string, LastLine>>({});
  const [version, setVersion] = useState(0);
  const rerender = () => setVersion((current) => current + 1);
  const reloadList = useRef(reload);
  reloadList.current = reload;
  // The listed chats, with the time of the last line the server gave for each.
  const listed = useRef(new Map<string, string>());
  listed.current = new Map(serverSessions.map((session) => [session.id, session.lastMessageTime]));
  const reloadedFor = useRef(new Set<string>());

  const sessions = useMemo(
    () =>
      serverSessions
        .map((session) => {
          const update = updates.current[session.id];
          // The server's copy wins once it is as new as the live one (after a reload of the list).
          return update && update.lastMessageTime > session.lastMessageTime
            ? { ...session, lastMessage: update.lastMessage, lastMessageKind: update.lastMessageKind, lastMessageTime: update.lastMessageTime }
            : session;
        })
        .sort((a, b) => b.lastMessageTime.localeCompare(a.lastMessageTime)),
    [serverSessions, version], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const noteMessage = useCallback((sessionId: string, message: ChatMessageView) => {
    // An edit of an earlier message (issue 36) is not the chat's last line.
    if (message.edited && message.createdAt < (updates.current[sessionId]?.lastMessageTime ?? listed.current.get(sessionId) ?? "")) return;
    const shown = updates.current[sessionId];
    if (!shown || shown.lastMessageTime <= message.createdAt) {
      const line = { messageId: message.id, lastMessage: message.message, lastMessageKind: attachmentKindOf(message), lastMessageTime: message.createdAt };
      updates.current = { ...updates.current, [sessionId]: line };
      rerender();
    }
    if (!listed.current.has(sessionId) && !reloadedFor.current.has(sessionId)) {
      reloadedFor.current.add(sessionId);
      reloadList.current();
    }
  }, []);

  const noteDeleted = useCallback((sessionId: string, messageId: string) => {
    const live = updates.current[sessionId];
    const shown = live && live.lastMessageTime > (listed.current.get(sessionId) ?? "") ? live : undefined;
    // A newer message shown live (a regenerated reply, say) stays: the deleted one was older.
    if (shown && shown.messageId !== messageId) return;
    if (live) {
      const { [sessionId]: _gone, ...rest } = updates.current;
      updates.current = rest;
      rerender();
    }
    // The deleted message may have been the last line: the server's list says what follows it.
    if (listed.current.has(sessionId)) reloadList.current();
  }, []);

  return { sessions, noteMessage, noteDeleted };
}
