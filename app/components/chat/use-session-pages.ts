import { useCallback, useMemo, useRef, useState } from "react";
import type { ChatSessionSummary } from "~/lib/chat";

/** What GET /api/chat/sessions answers: the page of chats after a cursor, and the next cursor. */
export type SessionPage = { sessions: ChatSessionSummary[]; next: string | null };

type Older = { query: string; sessions: ChatSessionSummary[]; next: string | null };

/**
 * The chat list as the loader gives its first page (`first`, `firstNext`), plus the older pages
 * the person asked for with "Show older chats". A new search starts again from its first page.
 * When the first page is loaded again (live updates reload it), a chat that a newer one pushed
 * off its end stays listed: it is older than the first page and newer than the older pages.
 */
export function useSessionPages(first: ChatSessionSummary[], firstNext: string | null, query: string) {
  const [older, setOlder] = useState<Older | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const current = older?.query === query ? older : null;

  // The chats earlier first pages held, while older pages are shown.
  const carried = useRef<{ first: ChatSessionSummary[]; sessions: ChatSessionSummary[] }>({ first, sessions: [] });
  if (carried.current.first !== first) {
    const previous = current ? [...carried.current.first, ...carried.current.sessions] : [];
    carried.current = { first, sessions: previous };
  }
  const carriedSessions = carried.current.sessions;

  const sessions = useMemo(() => {
    if (!current) return first;
    const seen = new Set<string>();
    return [...first, ...carriedSessions, ...current.sessions].filter((session) => !seen.has(session.id) && seen.add(session.id));
  }, [first, carriedSessions, current]);

  const next = current ? current.next : firstNext;
  const loading = useRef(false);
  const loadOlder = useCallback(async () => {
    if (!next || loading.current) return;
    loading.current = true;
    setState("loading");
    try {
      const response = await fetch(`/api/chat/sessions?${new URLSearchParams({ q: query, older: next })}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`older chats: ${response.status}`);
      const page = (await response.json()) as SessionPage;
      setOlder((previous) => ({ query, sessions: [...(previous?.query === query ? previous.sessions : []), ...page.sessions], next: page.next }));
      setState("idle");
    } catch {
      setState("failed");
    } finally {
      loading.current = false;
    }
  }, [next, query]);

  return { sessions, next, loadOlder, state };
}
