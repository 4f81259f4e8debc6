import { Form, Link, useNavigation } from "react-router";
import { thumbnailUrl } from "~/lib/catalogue";
import { chatTexts, type ChatSessionSummary } from "~/lib/chat";
import { formatChatTime } from "~/lib/dates";
import { messagePreview } from "~/lib/message-preview";

/**
 * The person's chats, newest first, with a name search that works as a plain GET form. `capped`:
 * the server left older chats (or matches) out (SESSION_LIST_LIMIT); a narrower search finds them.
 */
export function ChatSessionList({ sessions, capped, activeId, query }: { sessions: ChatSessionSummary[]; capped: boolean; activeId: string | null; query: string }) {
  // A search on its way (the form is a GET, so the navigation carries its fields).
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.formData?.has("q") === true;
  return (
    <div className="flex h-full flex-col">
      <Form method="get" className="border-b border-line p-3" role="search">
        <label htmlFor="chat-search" className="sr-only">
          Search chats
        </label>
        <input id="chat-search" name="q" type="search" defaultValue={query} placeholder={chatTexts.searchPlaceholder} className="field h-10 w-full" />
      </Form>
      {searching ? (
        <p className="p-6 text-center text-sm text-muted" role="status">
          {chatTexts.loadingSessions}
        </p>
      ) : sessions.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
          <p className="font-medium">{chatTexts.noSessionsTitle}</p>
          <Link to="/explore" className="text-sm text-accent hover:underline">
            {chatTexts.noSessionsHint}
          </Link>
        </div>
      ) : (
        <div className="flex-1 overflow-y-auto">
          <ul aria-label="Chats">
            {sessions.map((session) => {
              const avatar = thumbnailUrl(session.agentAvatar, 150);
              return (
                <li key={session.id}>
                  <Link
                    to={`/chat/${session.id}`}
                    aria-current={session.id === activeId ? "page" : undefined}
                    className={`flex items-center gap-3 px-3 py-3 hover:bg-raised ${session.id === activeId ? "bg-accent-soft" : ""}`}
                  >
                    {avatar ? <img src={avatar} alt="" className="size-11 shrink-0 rounded-full object-cover" width={44} height={44} /> : <span className="size-11 shrink-0 rounded-full bg-raised" />}
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-medium">{session.agentName}</span>
                        <time className="shrink-0 text-xs text-faint" dateTime={session.lastMessageTime}>
                          {formatChatTime(session.lastMessageTime)}
                        </time>
                      </span>
                      <span className="block truncate text-sm text-muted" data-testid="session-last-message">
                        {messagePreview(session.lastMessage ?? "")}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {capped ? (
            <p className="px-3 py-4 text-center text-xs text-muted" data-testid="older-sessions-hint">
              {query.trim() ? chatTexts.olderMatchesHint : chatTexts.olderSessionsHint}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
