import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { SESSION_LIST_LIMIT, SESSION_LIST_READ_MAX, type ChatSessionSummary } from "~/lib/chat";

/** What GET /api/chat/sessions answers: the chats after a cursor, and the next cursor. */
export type SessionPage = { sessions: ChatSessionSummary[]; next: string | null };

/** The older pages shown, and the first page they follow. */
type Older = { first: ChatSessionSummary[]; sessions: ChatSessionSummary[]; next: string | null };

async function readPage(query: string, cursor: string, limit: number, signal: AbortSignal): Promise<SessionPage> {
  const params = new URLSearchParams({ q: query, older: cursor, limit: String(limit) });
  const response = await fetch(`/api/chat/sessions?${params}`, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`older chats: ${response.status}`);
  return (await response.json()) as SessionPage;
}

/**
 * The chat list as the loader gives its first page (`first`, `firstNext`), plus the older pages
 * the person asked for with "Show older chats" (`loadOlder`). A new search starts again from its
 * first page. When the first page is loaded again (live updates reload it), the older chats shown
 * are read again from its new end, as many as were shown: a chat a newer one pushed off the first
 * page is listed, and a chat's last line is the server's.
 */
export function useSessionPages(first: ChatSessionSummary[], firstNext: string | null, query: string) {
  const [older, setOlder] = useState<Older | null>(null);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");
  const request = useRef<AbortController | null>(null);

  // Another search: its own pages, from its first (React's "adjusting state when a prop changes").
  const [listedQuery, setListedQuery] = useState(query);
  if (listedQuery !== query) {
    setListedQuery(query);
    setOlder(null);
    setStatus("idle");
  }
  const current = listedQuery === query ? older : null;
  useEffect(() => () => request.current?.abort(), [query]);

  const start = () => {
    request.current?.abort();
    request.current = new AbortController();
    return request.current.signal;
  };

  const next = current ? current.next : firstNext;
  const loadOlder = useCallback(async () => {
    if (!next || status === "loading") return;
    const signal = start();
    setStatus("loading");
    try {
      const page = await readPage(query, next, SESSION_LIST_LIMIT, signal);
      setOlder((previous) => ({ first, sessions: [...(previous?.sessions ?? []), ...page.sessions], next: page.next }));
      setStatus("idle");
    } catch {
      // Aborted: another search, or the list read again (which lists what this would have).
      setStatus(signal.aborted ? "idle" : "failed");
    }
  }, [next, status, query, first]);

  // The first page came again: the older chats shown are read again from its end, with those
  // newer chats pushed off it.
  useEffect(() => {
    if (!current || current.first === first) return;
    if (!firstNext) {
      setOlder(null);
      return;
    }
    const listed = new Set(first.map((session) => session.id));
    const pushedOff = current.first.filter((session) => !listed.has(session.id)).length;
    const signal = start();
    readPage(query, firstNext, Math.min(Math.max(current.sessions.length + pushedOff, 1), SESSION_LIST_READ_MAX), signal).then(
      (page) => setOlder({ first, sessions: page.sessions, next: page.next }),
      () => {}, // the older chats stay as they were; the next reload tries again
    );
  }, [first]); // eslint-disable-line react-hooks/exhaustive-deps

  const sessions = useMemo(() => {
    if (!current) return first;
    const listed = new Set(first.map((session) => session.id));
    return [...first, ...current.sessions.filter((session) => !listed.has(session.id))];
  }, [first, current]);

  return { sessions, next, loadOlder, state: status };
}
