import { ArrowDown } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { OutOfTokensOffer } from "~/lib/tokens";
import { MessageBubble, type DisplayedMessage, type MessageThreads } from "./message-bubble";
import type { useChatScroll } from "./use-chat-scroll";
import type { useOlderMessages } from "./use-older-messages";

/**
 * The conversation's scroller: "Load more" above the messages (older ones also load as the top
 * comes into view), the messages, a refused action's text as a failed reply, and the way back to
 * the newest message when the person has scrolled away from it.
 */
export function Conversation({
  messages,
  scroll,
  older,
  lastReply,
  onNewVersion,
  failure,
  threads,
}: {
  messages: DisplayedMessage[];
  scroll: ReturnType<typeof useChatScroll>;
  older: ReturnType<typeof useOlderMessages>;
  lastReply: DisplayedMessage | undefined;
  onNewVersion: (() => void) | undefined;
  /** What the page's action refused, when it is said in the conversation. */
  failure: { error: string; outOfTokens: OutOfTokensOffer | undefined } | null;
  /** Issue 36: edit, branch and regenerate from a message (useMessageThreads). */
  threads?: (message: DisplayedMessage, next: DisplayedMessage | undefined) => MessageThreads | undefined;
}) {
  const t = useT();
  return (
    <div
      {...scroll.scrollerProps}
      // Focusable, so that the keyboard can scroll it, and its arrow keys switch the last reply's versions.
      tabIndex={0}
      data-conversation
      className={`flex flex-1 ${scroll.topDown ? "flex-col" : "flex-col-reverse"} overflow-y-auto overscroll-contain px-3 py-4`}
    >
      <div className="relative mt-auto">
        <div ref={older.topSentinel} />
        {older.hasMore ? (
          <p className="pb-3 text-center text-xs text-muted" role="status">
            {older.loading ? (
              t("chat.conversation.loading")
            ) : (
              <Link
                to={`?before=${messages[0]?.id ?? ""}`}
                onClick={(event) => {
                  event.preventDefault();
                  older.loadOlder();
                }}
              >
                {t("chat.conversation.loadMore")}
              </Link>
            )}
          </p>
        ) : null}
        {messages.length === 0 ? (
          <div className="py-16 text-center">
            <p className="font-medium">{t("chat.conversation.emptyTitle")}</p>
            <p className="text-sm text-muted">{t("chat.conversation.emptyHint")}</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t("chat.conversation.messages")}>
            {messages.map((message, index) => (
              <MessageBubble
                key={message.id}
                message={message}
                canDelete
                canSwitch={index === messages.length - 1}
                onNewVersion={message === lastReply ? onNewVersion : undefined}
                threads={threads?.(message, messages[index + 1])}
              />
            ))}
          </ol>
        )}
        {failure ? (
          <MessageBubble
            message={{
              id: "action-error",
              senderType: "agent",
              message: failure.error,
              messageType: "chat",
              createdAt: "",
              failed: true,
              outOfTokens: failure.outOfTokens,
            }}
            canDelete={false}
          />
        ) : null}
        {scroll.awayFromBottom ? (
          // No height of its own: appearing, it must not move what the person is reading.
          <div className="sticky bottom-2 flex h-0 justify-end">
            <button
              type="button"
              onClick={scroll.scrollToNewest}
              className="flex size-10 -translate-y-full items-center justify-center rounded-full bg-raised shadow-lg"
              aria-label={t("chat.conversation.scrollToNewest")}
            >
              <ArrowDown className="size-5" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
