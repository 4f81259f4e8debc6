import { useState } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { AgentDetails } from "~/components/chat/agent-details";
import { ChatComposer } from "~/components/chat/composer";
import { Conversation } from "~/components/chat/conversation";
import { ConversationHeader } from "~/components/chat/conversation-header";
import { EditAgentModal } from "~/components/chat/edit-agent-modal";
import { useDeleteFeedback } from "~/components/chat/message-bubble";
import { PromptGuideModal } from "~/components/chat/prompt-guide-modal";
import { MobileQuickActions } from "~/components/chat/quick-actions";
import { ChatSessionList } from "~/components/chat/session-list";
import { useAgentEditor } from "~/components/chat/use-agent-editor";
import { useChat } from "~/components/chat/use-chat";
import { useChatScroll } from "~/components/chat/use-chat-scroll";
import { useComposerPrompts } from "~/components/chat/use-composer-prompts";
import { useDetailsPanel } from "~/components/chat/use-details-panel";
import { useOlderMessages } from "~/components/chat/use-older-messages";
import { useReplyControls } from "~/components/chat/use-reply-controls";
import { useSessionPages } from "~/components/chat/use-session-pages";
import { Dialog } from "~/components/ui/dialog";
import type { FieldErrors } from "~/lib/forms";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, attachmentTexts } from "~/lib/attachments";
import { withToast } from "~/lib/toasts";
import { outOfTokensOfferOf, type OutOfTokensOffer } from "~/lib/tokens";
import type { ShellHandle } from "~/components/shell/frame";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { ReplyFailedError } from "~/modules/chat/reply.server";
import { listCharacterChats } from "~/modules/chat/character-chats.server";
import { CharacterChatsMenu } from "~/components/chat/character-chats-menu";
import { useMessageThreads } from "~/components/chat/use-message-threads";
import { MessageNotFoundError } from "~/modules/chat/errors.server";
import { errorData, isAppError } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import type { Route } from "./+types/session";
import { chatPageData, chatPageForm, handleChatAction, type ChatPageForm } from "./+shared/chat-page.server";

/** Spec section 2: on narrow screens the conversation is full-screen, with its own header and back action. */
export const handle: ShellHandle = { frame: "conversation" };

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const name = page && "agent" in page && page.agent?.name;
  return name ? pageMeta(matches, "chat.meta.sessionTitle", undefined, { name }) : pageMeta(matches, "chat.meta.title");
};

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // Someone else's chat does not exist for this person: the error page's 404.
  return Promise.all([chatPageData(user.id, params.sessionId, url.searchParams), listCharacterChats(user.id, params.sessionId)])
    .then(([page, characterChats]) => ({ ...page, characterChats }))
    .catch((error: unknown) => {
      throw errorData(error);
    });
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  let form: ChatPageForm | null = null;
  let done;
  try {
    form = await parseForm(request, chatPageForm, PAGE_FORM);
    done = await handleChatAction(user.id, params.sessionId, form);
  } catch (error) {
    return refused(error, form);
  }
  const to = done.to ?? `/chat/${params.sessionId}`;
  throw redirect(done.toast ? withToast(to, done.toast) : to);
}

/**
 * A refused action as the page shows it: errorData's `{ ok: false, error, code }` with the Buy
 * tokens link or field errors the error carries, the form it came from, and for a send refused
 * before it was saved, its text to put back in the composer. A message that is not there (deleted
 * in another tab, or not theirs) is a real 404, answered as data rather than thrown, so the chat
 * stays on screen with the failure; any other 404 (someone else's chat) is the error page's.
 */
function refused(error: unknown, form: ChatPageForm | null) {
  const failure =
    error instanceof MessageNotFoundError
      ? data({ ok: false as const, error: translateMessage(error.message), code: error.code }, { status: error.status })
      : errorData(error);
  const details = isAppError(error) ? (error.details as OutOfTokensOffer & { fields?: FieldErrors }) : {};
  const intent = form?.intent;
  return data(
    {
      ...failure.data,
      buyTokens: details.buyTokens,
      claimTokens: details.claimTokens,
      nextFreeTokens: details.nextFreeTokens,
      fields: details.fields,
      intent: intent === "edit-agent" || intent === "delete" ? intent : undefined,
      // Saved, but no reply came (ReplyFailedError): the message is on the page, not in the box.
      draft: intent === "send" && !(error instanceof ReplyFailedError) ? (form?.message ?? "") : undefined,
    },
    failure.init ?? undefined,
  );
}
/** At most a message's files (no JavaScript: they come with the form) or a new agent picture. */
const PAGE_FORM = { maxBytes: ATTACHMENTS_PER_MESSAGE * ATTACHMENT_MAX_BYTES + 256 * 1024, tooLarge: attachmentTexts.tooLarge };

export default function ChatSession({ loaderData: page, actionData, params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const t = useT();
  const sessionPages = useSessionPages(page.sessions, page.sessionsNext, searchParams.get("q") ?? "");
  const chat = useChat(params.sessionId, page.messages, sessionPages.sessions);
  useDeleteFeedback();
  const editor = useAgentEditor(actionData);
  const panel = useDetailsPanel();
  const [guideOpen, setGuideOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const composer = useComposerPrompts(params.sessionId, page.agent.promptGuide, page.modes);
  const scroll = useChatScroll(params.sessionId, chat.messages);
  const older = useOlderMessages(params.sessionId, page.hasMore, chat.messages, {
    prependOlder: chat.prependOlder,
    keepPlaceAboveOlder: scroll.keepPlaceAboveOlder,
  });
  const reply = useReplyControls(chat);
  const threads = useMessageThreads(chat.streaming, chat.regenerateFrom);
  const guide = page.agent.promptGuide;
  const detailsPage = searchParams.has("details");
  return (
    <div className="flex h-dvh min-h-0 md:h-[calc(100dvh-4rem)]">
      <aside className="hidden w-72 shrink-0 border-r border-line lg:block" aria-label={t("chat.index.sessions")}>
        <ChatSessionList
          sessions={chat.sessions}
          older={{ next: sessionPages.next, load: sessionPages.loadOlder, state: sessionPages.state, fromOlderPage: page.sessionsOlder }}
          activeId={params.sessionId}
          query={searchParams.get("q") ?? ""}
        />
      </aside>
      <section
        className="flex min-w-0 flex-1 flex-col max-md:pb-[env(safe-area-inset-bottom)]"
        aria-label={t("chat.session.conversationWith", { name: page.agent.name })}
        onKeyDown={reply.versionKeys}
      >
        <ConversationHeader
          agent={page.agent}
          panel={panel}
          onOpenDetails={() => setDetailsOpen(true)}
          chats={
            <CharacterChatsMenu
              key={params.sessionId}
              agentName={page.agent.name}
              characterId={page.characterChats.characterId}
              chats={page.characterChats.chats}
              activeId={params.sessionId}
            />
          }
        />
        {detailsPage ? (
          // The details as a page state (?details): how they open without JavaScript, forms and all.
          <div className="min-h-0 flex-1 overflow-y-auto p-5">
            <Link to={`/chat/${params.sessionId}`} className="mb-4 inline-block text-sm text-primary hover:underline">
              {t("personas.details.back")}
            </Link>
            <AgentDetails agent={page.agent} onEdit={editor.show} onQuickPrompt={composer.quick} onOpenGuide={() => setGuideOpen(true)} />
          </div>
        ) : (
          <>
            <Conversation
              messages={chat.messages}
              scroll={scroll}
              older={older}
              lastReply={reply.lastReply}
              onNewVersion={reply.onNewVersion}
              threads={threads}
              failure={actionData?.error && !editor.failed ? { error: actionData.error, outOfTokens: outOfTokensOfferOf(actionData) } : null}
            />
            {chat.messages.length <= 1 ? <MobileQuickActions onWrite={composer.write} onOpenDetails={() => setDetailsOpen(true)} /> : null}
          </>
        )}
        <Dialog open={detailsOpen} onClose={() => setDetailsOpen(false)} title={t("chat.details.title")}>
          {detailsOpen ? (
            <AgentDetails
              agent={page.agent}
              onEdit={() => {
                setDetailsOpen(false);
                editor.show();
              }}
              onQuickPrompt={(key) => {
                setDetailsOpen(false);
                composer.quick(key);
              }}
              onOpenGuide={() => {
                setDetailsOpen(false);
                setGuideOpen(true);
              }}
            />
          ) : null}
        </Dialog>
        {detailsPage ? null : (
          <ChatComposer
            streaming={chat.streaming}
            draft={actionData?.draft}
            draftKey={`chat-draft:${params.sessionId}`}
            canRegenerate={reply.canRegenerate}
            onSend={(text, attachments, sentMode) => {
              scroll.followOwnMessage();
              return chat.send(text, attachments, sentMode === "vision" ? "vision" : "chat");
            }}
            onStop={chat.stop}
            onRegenerate={chat.regenerate}
            fill={composer.fill}
            modes={page.modes}
            mode={composer.mode}
            onModeChange={composer.setMode}
            onOpenGuide={guide.some((section) => section.key === "ask_me") ? () => setGuideOpen(true) : undefined}
          />
        )}
        <EditAgentModal
          key={editor.formKey}
          open={editor.open}
          onClose={editor.close}
          agent={page.editable}
          error={editor.failed ? actionData?.error : undefined}
          fields={editor.failed ? actionData?.fields : undefined}
        />
        <PromptGuideModal
          open={guideOpen}
          sections={guide}
          onClose={() => setGuideOpen(false)}
          onPick={(prompt) => {
            setGuideOpen(false);
            composer.write(prompt);
          }}
        />
      </section>
      {panel.panel !== "closed" ? (
        <aside
          className={`hidden w-80 shrink-0 overflow-y-auto border-l border-line p-5 ${panel.panel === "open" ? "xl:block" : "min-[1440px]:block"}`}
          aria-label={t("chat.details.title")}
        >
          <AgentDetails agent={page.agent} onEdit={editor.show} onQuickPrompt={composer.quick} onOpenGuide={() => setGuideOpen(true)} />
        </aside>
      ) : null}
    </div>
  );
}
