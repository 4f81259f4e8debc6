import { File, Film, Image, Music } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { ChatSessionSummary, MessageAttachmentKind } from "~/lib/chat";
import { formatChatTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/react";
import { attachmentKindLabels, messagePreview } from "~/lib/message-preview";
import { useSearchAsYouType } from "../use-search-as-you-type";

const KIND_ICONS = { picture: Image, video: Film, audio: Music, file: File } as const;
import { Avatar } from "../ui/avatar";

type Older = { next: string | null; load?: () => void; state?: "idle" | "loading" | "failed"; fromOlderPage?: boolean };

/**
 * The person's chats, newest first, with a name search that works as a plain GET form and, with
 * JavaScript, searches as the person types (like Explore's). The list
 * comes in pages of SESSION_LIST_LIMIT: `older.next` is where the next one starts, if any. "Show
 * older chats" adds it with `older.load` (useSessionPages), says so to screen readers and moves
 * the focus to the first chat added; without JavaScript it is a link to that page
 * (`older.fromOlderPage`), which links back to the newest chats.
 */
export function ChatSessionList({
  sessions,
  older,
  activeId,
  query,
}: {
  sessions: ChatSessionSummary[];
  older: Older;
  activeId: string | null;
  query: string;
}) {
  // A search on its way (the form is a GET, so the navigation carries its fields).
  const navigation = useNavigation();
  const t = useT();
  const lang = useLang();
  const searching = navigation.state !== "idle" && navigation.formData?.has("q") === true;
  const [searchParams] = useSearchParams();
  const { searchInput, formProps } = useSearchAsYouType(query);
  const pageAt = (cursor: string | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete("before");
    if (cursor) params.set("older", cursor);
    else params.delete("older");
    return `?${params}`;
  };
  // After "Show older chats": where the added chats start, until they are there.
  const list = useRef<HTMLUListElement>(null);
  const addedFrom = useRef<number | null>(null);
  const [added, setAdded] = useState("");
  useEffect(() => {
    const from = addedFrom.current;
    if (from === null || sessions.length <= from) return;
    addedFrom.current = null;
    setAdded(t("chat.sessions.olderAdded", { count: sessions.length - from }));
    list.current?.querySelectorAll<HTMLAnchorElement>(":scope > li > a")[from]?.focus();
  }, [sessions.length, t]);
  return (
    <div className="flex h-full flex-col">
      <Form method="get" className="border-b border-line p-3" role="search" {...formProps}>
        <label htmlFor="chat-search" className="sr-only">
          {t("chat.sessions.search")}
        </label>
        <input
          id="chat-search"
          ref={searchInput}
          name="q"
          type="search"
          defaultValue={query}
          placeholder={t("chat.sessions.searchPlaceholder")}
          maxLength={100}
          className="field h-11 w-full"
        />
      </Form>
      {/* A search on its way keeps the chats shown until its answer replaces them. */}
      {searching ? (
        <p className="px-3 py-2 text-center text-sm text-muted" role="status">
          {t("chat.sessions.loading")}
        </p>
      ) : null}
      {sessions.length === 0 ? (
        searching ? null : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <p className="font-medium">{t("chat.sessions.emptyTitle")}</p>
            <Link to="/explore" className="text-sm text-accent hover:underline">
              {t("chat.sessions.emptyHint")}
            </Link>
          </div>
        )
      ) : (
        <div className={`flex-1 overflow-y-auto transition-opacity ${searching ? "opacity-60" : ""}`} aria-busy={searching || undefined}>
          {older.fromOlderPage ? (
            <Link to={pageAt(null)} className="block px-3 py-3 text-center text-sm text-accent hover:underline">
              {t("chat.sessions.newest")}
            </Link>
          ) : null}
          <ul aria-label={t("chat.sessions.list")} ref={list}>
            {sessions.map((session) => {
              return (
                <li key={session.id}>
                  <Link
                    to={`/chat/${session.id}`}
                    aria-current={session.id === activeId ? "page" : undefined}
                    className={`flex items-center gap-3 px-3 py-3 hover:bg-raised ${session.id === activeId ? "bg-accent-soft" : ""}`}
                  >
                    <Avatar url={session.agentAvatar} size={44} name={session.agentName} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-medium">
                          {session.agentName}
                          {session.title ? (
                            <span className="font-normal text-muted" data-testid="session-title">
                              {" "}
                              {t("threads.list.titled", { title: session.title })}
                            </span>
                          ) : null}
                        </span>
                        <time className="shrink-0 text-xs text-faint" dateTime={session.lastMessageTime}>
                          {formatChatTime(session.lastMessageTime, lang)}
                        </time>
                      </span>
                      <LastLine text={session.lastMessage ?? ""} kind={session.lastMessageKind} />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {older.state === "failed" ? (
            <p className="px-3 pt-4 text-center text-sm text-danger" role="alert">
              {t("chat.sessions.olderFailed")}
            </p>
          ) : null}
          {older.next ? (
            <Link
              to={pageAt(older.next)}
              onClick={(event) => {
                if (!older.load) return;
                event.preventDefault();
                addedFrom.current = sessions.length;
                older.load();
              }}
              aria-disabled={older.state === "loading" || undefined}
              className="block px-3 py-4 text-center text-sm text-accent hover:underline"
              data-testid="older-sessions"
            >
              {older.state === "loading" ? t("chat.sessions.loadingOlder") : query.trim() ? t("chat.sessions.olderMatches") : t("chat.sessions.older")}
            </Link>
          ) : null}
          <p className="sr-only" role="status">
            {added}
          </p>
        </div>
      )}
    </div>
  );
}

/** A chat's last message as one line: its words, and what it holds besides (a picture says so, with or without words). */
function LastLine({ text, kind }: { text: string; kind?: MessageAttachmentKind }) {
  const words = messagePreview(text);
  const t = useT();
  const Icon = kind ? KIND_ICONS[kind] : null;
  return (
    <span className="flex items-center gap-1 text-sm text-muted" data-testid="session-last-message">
      {Icon ? <Icon className="size-3.5 shrink-0" aria-hidden /> : null}
      <span className="truncate">{kind && !words ? t(attachmentKindLabels[kind]) : words}</span>
      {kind && words ? <span className="sr-only">({t(attachmentKindLabels[kind])})</span> : null}
    </span>
  );
}
