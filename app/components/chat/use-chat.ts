import { EventSourceParserStream } from "eventsource-parser/stream";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { AttachmentView } from "~/lib/attachments";
import { rememberLastChat, type ChatMessageView, type ChatSessionSummary } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";
import { outOfTokensOfferOf } from "~/lib/tokens";
import { useProfile } from "../shell/use-profile";
import { isDeletedHere, type DisplayedMessage } from "./message-bubble";
import { useChatFeed, useFeedGapCheck, useLiveSessionList, useReload } from "./use-chat-feed";

let counter = 0;
const tempId = (kind: string) => `temp-${kind}-${Date.now()}-${(counter += 1)}`;

/**
 * Each message once, in the order first met, leaving out those deleted: the first copy, unless a
 * later one was edited since (in this tab or another), whose newest text then shows (issue 36).
 */
export function latestCopies<Message extends { id: string; edited?: string }>(copies: Message[], deleted: Set<string>): Message[] {
  const seen = new Map<string, number>();
  const list: Message[] = [];
  for (const message of copies) {
    if (deleted.has(message.id)) continue;
    const at = seen.get(message.id);
    if (at === undefined) {
      seen.set(message.id, list.length);
      list.push(message);
    } else if ((message.edited ?? "") > (list[at]!.edited ?? "")) list[at] = message;
  }
  return list;
}

/**
 * The conversation in the browser: the server's messages (loader pages, then live events) plus
 * what is in flight (the person's message, the 'Thinking...' placeholder, the streaming reply).
 * A message is added only if its id is new, so the reply stream and the live feed never double up.
 */
export function useChat(sessionId: string, serverMessages: ChatMessageView[], serverSessions: ChatSessionSummary[]) {
  const [extra, setExtra] = useState<DisplayedMessage[]>([]);
  const [older, setOlder] = useState<ChatMessageView[]>([]);
  // What the live feed brought since the page opened, for every chat (kept across switches, so a
  // message for the chat being opened is not lost while its page loads), and what it deleted.
  const [liveMessages, setLiveMessages] = useState<Record<string, ChatMessageView[]>>({});
  const [deleted, setDeleted] = useState<Set<string>>(new Set());
  // "Regenerate from here": the replies after the message leave the screen while the new one is written.
  const [replacing, setReplacing] = useState<string[]>([]);
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const revalidate = useReload();
  const navigate = useNavigate();
  const person = useProfile()?.email;
  const t = useT();

  // Another chat starts from its own messages in the same render (an effect would first paint the
  // previous chat's older pages and in-flight messages under the new one).
  const [shown, setShown] = useState({ sessionId, serverMessages });
  if (shown.sessionId !== sessionId) {
    setShown({ sessionId, serverMessages });
    setExtra([]);
    setOlder([]);
  } else if (shown.serverMessages !== serverMessages) {
    // The page's data always holds the newest messages: when new ones push some of the last copy
    // out, those join the older ones, or they would vanish from between the older pages and the
    // newest until a reload.
    setShown({ sessionId, serverMessages });
    const oldest = serverMessages[0]?.createdAt;
    const newest = new Set(serverMessages.map((message) => message.id));
    const pushedOut = oldest ? shown.serverMessages.filter((message) => !newest.has(message.id) && message.createdAt < oldest) : [];
    if (pushedOut.length) setOlder((current) => [...pushedOut.filter((message) => !current.some((known) => known.id === message.id)), ...current]);
  }
  useEffect(() => () => controller.current?.abort(), [sessionId]);
  useEffect(() => {
    if (person) rememberLastChat(person, sessionId);
  }, [person, sessionId]);

  const messages = useMemo(() => {
    const list = latestCopies([...older, ...serverMessages, ...(liveMessages[sessionId] ?? []), ...extra], deleted).filter(
      (message) => !replacing.includes(message.id),
    );
    // Saved messages in the order the server saved them (the live feed may deliver one before
    // the reply stream does); what is still in flight stays last.
    const inFlight = (message: DisplayedMessage) => (message.id.startsWith("temp-") ? 1 : 0);
    return list.sort((a, b) => inFlight(a) - inFlight(b) || (inFlight(a) ? 0 : a.createdAt.localeCompare(b.createdAt)));
  }, [older, serverMessages, liveMessages, sessionId, extra, deleted, replacing]);

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
  // While this tab is sending, that chat's live messages and any reload of the page's data wait
  // for the reply stream to settle: the stream swaps its in-flight rows for the saved ones, and a
  // saved copy arriving first would show the person's message (or the reply) twice until then.
  const held = useRef<{ sessionId: string; messages: ChatMessageView[] } | null>(null);
  const reloadAfterSend = useRef(false);
  const reload = useCallback(() => {
    if (held.current) reloadAfterSend.current = true;
    else revalidate();
  }, [revalidate]);
  const addLive = useCallback((messageSession: string, incoming: ChatMessageView[]) => {
    if (incoming.length === 0) return;
    setLiveMessages((current) => ({ ...current, [messageSession]: [...(current[messageSession] ?? []), ...incoming] }));
  }, []);
  const live = useLiveSessionList(serverSessions, reload);
  const dropDeleted = useCallback((ids: string[]) => setDeleted((current) => new Set([...current, ...ids])), []);
  const checkAfterGap = useFeedGapCheck(sessionId, messages, dropDeleted);
  useChatFeed({
    onOpen: (afterGap) => {
      // This chat, and the others the feed brought messages for, may show messages deleted meanwhile.
      if (afterGap) checkAfterGap([sessionId, ...Object.keys(liveMessages).filter((chat) => liveMessages[chat]!.length)]);
      reload();
    },
    onMessage: (messageSession, message) => {
      live.noteMessage(messageSession, message);
      if (held.current?.sessionId === messageSession) held.current.messages.push(message);
      else addLive(messageSession, [message]);
      // A picture request's reply filled in (its placeholder is already shown), or a stopped reply,
      // announced once paid for: the page's data is read again, and with it the balance.
      if ((message.media?.length || message.stopped) && messageSession === sessionId) reload();
    },
    onDeleted: (messageSession, id) => {
      // A delete made with this page's own button reloads the page when it redirects.
      if (!isDeletedHere(id)) live.noteDeleted(messageSession, id);
      setDeleted((current) => new Set(current).add(id));
    },
    // The page shows the chat's persona and model, and lists the person's chats: it is read again.
    // The open chat deleted in another tab leaves for the list of chats.
    onChatChanged: (changed, gone) => {
      if (gone && changed === sessionId) void navigate("/chat", { replace: true });
      else reload();
    },
  });

  /**
   * Sends and follows the reply. Resolves false when the person's message did not reach the
   * server (refused, or the connection failed before it was saved), so the composer can give the
   * text back; a refused send or a broken connection also shows the spec's 'Failed to send message'.
   */
  const run = useCallback(
    async (
      body: URLSearchParams,
      userText: string | null,
      { attachments = [], messageType = "chat", replaces = [] }: { attachments?: AttachmentView[]; messageType?: string; replaces?: string[] } = {},
    ): Promise<boolean> => {
      const userTemp =
        userText !== null
          ? {
              id: tempId("user"),
              senderType: "user" as const,
              message: userText,
              messageType,
              createdAt: new Date().toISOString(),
              pending: true,
              attachments,
            }
          : null;
      const placeholderId = tempId("agent");
      let reply = "";
      let completed = false;
      setReplacing(replaces);
      // A new ask takes the place of the failed answers shown (they would otherwise stay last).
      setExtra((current) => current.filter((item) => !item.failed));
      let saved = false;
      const drop = (...ids: string[]) => setExtra((current) => current.filter((item) => !ids.includes(item.id)));
      const setPlaceholder = (patch: Partial<DisplayedMessage>) =>
        setExtra((current) => current.map((item) => (item.id === placeholderId ? { ...item, ...patch } : item)));
      setExtra((current) => [
        ...current,
        ...(userTemp ? [userTemp] : []),
        { id: placeholderId, senderType: "agent", message: "", messageType, createdAt: new Date().toISOString(), thinking: true, pending: true },
      ]);
      const abort = new AbortController();
      controller.current = abort;
      const hold = { sessionId, messages: [] as ChatMessageView[] };
      held.current = hold;
      setStreaming(true);
      try {
        const response = await fetch(`/api/chat/${sessionId}/reply`, { method: "POST", body, signal: abort.signal });
        if (!response.ok || !response.body) {
          const problem = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
          if (userTemp) drop(userTemp.id);
          // A refused send kept nothing to answer; a refused Regenerate leaves the last message unanswered.
          setPlaceholder({
            message: problem.error ?? t("chat.error.replyFailed"),
            thinking: false,
            // Settled, so not dimmed like a reply still coming: a refusal must read at full contrast.
            pending: false,
            failed: true,
            refused: userTemp !== null,
            outOfTokens: outOfTokensOfferOf(problem),
          });
          // Spec section 4: a send that failed says so; the bubble says why.
          showToast("send-failed");
          return false;
        }
        // A reader loop rather than `for await`: Safari cannot iterate a ReadableStream.
        const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          const event = next.value;
          const data = JSON.parse(event.data) as Record<string, unknown>;
          if (event.event === "user" && userTemp) {
            saved = true;
            addOrReplace(data as ChatMessageView, userTemp.id);
          } else if (event.event === "message") {
            reply += String(data.text ?? "");
            setPlaceholder({ message: reply, thinking: false });
          } else if (event.event === "complete") {
            completed = true;
            addOrReplace(data as ChatMessageView, placeholderId);
          } else if (event.event === "error") {
            setPlaceholder({ message: String(data.message ?? t("chat.error.replyFailed")), thinking: false, pending: false, failed: true });
            showToast("send-failed");
          }
        }
        // Spec section 4: the messages are read again after a reply, and with them the balance it cost.
        reloadAfterSend.current = true;
        return true;
      } catch {
        // Whatever the server saved is read again; a message it never confirmed leaves the list.
        drop(placeholderId, ...(userTemp && !saved ? [userTemp.id] : []));
        revalidate();
        // Stopped by the person (or by leaving the chat): not a failure.
        if (abort.signal.aborted) return true;
        showToast("send-failed");
        return saved || !userTemp;
      } finally {
        // The replies a saved reply replaced are gone (a stopped reply is saved when it holds text);
        // a refused or failed one leaves them in place.
        if (replaces.length && (completed || (abort.signal.aborted && reply.trim()))) dropDeleted(replaces);
        setReplacing([]);
        // What the feed brought meanwhile; those the stream already showed are known by id.
        addLive(sessionId, hold.messages);
        if (held.current === hold) held.current = null;
        if (!held.current && reloadAfterSend.current) {
          reloadAfterSend.current = false;
          revalidate();
        }
        setStreaming(false);
        controller.current = null;
      }
    },
    [sessionId, addOrReplace, addLive, revalidate, dropDeleted, t],
  );

  const send = useCallback(
    (text: string, attachments: AttachmentView[] = [], mode: "chat" | "vision" = "chat") => {
      // Urlencoded rather than multipart: the form holds only text, and the server reads it faster.
      const body = new URLSearchParams();
      body.set("message", text);
      if (mode !== "chat") body.set("mode", mode);
      for (const attachment of attachments) body.append("attachment", attachment.path);
      return run(body, text, { attachments, messageType: mode });
    },
    [run],
  );
  const regenerate = useCallback(() => {
    const body = new URLSearchParams();
    body.set("intent", "regenerate");
    return run(body, null);
  }, [run]);
  // "Regenerate from here" (issue 36): the replies after the message leave the screen while the
  // new one is written, and are deleted once it is saved.
  const regenerateFrom = useCallback(
    (messageId: string) => {
      const body = new URLSearchParams();
      body.set("intent", "regenerate");
      body.set("from", messageId);
      const at = messages.findIndex((message) => message.id === messageId);
      const after = at < 0 ? [] : messages.slice(at + 1).filter((message) => !message.id.startsWith("temp-"));
      return run(body, null, { replaces: after.map((message) => message.id) });
    },
    [run, messages],
  );
  const stop = useCallback(() => controller.current?.abort(), []);
  const prependOlder = useCallback(
    (page: ChatMessageView[]) =>
      setOlder((current) => {
        const known = new Set(current.map((message) => message.id));
        return [...page.filter((message) => !known.has(message.id)), ...current];
      }),
    [],
  );

  return { messages, sessions: live.sessions, streaming, send, regenerate, regenerateFrom, stop, prependOlder };
}
