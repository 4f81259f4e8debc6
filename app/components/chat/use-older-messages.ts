import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ChatMessageView } from "~/lib/chat";

/** A page of older messages, as the chat page's loader answers `?before=`: which chat it is of, its messages, whether there are more. */
type OlderPage = { sessionId: string; messages: ChatMessageView[]; hasMore: boolean };

/**
 * Older messages of the open chat: loaded when the top (`topSentinel`) comes into view, or on
 * "Load more" (a plain link without JavaScript), and added above the messages shown, keeping the
 * reader's place. `firstHasMore`: whether the loader's page has older messages.
 */
export function useOlderMessages(
  sessionId: string,
  firstHasMore: boolean,
  messages: readonly { id: string }[],
  { prependOlder, keepPlaceAboveOlder }: { prependOlder: (page: ChatMessageView[]) => void; keepPlaceAboveOlder: () => void },
) {
  // One fetcher per chat: a page of older messages belongs to the chat it was loaded for, even
  // when a revalidation reloads it after the person has moved on to another chat.
  const older = useFetcher<OlderPage>({ key: `older-messages-${sessionId}` });
  const [hasMore, setHasMore] = useState(firstHasMore);
  const topSentinel = useRef<HTMLDivElement>(null);

  useEffect(() => setHasMore(firstHasMore), [sessionId, firstHasMore]);
  useEffect(() => {
    if (!older.data || older.data.sessionId !== sessionId) return;
    keepPlaceAboveOlder();
    prependOlder(older.data.messages);
    setHasMore(older.data.hasMore);
  }, [older.data, sessionId, keepPlaceAboveOlder, prependOlder]);

  const loadOlder = useCallback(() => {
    const oldest = messages.find((message) => !message.id.startsWith("temp-"));
    if (older.state === "idle" && oldest) older.load(`/chat/${sessionId}?before=${oldest.id}`);
  }, [messages, older, sessionId]);
  useEffect(() => {
    const sentinel = topSentinel.current;
    if (!sentinel || !hasMore) return;
    // Spec section 9: the load-more threshold is 0.1.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting) loadOlder();
      },
      { threshold: 0.1 },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadOlder]);

  return { hasMore, loading: older.state === "loading", loadOlder, topSentinel };
}
