import { EventSourceParserStream } from "eventsource-parser/stream";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { AttachmentView } from "~/lib/attachments";
import { chatTexts, LAST_CHAT_KEY, type ChatMessageView, type ChatSessionSummary } from "~/lib/chat";
import type { DisplayedMessage } from "./message-bubble";

type LiveEvent = { sessionId: string; message: ChatMessageView } | { sessionId: string; id: string };

let counter = 0;
const tempId = (kind: string) => `temp-${kind}-${Date.now()}-${(counter += 1)}`;

/**
 * The conversation in the browser: the server's messages (loader pages, then live events) plus
 * what is in flight (the person's message, the 'Thinking...' placeholder, the streaming reply).
 * A message is added only if its id is new, so the reply stream and the live feed never double up.
 */
export function useChat(sessionId: string, serverMessages: ChatMessageView[], serverSessions: ChatSessionSummary[]) {
  const [extra, setExtra] = useState<DisplayedMessage[]>([]);
  const [older, setOlder] = useState<ChatMessageView[]>([]);
  const [deleted, setDeleted] = useState<Set<string>>(new Set());
  const [sessionUpdates, setSessionUpdates] = useState<Record<string, { lastMessage: string; lastMessageTime: string }>>({});
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    setExtra([]);
    setOlder([]);
    setDeleted(new Set());
    window.localStorage.setItem(LAST_CHAT_KEY, sessionId);
    return () => controller.current?.abort();
  }, [sessionId]);

  const messages = useMemo(() => {
    const seen = new Set<string>();
    const list: DisplayedMessage[] = [];
    for (const message of [...older, ...serverMessages, ...extra]) {
      if (seen.has(message.id) || deleted.has(message.id)) continue;
      seen.add(message.id);
      list.push(message);
    }
    // Saved messages in the order the server saved them (the live feed may deliver one before
    // the reply stream does); what is still in flight stays last.
    const inFlight = (message: DisplayedMessage) => (message.id.startsWith("temp-") ? 1 : 0);
    return list.sort((a, b) => inFlight(a) - inFlight(b) || (inFlight(a) ? 0 : a.createdAt.localeCompare(b.createdAt)));
  }, [older, serverMessages, extra, deleted]);

  const addOrReplace = useCallback((message: DisplayedMessage, replaceId?: string) => {
    setExtra((current) => {
      const without = current.filter((item) => item.id !== replaceId);
      const present = without.some((item) => item.id === message.id);
      if (!replaceId) return present ? without : [...without, message];
      const index = current.findIndex((item) => item.id === replaceId);
      if (present || index < 0) return without;
      const next = [...current];
      next[index] = message;
      return next;
    });
  }, []);

  // The live feed: messages saved anywhere (another tab, device or instance) for this person.
  useEffect(() => {
    const source = new EventSource("/api/chat/events");
    // Whatever was saved between rendering the page and (re)connecting comes with a reload of
    // the page's data; everything after arrives as events.
    source.addEventListener("open", () => void revalidate.current());
    source.addEventListener("message", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as Extract<LiveEvent, { message: ChatMessageView }>;
      setSessionUpdates((current) => ({ ...current, [data.sessionId]: { lastMessage: data.message.message, lastMessageTime: data.message.createdAt } }));
      if (data.sessionId === sessionId) addOrReplace(data.message);
    });
    source.addEventListener("deleted", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as Extract<LiveEvent, { id: string }>;
      if (data.sessionId === sessionId) setDeleted((current) => new Set(current).add(data.id));
    });
    return () => source.close();
  }, [sessionId, addOrReplace]);

  const sessions = useMemo(
    () =>
      serverSessions
        .map((session) => ({ ...session, ...sessionUpdates[session.id] }))
        .sort((a, b) => b.lastMessageTime.localeCompare(a.lastMessageTime)),
    [serverSessions, sessionUpdates],
  );

  const run = useCallback(
    async (body: URLSearchParams, userText: string | null, attachments: AttachmentView[] = []) => {
      const userTemp =
        userText !== null
          ? { id: tempId("user"), senderType: "user" as const, message: userText, messageType: "chat", createdAt: new Date().toISOString(), pending: true, attachments }
          : null;
      const placeholderId = tempId("agent");
      let reply = "";
      const setPlaceholder = (patch: Partial<DisplayedMessage>) =>
        setExtra((current) => current.map((item) => (item.id === placeholderId ? { ...item, ...patch } : item)));
      setExtra((current) => [
        ...current,
        ...(userTemp ? [userTemp] : []),
        { id: placeholderId, senderType: "agent", message: "", messageType: "chat", createdAt: new Date().toISOString(), thinking: true, pending: true },
      ]);
      const abort = new AbortController();
      controller.current = abort;
      setStreaming(true);
      try {
        const response = await fetch(`/api/chat/${sessionId}/reply`, { method: "POST", body, signal: abort.signal });
        if (!response.ok || !response.body) {
          const problem = (await response.json().catch(() => ({}))) as { error?: string; buyTokens?: string };
          if (userTemp) setExtra((current) => current.filter((item) => item.id !== userTemp.id));
          setPlaceholder({ message: problem.error ?? chatTexts.replyFailed, thinking: false, failed: true, buyTokens: problem.buyTokens });
          return;
        }
        // A reader loop rather than `for await`: Safari cannot iterate a ReadableStream.
        const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          const event = next.value;
          const data = JSON.parse(event.data) as Record<string, unknown>;
          if (event.event === "user" && userTemp) addOrReplace(data as ChatMessageView, userTemp.id);
          else if (event.event === "message") {
            reply += String(data.text ?? "");
            setPlaceholder({ message: reply, thinking: false });
          } else if (event.event === "complete") addOrReplace(data as ChatMessageView, placeholderId);
          else if (event.event === "error") setPlaceholder({ message: String(data.message ?? chatTexts.replyFailed), thinking: false, failed: true });
        }
      } catch {
        // Stopped by the person (or the connection broke): what was saved arrives on the live feed.
        setExtra((current) => current.filter((item) => item.id !== placeholderId));
      } finally {
        setStreaming(false);
        controller.current = null;
      }
    },
    [sessionId, addOrReplace],
  );

  const send = useCallback(
    (text: string, attachments: AttachmentView[] = []) => {
      // Urlencoded rather than multipart: the form holds only text, and the server reads it faster.
      const body = new URLSearchParams();
      body.set("message", text);
      for (const attachment of attachments) body.append("attachment", attachment.path);
      return run(body, text, attachments);
    },
    [run],
  );
  const regenerate = useCallback(() => {
    const body = new URLSearchParams();
    body.set("intent", "regenerate");
    return run(body, null);
  }, [run]);
  const stop = useCallback(() => controller.current?.abort(), []);
  const prependOlder = useCallback((page: ChatMessageView[]) => setOlder((current) => [...page, ...current]), []);

  return { messages, sessions, streaming, send, regenerate, stop, prependOlder };
}
