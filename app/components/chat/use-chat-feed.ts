import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { ChatMessageView, ChatSessionSummary } from "~/lib/chat";

export type FeedHandlers = {
  /** The connection opened (again): the page's data is to be reloaded. */
  onOpen: () => void;
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
    source.addEventListener("open", () => latest.current.onOpen());
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

type LastLine = { lastMessage: string; lastMessageTime: string };

/**
 * The session list kept live. A message saved in a chat becomes its last line (unless a newer one
 * is already shown: the feed may deliver a reply before the message it answers) and moves the
 * chat to the top. A message in a chat the list does not show (started in another tab or device)
 * reloads the list from the server, which also applies the search, once per chat; so does a
 * deletion in a listed chat, whose last line may have gone (`reload`).
 */
export function useLiveSessionList(serverSessions: ChatSessionSummary[], reload: () => void) {
  const [updates, setUpdates] = useState<Record<string, LastLine>>({});
  const reloadList = useRef(reload);
  reloadList.current = reload;
  const listed = useRef(new Set<string>());
  listed.current = new Set(serverSessions.map((session) => session.id));
  const reloadedFor = useRef(new Set<string>());

  const sessions = useMemo(
    () =>
      serverSessions
        .map((session) => {
          const update = updates[session.id];
          // The server's copy wins once it is as new as the live one (after a reload of the list).
          return update && update.lastMessageTime > session.lastMessageTime ? { ...session, ...update } : session;
        })
        .sort((a, b) => b.lastMessageTime.localeCompare(a.lastMessageTime)),
    [serverSessions, updates],
  );

  const noteMessage = useCallback((sessionId: string, message: ChatMessageView) => {
    setUpdates((current) => {
      const shown = current[sessionId];
      if (shown && shown.lastMessageTime > message.createdAt) return current;
      return { ...current, [sessionId]: { lastMessage: message.message, lastMessageTime: message.createdAt } };
    });
    if (!listed.current.has(sessionId) && !reloadedFor.current.has(sessionId)) {
      reloadedFor.current.add(sessionId);
      reloadList.current();
    }
  }, []);

  const noteDeleted = useCallback((sessionId: string) => {
    // The deleted message may be the live last line: the server's list says what follows it.
    setUpdates((current) => {
      if (!(sessionId in current)) return current;
      const { [sessionId]: _gone, ...rest } = current;
      return rest;
    });
    if (listed.current.has(sessionId)) reloadList.current();
  }, []);

  return { sessions, noteMessage, noteDeleted };
}
