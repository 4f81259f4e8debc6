import { ArrowDown, ChevronLeft, Info, PanelRightClose, PanelRightOpen } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { ChatComposer } from "~/components/chat/composer";
import { MessageBubble, useDeleteFeedback } from "~/components/chat/message-bubble";
import { AgentDetails } from "~/components/chat/agent-details";
import { EditAgentModal } from "~/components/chat/edit-agent-modal";
import { Dialog } from "~/components/ui/dialog";
import { PromptGuideModal } from "~/components/chat/prompt-guide-modal";
import { ChatSessionList } from "~/components/chat/session-list";
import { useChat } from "~/components/chat/use-chat";
import { useChatScroll } from "~/components/chat/use-chat-scroll";
import { useSessionPages } from "~/components/chat/use-session-pages";
import { useVersionKeys } from "~/components/chat/use-version-keys";
import type { FieldErrors } from "~/lib/auth-forms";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { showToast, withToast } from "~/lib/toasts";
import { outOfTokensOfferOf, type OutOfTokensOffer } from "~/lib/tokens";
import type { ShellHandle } from "~/components/shell/frame";
import { TokenBalanceLink } from "~/components/shell/token-balance-link";
import { useProfile } from "~/components/shell/use-profile";
import { requireUser } from "~/modules/auth/login-session.server";
import { AttachmentsTooLargeError } from "~/modules/chat/attachments.server";
import { chatPageData, handleChatAction } from "~/modules/chat/page.server";
import { ReplyFailedError } from "~/modules/chat/reply.server";
import { MessageNotFoundError } from "~/modules/chat/errors.server";
import { errorData, isAppError } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import type { ChatMode } from "~/lib/documents/chat-message";
import { asksForVoiceNote } from "~/lib/chat-modes";
import type { Route } from "./+types/session";
import { CharacterPicture } from "~/components/ui/avatar";

/** Spec section 2: on narrow screens the conversation is full-screen, with its own header and back action. */
export const handle: ShellHandle = { frame: "conversation" };

export function meta({ data: page }: Route.MetaArgs) {
  return [
    {
      title: `${(page && "agent" in page && page.agent?.name) || "Chat"} · CharacterVerse`,
    },
  ];
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // Someone else's chat does not exist for this person: the error page's 404.
  return chatPageData(user.id, params.sessionId, url.searchParams).catch((error: unknown) => {
    throw errorData(error);
  });
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  // At most a message's files (no JavaScript: they come with the form) or a new agent picture.
  const form = await readFormWithin(request, PAGE_FORM_MAX_BYTES);
  let done;
  try {
    if (!form) throw new AttachmentsTooLargeError();
    done = await handleChatAction(user.id, params.sessionId, form);
  } catch (error) {
    return refused(error, form);
  }
  throw redirect(done.toast ? withToast(`/chat/${params.sessionId}`, done.toast) : `/chat/${params.sessionId}`);
}

/**
 * A refused action as the page shows it: errorData's `{ ok: false, error, code }` with the Buy
 * tokens link or field errors the error carries, the form it came from, and for a send refused
 * before it was saved, its text to put back in the composer. A message that is not there (deleted
 * in another tab, or not theirs) is a real 404, answered as data rather than thrown, so the chat
 * stays on screen with the failure; any other 404 (someone else's chat) is the error page's.
 */
function refused(error: unknown, form: FormData | null) {
  const failure =
    error instanceof MessageNotFoundError ? data({ ok: false as const, error: error.message, code: error.code }, { status: error.status }) : errorData(error);
  const details = isAppError(error) ? (error.details as OutOfTokensOffer & { fields?: FieldErrors }) : {};
  const intent = form?.get("intent");
  return data(
    {
      ...failure.data,
      buyTokens: details.buyTokens,
      claimTokens: details.claimTokens,
      nextFreeTokens: details.nextFreeTokens,
      fields: details.fields,
      intent: intent === "edit-agent" || intent === "delete" ? intent : undefined,
      // Saved, but no reply came (ReplyFailedError): the message is on the page, not in the box.
      draft: intent === "send" && !(error instanceof ReplyFailedError) ? String(form?.get("message") ?? "") : undefined,
    },
    failure.init ?? undefined,
  );
}
const PANEL_BY_DEFAULT = "(min-width: 1440px)";
const PAGE_FORM_MAX_BYTES = ATTACHMENTS_PER_MESSAGE * ATTACHMENT_MAX_BYTES + 256 * 1024;
/** Spec: the phone's quick-action grid. The first three start a topic; the rest open the details. */
const MOBILE_TOPICS = [
  { label: "Weather", prompt: "What's the weather like where you are today?" },
  {
    label: "Headlines",
    prompt: "What's the most interesting thing you've heard about lately?",
  },
  {
    label: "Nearby",
    prompt: "What's a nice place near you that you'd recommend?",
  },
];
const MOBILE_DETAILS = ["Speak", "Photos", "Videos"];

export default function ChatSession({ loaderData, actionData, params }: Route.ComponentProps) {
  const page = loaderData;
  const profile = useProfile();
  const [searchParams] = useSearchParams();
  const sessionPages = useSessionPages(page.sessions, page.sessionsNext, searchParams.get("q") ?? "");
  const chat = useChat(params.sessionId, page.messages, sessionPages.sessions);
  // One fetcher per chat: a page of older messages belongs to the chat it was loaded for, even
  // when a revalidation reloads it after the person has moved on to another chat.
  const older = useFetcher<typeof loader>({ key: `older-messages-${params.sessionId}` });
  useDeleteFeedback();
  const [hasMore, setHasMore] = useState(page.hasMore);
  // The details panel shows by default only where the conversation keeps room beside it
  // (PANEL_BY_DEFAULT); from xl it can be opened or closed by hand.
  const [panel, setPanel] = useState<"auto" | "open" | "closed">("auto");
  const panelShown = () => panel === "open" || (panel === "auto" && window.matchMedia(PANEL_BY_DEFAULT).matches);
  const togglePanel = () => setPanel(panelShown() ? "closed" : "open");
  const [fill, setFill] = useState<{ text: string; key: number } | null>(null);
  const [mode, setMode] = useState<ChatMode>("chat");
  const [guideOpen, setGuideOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // A failed save's errors stay until the form is closed; opened again, it starts afresh.
  const [closedAfter, setClosedAfter] = useState<unknown>(null);
  const editFailed = actionData?.intent === "edit-agent" && actionData !== closedAfter;
  const [editOpen, setEditOpen] = useState(false);
  const [editForm, setEditForm] = useState(0);
  const closeEdit = () => {
    setEditOpen(false);
    setClosedAfter(actionData);
    setEditForm((count) => count + 1);
  };
  useEffect(() => {
    if (!editFailed) return;
    setEditOpen(true);
    // Spec section 8: 'Failed to update agent' (or 'Failed to upload image: …') as an error toast too.
    showToast("agent-update-failed", actionData?.error);
  }, [editFailed, actionData]);
  // A save that worked (a redirect with its toast, so no failure came back) closes the form.
  const navigation = useNavigation();
  const savingAgent = navigation.formData?.get("intent") === "edit-agent";
  const agentSaveSent = useRef(false);
  useEffect(() => {
    if (savingAgent) agentSaveSent.current = true;
    else if (agentSaveSent.current && navigation.state === "idle") {
      agentSaveSent.current = false;
      if (!editFailed) setEditOpen(false);
    }
  }, [savingAgent, navigation.state, editFailed]);
  const picks = useRef<Record<string, number>>({});
  const guide = page.agent.promptGuide;
  // A prompt that asks for a voice note chooses that mode, when the person's plan has it.
  const write = (text: string) => {
    setFill({ text, key: Date.now() });
    if (asksForVoiceNote(text) && page.modes?.voice && !page.modes.voice.notInPlan) setMode("voice");
  };
  // Each quick action writes the next prompt of its section into the composer.
  const quick = (key: string) => {
    const prompts = guide.find((section) => section.key === key)?.groups.flatMap((group) => group.prompts) ?? [];
    if (!prompts.length) return;
    const index = picks.current[key] ?? 0;
    picks.current[key] = index + 1;
    const prompt = prompts[index % prompts.length]!;
    write(prompt);
    // Spec section 2: "Show me...", "Send me..." and "Can I see..." ask for a picture (or, by its words, a voice note).
    if ((key === "show_me" || key === "send_me" || key === "can_i_see") && !asksForVoiceNote(prompt) && page.modes?.image && !page.modes.image.notInPlan)
      setMode("image");
  };
  const scroll = useChatScroll(params.sessionId, chat.messages);
  const topSentinel = useRef<HTMLDivElement>(null);

  useEffect(() => setHasMore(page.hasMore), [params.sessionId, page.hasMore]);
  // The composer's settings that could not be read are said in a toast too (spec section 8), once per chat.
  const settingsFailed = page.modes === null;
  useEffect(() => {
    if (settingsFailed) showToast("model-settings-failed");
  }, [params.sessionId, settingsFailed]);
  const { keepPlaceAboveOlder } = scroll;
  const { prependOlder } = chat;
  useEffect(() => {
    if (!older.data || older.data.sessionId !== params.sessionId) return;
    keepPlaceAboveOlder();
    prependOlder(older.data.messages);
    setHasMore(older.data.hasMore);
  }, [older.data, params.sessionId, keepPlaceAboveOlder, prependOlder]);

  // Older messages load when the top comes into view, or on "Load more" (a plain link without JavaScript).
  const loadOlder = useCallback(() => {
    const oldest = chat.messages.find((message) => !message.id.startsWith("temp-"));
    if (older.state === "idle" && oldest) older.load(`/chat/${params.sessionId}?before=${oldest.id}`);
  }, [chat.messages, older, params.sessionId]);
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

  const last = chat.messages.at(-1);
  const answerable = chat.messages.some((message) => message.senderType === "user");
  // The last reply, when it is one written and saved: its arrows switch versions, and › on its last version asks for a new one.
  const lastReply =
    last && last.senderType === "agent" && last.messageType === "chat" && !last.pending && !last.thinking && !last.failed && !last.id.startsWith("temp-")
      ? last
      : undefined;
  const onNewVersion = lastReply && answerable && !chat.streaming ? chat.regenerate : undefined;
  const versionKeys = useVersionKeys(lastReply, onNewVersion);
  return (
    <div className="flex h-dvh min-h-0 md:h-[calc(100dvh-4rem)]">
      <aside className="hidden w-72 shrink-0 border-r border-line lg:block" aria-label="Chat sessions">
        <ChatSessionList
          sessions={chat.sessions}
          older={{ next: sessionPages.next, load: sessionPages.loadOlder, state: sessionPages.state, fromOlderPage: page.sessionsOlder }}
          activeId={params.sessionId}
          query={searchParams.get("q") ?? ""}
        />
      </aside>
      <section
        className="flex min-w-0 flex-1 flex-col max-md:pb-[env(safe-area-inset-bottom)]"
        aria-label={`Conversation with ${page.agent.name}`}
        onKeyDown={versionKeys}
      >
        <header className="flex items-center gap-3 border-b border-line px-3 py-2">
          <Link to="/chat" className="rounded-full p-1 text-muted hover:text-ink lg:hidden" aria-label="All chats">
            <ChevronLeft className="size-5" />
          </Link>
          <CharacterPicture
            name={page.agent.name}
            url={page.agent.avatarUrl}
            thumbnail={150}
            className="size-9 shrink-0 rounded-full object-cover"
            width={36}
            height={36}
          />
          <h1 className="min-w-0 flex-1 truncate font-semibold">{page.agent.name}</h1>
          {/* The shell's header, and its balance, give way to this one on a phone. */}
          {profile ? <TokenBalanceLink tokens={profile.tokens} className="px-2.5 text-xs md:hidden" /> : null}
          <button
            type="button"
            onClick={() => setDetailsOpen(true)}
            className="rounded-full p-1 text-muted hover:text-ink xl:hidden"
            aria-label="Agent details"
          >
            <Info className="size-5" />
          </button>
          {panel === "auto" ? (
            <>
              <PanelToggle open={false} onClick={togglePanel} className="hidden xl:block min-[1440px]:hidden" />
              <PanelToggle open onClick={togglePanel} className="hidden min-[1440px]:block" />
            </>
          ) : (
            <PanelToggle open={panel === "open"} onClick={togglePanel} className="hidden xl:block" />
          )}
        </header>
        <div
          {...scroll.scrollerProps}
          // Focusable, so that the keyboard can scroll it, and its arrow keys switch the last reply's versions.
          tabIndex={0}
          data-conversation
          className={`flex flex-1 ${scroll.topDown ? "flex-col" : "flex-col-reverse"} overflow-y-auto overscroll-contain px-3 py-4`}
        >
          <div className="relative mt-auto">
            <div ref={topSentinel} />
            {hasMore ? (
              <p className="pb-3 text-center text-xs text-muted" role="status">
                {older.state === "loading" ? (
                  "Loading…"
                ) : (
                  <Link
                    to={`?before=${chat.messages[0]?.id ?? ""}`}
                    onClick={(event) => {
                      event.preventDefault();
                      loadOlder();
                    }}
                  >
                    Load more
                  </Link>
                )}
              </p>
            ) : null}
            {chat.messages.length === 0 ? (
              <div className="py-16 text-center">
                <p className="font-medium">{chatTexts.noMessagesTitle}</p>
                <p className="text-sm text-muted">{chatTexts.noMessagesHint}</p>
              </div>
            ) : (
              <ol className="flex flex-col gap-3" aria-label="Messages">
                {chat.messages.map((message, index) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    canDelete
                    canSwitch={index === chat.messages.length - 1}
                    onNewVersion={message === lastReply ? onNewVersion : undefined}
                  />
                ))}
              </ol>
            )}
            {actionData?.error && !editFailed ? (
              <MessageBubble
                message={{
                  id: "action-error",
                  senderType: "agent",
                  message: actionData.error,
                  messageType: "chat",
                  createdAt: "",
                  failed: true,
                  outOfTokens: outOfTokensOfferOf(actionData),
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
                  aria-label="Scroll to the newest message"
                >
                  <ArrowDown className="size-5" />
                </button>
              </div>
            ) : null}
          </div>
        </div>
        {chat.messages.length <= 1 ? (
          <div className="grid grid-cols-3 gap-2 px-3 pb-2 md:hidden" role="group" aria-label="Quick actions">
            {MOBILE_TOPICS.map((topic) => (
              <button key={topic.label} type="button" onClick={() => write(topic.prompt)} className="btn-secondary h-9 px-2 text-xs">
                {topic.label}
              </button>
            ))}
            {MOBILE_DETAILS.map((label) => (
              <button key={label} type="button" onClick={() => setDetailsOpen(true)} className="btn-secondary h-9 px-2 text-xs">
                {label}
              </button>
            ))}
          </div>
        ) : null}
        <Dialog open={detailsOpen} onClose={() => setDetailsOpen(false)} title="Agent details">
          {detailsOpen ? (
            <AgentDetails
              agent={page.agent}
              onEdit={() => {
                setDetailsOpen(false);
                setEditOpen(true);
              }}
              onQuickPrompt={(key) => {
                setDetailsOpen(false);
                quick(key);
              }}
              onOpenGuide={() => {
                setDetailsOpen(false);
                setGuideOpen(true);
              }}
            />
          ) : null}
        </Dialog>
        <ChatComposer
          streaming={chat.streaming}
          draft={actionData?.draft}
          draftKey={`chat-draft:${params.sessionId}`}
          // The answer to the last message when it failed or never came (stopped before a word, or
          // the page reloaded after a failure); a reply's own › makes its new versions. A send the
          // server refused kept nothing to answer: its text is back in the composer instead.
          // Only a chat reply is asked again: a picture, a voice note or a vision answer is asked for anew in its mode.
          canRegenerate={last !== undefined && last.messageType === "chat" && !last.refused && answerable && !lastReply}
          onSend={(text, attachments, sentMode) => {
            scroll.followOwnMessage();
            return chat.send(text, attachments, sentMode === "vision" ? "vision" : "chat");
          }}
          onStop={chat.stop}
          onRegenerate={chat.regenerate}
          fill={fill}
          modes={page.modes}
          mode={mode}
          onModeChange={setMode}
          onOpenGuide={guide.some((section) => section.key === "ask_me") ? () => setGuideOpen(true) : undefined}
        />
        <EditAgentModal
          key={editForm}
          open={editOpen}
          onClose={closeEdit}
          agent={page.editable}
          error={editFailed ? actionData?.error : undefined}
          fields={editFailed ? actionData?.fields : undefined}
        />
        <PromptGuideModal
          open={guideOpen}
          sections={guide}
          onClose={() => setGuideOpen(false)}
          onPick={(prompt) => {
            setGuideOpen(false);
            write(prompt);
          }}
        />
      </section>
      {panel !== "closed" ? (
        <aside
          className={`hidden w-80 shrink-0 overflow-y-auto border-l border-line p-5 ${panel === "open" ? "xl:block" : "min-[1440px]:block"}`}
          aria-label="Agent details"
        >
          <AgentDetails agent={page.agent} onEdit={() => setEditOpen(true)} onQuickPrompt={quick} onOpenGuide={() => setGuideOpen(true)} />
        </aside>
      ) : null}
    </div>
  );
}

function PanelToggle({ open, onClick, className }: { open: boolean; onClick: () => void; className: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-full p-1 text-muted hover:text-ink ${className}`}
      aria-label={open ? "Hide details" : "Show details"}
    >
      {open ? <PanelRightClose className="size-5" /> : <PanelRightOpen className="size-5" />}
    </button>
  );
}
