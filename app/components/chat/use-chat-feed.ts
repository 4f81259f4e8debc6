import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { ChatMessageView, ChatSessionSummary } from "~/lib/chat";

export type FeedHandlers = {
  /** The connection opened (`again`: after it was down): the page's data is to be reloaded. */
  onOpen: (again: boolean) => void;
  onMessage?: (sessionId: string, message: ChatMessageView) => void;
  onDeleted?: (sessionId: string, id: string) => void;
};

/** React Router's revalidation (reloading the page's data) as a stable function. */
export function useReload() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  return useCallback(() => void revalidate.current(), []);
}

/**
 * The person's live chat feed (`/api/chat/events`): every message saved or deleted in any of
 * their chats, from any tab, device or app instance. Whatever was saved between rendering the
 * page and (re)connecting comes with a reload of the page's data (`onOpen`); everything after
 * arrives as events. One connection per page: the handlers may change without reopening it.
 */
export function useChatFeed(handlers: FeedHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const source = new EventSource("/api/chat/events");
    let opened = 0;
    source.addEventListener("open", () => latest.current.onOpen((opened += 1) > 1));
    source.addEventListener("message", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { sessionId: string; message: ChatMessageView };
      latest.current.onMessage?.(data.sessionId, data.message);
    });
    source.addEventListener("deleted", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { sessionId: string; id: string };
      latest.current.onDeleted?.(data.sessionId, data.id);
    });
    return () => source.close();
  }, []);
}

type LastLine = { messageId: string; lastMessage: string; lastMessageTime: string };

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
            ? { ...session, lastMessage: update.lastMessage, lastMessageTime: update.lastMessageTime }
            : session;
        })
        .sort((a, b) => b.lastMessageTime.localeCompare(a.lastMessageTime)),
    [serverSessions, version], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const noteMessage = useCallback((sessionId: string, message: ChatMessageView) => {
    const shown = updates.current[sessionId];
    if (!shown || shown.lastMessageTime <= message.createdAt) {
      updates.current = { ...updates.current, [sessionId]: { messageId: message.id, lastMessage: message.message, lastMessageTime: message.createdAt } };
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
