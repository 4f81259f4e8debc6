import { MessageCircle } from "lucide-react";
import { useSearchParams } from "react-router";
import { ChatSessionList } from "~/components/chat/session-list";
import { ChatTransferNav } from "~/components/chat/chat-transfer-links";
import { useChatFeed, useLiveSessionList, useReload } from "~/components/chat/use-chat-feed";
import { useSessionPages } from "~/components/chat/use-session-pages";
import type { ShellHandle } from "~/components/shell/frame";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { listSessions } from "~/modules/chat/sessions.server";
import type { Route } from "./+types/index";

export const handle: ShellHandle = { frame: "app" };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "chat.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const list = await listSessions(user.id, { search: url.searchParams.get("q") ?? "", older: url.searchParams.get("older") });
  return { sessions: list.sessions, sessionsNext: list.next, sessionsOlder: list.afterCursor };
}

/** /chat: the session list only (spec section 2); wide screens show where a conversation will open. */
export default function ChatIndex({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const t = useT();
  const query = searchParams.get("q") ?? "";
  const reload = useReload();
  const pages = useSessionPages(loaderData.sessions, loaderData.sessionsNext, query);
  const live = useLiveSessionList(pages.sessions, reload);
  useChatFeed({ onOpen: reload, onMessage: live.noteMessage, onDeleted: live.noteDeleted, onChatChanged: reload });
  return (
    <div className="flex h-[calc(100dvh-4rem-4rem)] min-h-0 md:h-[calc(100dvh-4rem)]">
      <section className="flex w-full flex-col border-r border-line lg:w-72 lg:shrink-0" aria-label={t("chat.index.sessions")}>
        <h1 className="sr-only">{t("chat.index.heading")}</h1>
        <ChatTransferNav />
        <div className="min-h-0 flex-1">
          <ChatSessionList
            sessions={live.sessions}
            older={{ next: pages.next, load: pages.loadOlder, state: pages.state, fromOlderPage: loaderData.sessionsOlder }}
            activeId={null}
            query={query}
          />
        </div>
      </section>
      <div className="hidden flex-1 flex-col items-center justify-center gap-3 text-muted lg:flex">
        <MessageCircle className="size-10" aria-hidden />
        <p>{t("chat.index.selectChat")}</p>
      </div>
    </div>
  );
}
