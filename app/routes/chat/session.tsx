import { ArrowDown, ChevronLeft, Info, PanelRightClose, PanelRightOpen } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { ChatComposer } from "~/components/chat/composer";
import { MessageBubble, useDeleteFeedback } from "~/components/chat/message-bubble";
import { AgentDetails } from "~/components/chat/agent-details";
import { EditAgentModal } from "~/components/chat/edit-agent-modal";
import { Dialog } from "~/components/ui/dialog";
import { PromptGuideModal } from "~/components/chat/prompt-guide-modal";
import { ChatSessionList } from "~/components/chat/session-list";
import { useChat } from "~/components/chat/use-chat";
import { useSessionPages } from "~/components/chat/use-session-pages";
import { thumbnailUrl } from "~/lib/catalogue";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, attachmentTexts } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { showToast, withToast } from "~/lib/toasts";
import type { ShellHandle } from "~/components/shell/frame";
import { requireUser } from "~/modules/auth/login-session.server";
import { chatPageData, handleChatAction } from "~/modules/chat/page.server";
import { readFormWithin } from "~/modules/http/form.server";
import type { Route } from "./+types/session";

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
  return chatPageData(user.id, params.sessionId, url.searchParams);
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  // At most a message's files (no JavaScript: they come with the form) or a new agent picture.
  const form = await readFormWithin(request, PAGE_FORM_MAX_BYTES);
  if (!form) return data({ error: attachmentTexts.tooLarge, buyTokens: undefined, intent: undefined, fields: undefined, draft: undefined }, { status: 413 });
  const result = await handleChatAction(user.id, params.sessionId, form);
  if (result.ok) throw redirect(result.toast ? withToast(`/chat/${params.sessionId}`, result.toast) : `/chat/${params.sessionId}`);
  // A message that is not there is a real 404, returned rather than thrown so that the chat stays
  // on screen with the failure.
  if (result.intent === "delete") return Response.json({ error: result.error, intent: result.intent }, { status: result.status });
  return data(
    {
      error: result.error,
      buyTokens: result.buyTokens,
      intent: result.intent,
      fields: result.fields,
      // A send refused before it was saved (502: saved, but no reply came): its text goes back in the box.
      draft: form.get("intent") === "send" && result.status !== 502 ? String(form.get("message") ?? "") : undefined,
    },
    { status: result.status },
  );
}

const FOLLOW_WITHIN_PX = 100;
/**
 * The conversation's scroller is served laid out from the bottom (`flex-col-reverse`), so it opens
 * at the newest message before any script runs, on a slow phone and without JavaScript; scrollTop
 * is 0 at the bottom and negative above it. Where the browser has scroll anchoring (Chrome, Edge,
 * Firefox) it stays so, and the browser keeps the reader's place as messages arrive below. Safari
 * has none: there the script turns it top-down, where arriving messages leave the place as it is,
 * keeping the place it had (its own `data-layout` says which way it lies).
 */
let anchoring: boolean | undefined;
const hasScrollAnchoring = () => (anchoring ??= CSS.supports("overflow-anchor", "auto"));
const fromBottom = (element: HTMLElement) => element.dataset.layout === "bottom-up";
const scrolledUp = (element: HTMLElement) =>
  fromBottom(element) ? Math.max(0, -element.scrollTop) : element.scrollHeight - element.scrollTop - element.clientHeight;
const newestAt = (element: HTMLElement) => (fromBottom(element) ? 0 : element.scrollHeight);
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
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const [fill, setFill] = useState<{ text: string; key: number } | null>(null);
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
  const write = (text: string) => setFill({ text, key: Date.now() });
  // Each quick action writes the next prompt of its section into the composer.
  const quick = (key: string) => {
    const prompts = guide.find((section) => section.key === key)?.groups.flatMap((group) => group.prompts) ?? [];
    if (!prompts.length) return;
    const index = picks.current[key] ?? 0;
    picks.current[key] = index + 1;
    write(prompts[index % prompts.length]!);
  };
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  const previousHeight = useRef(0);
  const shownSession = useRef(params.sessionId);
  const jumpToBottom = useRef(false);
  const [topDown, setTopDown] = useState(false);
  const keptFromBottom = useRef<number | null>(null);

  useEffect(() => setHasMore(page.hasMore), [params.sessionId, page.hasMore]);
  useEffect(() => {
    if (!older.data || older.data.sessionId !== params.sessionId) return;
    previousHeight.current = scroller.current?.scrollHeight ?? 0;
    chat.prependOlder(older.data.messages);
    setHasMore(older.data.hasMore);
  }, [older.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Older messages load when the top comes into view, or on "Load more" (a plain link without JavaScript).
  function loadOlder() {
    const oldest = chat.messages.find((message) => !message.id.startsWith("temp-"));
    if (older.state === "idle" && oldest) older.load(`/chat/${params.sessionId}?before=${oldest.id}`);
  }
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadOlder reads the latest state through refs
  }, [hasMore, chat.messages, older, params.sessionId]);

  // Follow new messages while the person is near the bottom; keep the place while they read further
  // up (the browser's scroll anchoring, or Safari's top-down layout, does: see hasScrollAnchoring). Another
  // chat, or the person's own message, always shows the newest. The page opened at the newest
  // message by itself, and someone who scrolled up before the script started keeps their place;
  // older messages added above need the place restored only when laid out from the top.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const opening = !opened.current;
    opened.current = true;
    if (opening && !hasScrollAnchoring()) {
      // Safari: turned top-down before it paints again (this runs again then), at the same place.
      keptFromBottom.current = scrolledUp(element);
      setTopDown(true);
      return;
    }
    if (keptFromBottom.current !== null && !fromBottom(element)) {
      element.scrollTop = element.scrollHeight - element.clientHeight - keptFromBottom.current;
      setAwayFromBottom(keptFromBottom.current > FOLLOW_WITHIN_PX);
      keptFromBottom.current = null;
      return;
    }
    const switched = shownSession.current !== params.sessionId;
    shownSession.current = params.sessionId;
    if (switched || jumpToBottom.current) {
      jumpToBottom.current = false;
      previousHeight.current = 0;
      setAwayFromBottom(false);
      element.scrollTop = newestAt(element);
    } else if (opening) {
      // Served bottom-up, it opened at the newest message; a scroll made before the script stays.
      if (scrolledUp(element) > FOLLOW_WITHIN_PX) setAwayFromBottom(true);
    } else if (previousHeight.current) {
      if (!fromBottom(element)) element.scrollTop += element.scrollHeight - previousHeight.current;
      previousHeight.current = 0;
    } else if (!awayFromBottom) element.scrollTop = newestAt(element);
  }, [chat.messages, params.sessionId, topDown]); // eslint-disable-line react-hooks/exhaustive-deps

  const last = chat.messages.at(-1);
  const agentAvatar = thumbnailUrl(page.agent.avatarUrl, 300);
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
      <section className="flex min-w-0 flex-1 flex-col max-md:pb-[env(safe-area-inset-bottom)]" aria-label={`Conversation with ${page.agent.name}`}>
        <header className="flex items-center gap-3 border-b border-line px-3 py-2">
          <Link to="/chat" className="rounded-full p-1 text-muted hover:text-ink lg:hidden" aria-label="All chats">
            <ChevronLeft className="size-5" />
          </Link>
          {agentAvatar ? <img src={agentAvatar} alt="" className="size-9 rounded-full object-cover" width={36} height={36} /> : null}
          <h1 className="flex-1 truncate font-semibold">{page.agent.name}</h1>
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
          ref={scroller}
          className={`flex flex-1 ${topDown ? "flex-col" : "flex-col-reverse"} overflow-y-auto overscroll-contain px-3 py-4`}
          data-layout={topDown ? "top-down" : "bottom-up"}
          onScroll={(event) => setAwayFromBottom(scrolledUp(event.currentTarget) > FOLLOW_WITHIN_PX)}
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
                {chat.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} canDelete />
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
                  buyTokens: actionData.buyTokens,
                }}
                canDelete={false}
              />
            ) : null}
            {awayFromBottom ? (
              // No height of its own: appearing, it must not move what the person is reading.
              <div className="sticky bottom-2 flex h-0 justify-end">
                <button
                  type="button"
                  onClick={() => scroller.current?.scrollTo({ top: newestAt(scroller.current), behavior: "smooth" })}
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
          <div className="grid grid-cols-3 gap-2 px-3 pb-2 md:hidden" aria-label="Quick actions">
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
          // The last reply again, or, when it failed or never came (stopped before a word, or the
          // page reloaded after a failure), the answer to the last message. A send the server
          // refused kept nothing to answer: its text is back in the composer instead.
          canRegenerate={last !== undefined && !last.refused && chat.messages.some((message) => message.senderType === "user")}
          onSend={(text, attachments) => {
            jumpToBottom.current = true;
            return chat.send(text, attachments);
          }}
          onStop={chat.stop}
          onRegenerate={chat.regenerate}
          fill={fill}
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
