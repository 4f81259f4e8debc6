import { useCallback, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { DisplayedMessage, MessageThreads } from "./message-bubble";

/**
 * Each saved message's edit, branch and "Regenerate from here" (issue 36), for the conversation.
 * The message being edited is the page's `?edit=` (the form without JavaScript) or the one whose
 * Edit was clicked. A message's controls keep their identity while nothing about them changes, so
 * a streamed word re-renders only the bubble it changed (MessageBubble is memoised).
 */
export function useMessageThreads(streaming: boolean, onRegenerateFrom: (id: string) => unknown) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [clicked, setClicked] = useState<string | null>(null);
  const fromUrl = searchParams.get("edit");
  const editing = clicked ?? fromUrl;
  const regenerate = useRef(onRegenerateFrom);
  regenerate.current = onRegenerateFrom;
  const cache = useRef(new Map<string, { key: string; value: MessageThreads }>());

  const done = useCallback(() => {
    setClicked(null);
    if (fromUrl) setSearchParams((params) => (params.delete("edit"), params), { replace: true, preventScrollReset: true });
  }, [fromUrl, setSearchParams]);

  return useCallback(
    (message: DisplayedMessage, next: DisplayedMessage | undefined): MessageThreads | undefined => {
      if (message.pending || message.thinking || message.failed || message.id.startsWith("temp-")) return undefined;
      const edited = message.senderType === "user" && message.messageType === "chat" ? message.edited : undefined;
      // The replies after an edited message answered what it said before, unless one was written since (or is being written).
      const stale = Boolean(edited) && (!next || (!next.id.startsWith("temp-") && next.createdAt < edited!));
      const key = `${editing === message.id}|${stale}|${streaming}|${fromUrl}`;
      const cached = cache.current.get(message.id);
      if (cached?.key === key) return cached.value;
      const value: MessageThreads = {
        editing: editing === message.id,
        staleReplies: stale,
        busy: streaming,
        onEdit: () => setClicked(message.id),
        onEditDone: done,
        onRegenerateFrom: (id) => void regenerate.current(id),
      };
      cache.current.set(message.id, { key, value });
      return value;
    },
    [editing, streaming, fromUrl, done],
  );
}
