import { MessagesSquare, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { formatChatTime, formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/react";

export type CharacterChatView = { id: string; title: string | null; startedAt: string; lastMessageAt: string; messageCount: number };

/** A chat's name in lists: the one the person gave it, else when it started. */
export function useChatName() {
  const t = useT();
  const lang = useLang();
  return (chat: { title: string | null; startedAt: string }) => chat.title ?? t("threads.list.untitled", { date: formatDateTime(chat.startedAt, lang) });
}

/**
 * "Chats with <name>" (issue 36), in the conversation's header: the person's chats with this
 * character, the latest used first, New chat, and the open chat's name and Delete. A native
 * disclosure, so it opens without JavaScript; every action is a plain form post or a link.
 */
export function CharacterChatsMenu({
  agentName,
  characterId,
  chats,
  activeId,
}: {
  agentName: string;
  characterId: string;
  chats: CharacterChatView[];
  activeId: string;
}) {
  const t = useT();
  const lang = useLang();
  const name = useChatName();
  const titleField = useId();
  const active = chats.find((chat) => chat.id === activeId);
  return (
    <details className="group/chats relative" data-testid="character-chats">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-2 py-1 text-sm text-muted hover:text-ink [&::-webkit-details-marker]:hidden">
        <MessagesSquare className="size-5" aria-hidden />
        <span className="max-sm:sr-only">{t("threads.menu.button", { count: chats.length })}</span>
      </summary>
      {/* On a phone the panel spans the screen below the header; from sm it hangs from its button. */}
      <div className="fixed inset-x-3 top-14 z-30 flex max-h-[70dvh] flex-col sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 gap-3 overflow-y-auto rounded-xl border border-line bg-surface p-3 shadow-xl">
        <div className="flex items-center justify-between gap-2">
          <h2 className="min-w-0 truncate text-sm font-semibold">{t("threads.menu.heading", { name: agentName })}</h2>
          <Form method="post" action={`/chat/start/${characterId}`}>
            <input type="hidden" name="intent" value="new" />
            <button type="submit" className="btn-primary inline-flex items-center gap-1 px-3 py-1 text-xs">
              <Plus className="size-3.5" aria-hidden /> {t("threads.menu.newChat")}
            </button>
          </Form>
        </div>
        <ol className="flex flex-col" aria-label={t("threads.menu.heading", { name: agentName })}>
          {chats.map((chat) => (
            <li key={chat.id}>
              <Link
                to={`/chat/${chat.id}`}
                aria-current={chat.id === activeId ? "page" : undefined}
                className={`flex flex-col rounded-lg px-2 py-1.5 hover:bg-raised ${chat.id === activeId ? "bg-accent-soft" : ""}`}
              >
                <span className="truncate text-sm font-medium">{name(chat)}</span>
                <span className="text-xs text-muted">
                  {t("threads.list.summary", { count: chat.messageCount, time: formatChatTime(chat.lastMessageAt, lang) })}
                </span>
              </Link>
            </li>
          ))}
        </ol>
        <Form method="post" className="flex flex-col gap-1 border-t border-line pt-3">
          <input type="hidden" name="intent" value="rename-chat" />
          <label htmlFor={titleField} className="text-xs font-medium text-muted">
            {t("threads.menu.nameLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id={titleField}
              name="title"
              defaultValue={active?.title ?? ""}
              maxLength={80}
              placeholder={t("threads.menu.namePlaceholder")}
              className="field h-9 min-w-0 flex-1 text-sm"
            />
            <button type="submit" className="btn-secondary px-3 py-1 text-xs">
              {t("threads.menu.rename")}
            </button>
          </div>
        </Form>
        <Link to={`/chat/${activeId}/delete`} className="inline-flex items-center gap-1 self-start text-xs text-danger hover:underline">
          <Trash2 className="size-3.5" aria-hidden /> {t("threads.menu.delete")}
        </Link>
      </div>
    </details>
  );
}
