import { Check, CircleStop, Copy, Trash2 } from "lucide-react";
import { memo, useEffect, useState } from "react";
import Markdown, { type Components } from "react-markdown";
import { useFetcher } from "react-router";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { COLLAPSE_OVER_CHARS, COPY_CONFIRM_MS, type ChatMessageView } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";
import { type OutOfTokensOffer } from "~/lib/tokens";
import { OutOfTokensOptions } from "~/components/out-of-tokens-options";
import { copyText } from "./copy-text";
import { MessageFiles } from "./message-files";
import { useReload } from "./use-chat-feed";
import { BranchControl, EditMessageControl, EditMessageForm, RegenerateFromHere } from "./message-threads";
import { VersionSwitch } from "./version-switch";

/** A bubble's copy and delete: finger-sized and always shown on touch screens, small and shown on hover with a mouse. */
const CONTROL = "-m-1 flex size-8 items-center justify-center rounded pointer-fine:m-0 pointer-fine:size-auto pointer-fine:p-1.5";
const CONTROL_ICON = "size-4 pointer-fine:size-3.5";

/** `refused`: a failed answer to a send the server turned down, so the person's message was not kept. */
export type DisplayedMessage = ChatMessageView & {
  pending?: boolean;
  thinking?: boolean;
  failed?: boolean;
  refused?: boolean;
  /** A refusal for want of tokens: what the person can do about it. */
  outOfTokens?: OutOfTokensOffer;
};

/** A saved message's edit and branch controls, as the conversation gives them. */
export type MessageThreads = {
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  /** The person's edited message that the replies after it (if any) do not yet answer. */
  staleReplies: boolean;
  /** A reply is being written: Regenerate from here waits. */
  busy: boolean;
  /** With JavaScript: the new reply streams in. */
  onRegenerateFrom?: (id: string) => void;
};

/**
 * GitHub's Markdown (tables, bare web addresses, strikethrough), and a new line where the writer
 * pressed Shift+Enter or the model wrote one.
 */
const MARKDOWN_PLUGINS = [remarkGfm, remarkBreaks];

/**
 * Links open in a new tab. A picture written into a message is not loaded: a model can be made
 * to write any address, and loading it would tell that server who reads the chat. It shows as its
 * description, with its address as the title (text, since it may sit inside a link of its own).
 * The files attached to a message are shown as pictures, below it.
 */
const MARKDOWN_COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
      {children}
    </a>
  ),
  img: ({ src, alt }) => (typeof src === "string" && src ? <PictureRef src={src} alt={alt} /> : null),
};

/** A picture written in a message, as its words and address (not loaded). */
function PictureRef({ src, alt }: { src: string; alt?: string }) {
  const t = useT();
  return (
    <span title={src} className="italic">
      [{alt || t("chat.message.picture")}: {src}]
    </span>
  );
}

function MessageText({ text }: { text: string }) {
  return (
    <div className="chat-markdown min-w-0 break-words">
      <Markdown remarkPlugins={MARKDOWN_PLUGINS} components={MARKDOWN_COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}

/**
 * One message. Markdown is rendered without raw HTML (react-markdown ignores it), so nothing a
 * model or a person writes can run in the page. The person's own long messages start collapsed
 * (their toggle is a native disclosure, so it works before the page's script has loaded and
 * without it); the character's replies always show whole (issue 31). Memoised: a streamed word
 * re-renders the list, and only the bubble it changed parses its Markdown again.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  canDelete,
  canSwitch = false,
  onNewVersion,
  threads,
}: {
  message: DisplayedMessage;
  canDelete: boolean;
  /** The chat's last message: its versions (alternate greetings, regenerated replies) can be switched. */
  canSwitch?: boolean;
  /** The last reply may get a new version: › on its last version regenerates it. */
  onNewVersion?: () => void;
  /** Issue 36: edit and branch (a saved message), and "Regenerate from here" when the replies after it predate its edit. */
  threads?: MessageThreads;
}) {
  const [expanded, setExpanded] = useState(false);
  const [copied, setCopied] = useState(false);
  const t = useT();
  const mine = message.senderType === "user";
  const long = mine && message.message.length > COLLAPSE_OVER_CHARS;

  async function copy() {
    if (!(await copyText(message.message))) return showToast("copy-message-failed");
    showToast("message-copied");
    setCopied(true);
    setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  }

  return (
    <li className={`group flex ${mine ? "justify-end" : "justify-start"}`} data-message-id={message.id} data-sender={message.senderType}>
      <div
        className={`min-w-0 max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed sm:max-w-[75%] ${
          message.failed ? "border border-danger/40 bg-danger/10 text-danger" : mine ? "bg-accent-strong text-white" : "bg-raised text-ink"
        } ${message.pending ? "opacity-70" : ""}`}
      >
        {threads?.editing ? (
          <EditMessageForm id={message.id} text={message.message} onDone={threads.onEditDone} />
        ) : message.thinking && !message.message ? (
          <p className="animate-pulse text-muted" role="status">
            {t("chat.message.thinking")}
          </p>
        ) : long ? (
          <div className="flex flex-col">
            <details className="group/more peer order-last" open={expanded} onToggle={(event) => setExpanded(event.currentTarget.open)}>
              <summary className="mt-1 cursor-pointer list-none text-xs font-medium underline opacity-80 [&::-webkit-details-marker]:hidden">
                <span className="group-open/more:hidden">{t("chat.message.showMore")}</span>
                <span className="hidden group-open/more:inline">{t("chat.message.showLess")}</span>
              </summary>
            </details>
            <div className="peer-open:hidden">
              <MessageText text={`${message.message.slice(0, COLLAPSE_OVER_CHARS).trimEnd()}…`} />
            </div>
            <div className="hidden peer-open:block">
              <MessageText text={message.message} />
            </div>
          </div>
        ) : message.message ? (
          <MessageText text={message.message} />
        ) : null}
        {message.generating ? (
          <p className="flex items-center gap-2 text-sm" role="status" data-testid="media-generating">
            <span className="size-3 animate-pulse rounded-full bg-accent" aria-hidden /> {t("chat.message.generating")}
          </p>
        ) : null}
        <MessageFiles message={message} />
        {threads?.staleReplies && !threads.editing ? (
          <RegenerateFromHere id={message.id} disabled={threads.busy} onRegenerate={threads.onRegenerateFrom} />
        ) : null}
        {message.outOfTokens ? <OutOfTokensOptions offer={message.outOfTokens} className="mt-2" /> : null}
        {!message.pending && !message.thinking && !message.failed && !threads?.editing ? (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-x-2">
            {/* What the reply is (its versions, stopped) always shows; copy and delete show on hover with a mouse. */}
            {message.versions || onNewVersion || message.stopped || message.edited ? (
              <div className="mr-auto flex items-center gap-2">
                {message.versions || onNewVersion ? <VersionSwitch message={message} enabled={canSwitch} onNewVersion={onNewVersion} /> : null}
                {message.stopped ? (
                  <span className="inline-flex items-center gap-1 text-xs text-muted" data-testid="reply-stopped">
                    <CircleStop className="size-3.5" aria-hidden /> {t("chat.message.stopped")}
                  </span>
                ) : null}
                {message.edited ? (
                  <span className="text-xs italic opacity-90" data-testid="message-edited">
                    {t("threads.message.edited")}
                  </span>
                ) : null}
              </div>
            ) : null}
            <div className="flex items-center gap-1 transition pointer-fine:opacity-60 pointer-fine:group-hover:opacity-100">
              {/* A message of files only has no text to copy; its files are links. */}
              {message.message ? (
                <button type="button" onClick={copy} className={CONTROL} aria-label={copied ? t("chat.message.copied") : t("chat.message.copy")}>
                  {copied ? <Check className={CONTROL_ICON} /> : <Copy className={CONTROL_ICON} />}
                </button>
              ) : null}
              {copied ? <span className="text-xs">{t("chat.message.copiedShort")}</span> : null}
              {threads && message.message ? <EditMessageControl id={message.id} onEdit={threads.onEdit} /> : null}
              {threads ? <BranchControl id={message.id} /> : null}
              {canDelete && mine ? <DeleteMessage id={message.id} /> : null}
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
});

/**
 * Every bubble's delete goes through this one fetcher, which the chat page keeps (see
 * useDeleteFeedback): a bubble that disappears mid-delete (the live feed reports the delete
 * first) would otherwise take the fetcher, and the success redirect with its toast, with it.
 */
const DELETE_FETCHER = "delete-message";

/**
 * The messages this page asked to delete, recorded as the form is submitted (before the request
 * goes out, so before the live feed can report the delete): that delete reloads the page when
 * it redirects, and a reload started by the feed meanwhile would cut across it and lose its toast.
 */
const deletedHere = new Set<string>();
export const isDeletedHere = (id: string) => deletedHere.has(id);

/**
 * For the chat page. A delete that works redirects with the spec's toast; a message that is gone
 * (deleted in another tab, a second click) answers 404 as data, so the chat stays, the failure
 * toast shows and the list is read again.
 */
export function useDeleteFeedback() {
  const fetcher = useFetcher<{ error?: string }>({ key: DELETE_FETCHER });
  const reload = useReload();
  const failed = fetcher.state === "idle" && Boolean(fetcher.data?.error);
  useEffect(() => {
    if (!failed) return;
    showToast("delete-message-failed");
    reload();
  }, [failed, fetcher.data, reload]);
}

/** A plain form post underneath: without JavaScript the page comes back with the result. */
function DeleteMessage({ id }: { id: string }) {
  const t = useT();
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={() => deletedHere.add(id)}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="messageId" value={id} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${CONTROL} disabled:opacity-50`} aria-label={t("chat.message.delete")}>
        <Trash2 className={CONTROL_ICON} />
      </button>
    </fetcher.Form>
  );
}
