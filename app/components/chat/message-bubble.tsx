import { Check, Copy, Trash2 } from "lucide-react";
import { memo, useEffect, useState } from "react";
import Markdown, { type Components } from "react-markdown";
import { useFetcher } from "react-router";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { chatTexts, COLLAPSE_OVER_CHARS, COPY_CONFIRM_MS, type ChatMessageView } from "~/lib/chat";
import { showToast } from "~/lib/toasts";
import { tokenTexts } from "~/lib/tokens";
import { copyText } from "./copy-text";
import { useReload } from "./use-chat-feed";

/** A bubble's copy and delete: finger-sized and always shown on touch screens, small and shown on hover with a mouse. */
const CONTROL = "-m-1 flex size-8 items-center justify-center rounded pointer-fine:m-0 pointer-fine:size-auto pointer-fine:p-1";
const CONTROL_ICON = "size-4 pointer-fine:size-3.5";

/** `refused`: a failed answer to a send the server turned down, so the person's message was not kept. */
export type DisplayedMessage = ChatMessageView & {
  pending?: boolean;
  thinking?: boolean;
  failed?: boolean;
  refused?: boolean;
  buyTokens?: string;
  claimTokens?: string;
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
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <span title={src} className="italic">
        [{alt || "picture"}: {src}]
      </span>
    ) : null,
};

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
 * model or a person writes can run in the page. Long messages start collapsed; their toggle is a
 * native disclosure, so it works before the page's script has loaded and without it. Memoised: a
 * streamed word re-renders the list, and only the bubble it changed parses its Markdown again.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  canDelete,
  canSwitch = false,
}: {
  message: DisplayedMessage;
  canDelete: boolean;
  /** The chat's last message: its versions (alternate greetings, regenerated replies) can be switched. */
  canSwitch?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const [copied, setCopied] = useState(false);
  const mine = message.senderType === "user";
  const long = message.message.length > COLLAPSE_OVER_CHARS;

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
        {message.thinking && !message.message ? (
          <p className="animate-pulse text-muted" role="status">
            {chatTexts.thinking}
          </p>
        ) : long ? (
          <div className="flex flex-col">
            <details className="group/more peer order-last" open={expanded} onToggle={(event) => setExpanded(event.currentTarget.open)}>
              <summary className="mt-1 cursor-pointer list-none text-xs font-medium underline opacity-80 [&::-webkit-details-marker]:hidden">
                <span className="group-open/more:hidden">Show more</span>
                <span className="hidden group-open/more:inline">Show less</span>
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
        {message.attachments?.length ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attached files">
            {message.attachments.map((file) => (
              <li key={file.path}>
                {file.contentType.startsWith("image/") ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <img src={file.url} alt={file.name} className="max-h-40 rounded-lg" loading="lazy" />
                  </a>
                ) : (
                  <a href={file.url} target="_blank" rel="noopener noreferrer" className="inline-block rounded-lg bg-black/20 px-2 py-1 text-xs underline">
                    {file.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {message.generating ? (
          <p className="flex items-center gap-2 text-sm" role="status" data-testid="media-generating">
            <span className="size-3 animate-pulse rounded-full bg-accent" aria-hidden /> Generating...
          </p>
        ) : null}
        {message.media?.length ? (
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Media">
            {message.media.map((item) =>
              item.kind === "image" ? (
                <li key={item.url}>
                  <a href={item.url} target="_blank" rel="noopener noreferrer">
                    <img src={item.thumbUrl} alt="A picture from the chat" className="max-h-64 rounded-lg" loading="lazy" />
                  </a>
                </li>
              ) : (
                <li key={item.url}>
                  {item.kind === "video" ? <video src={item.url} controls className="max-h-64 rounded-lg" /> : <audio src={item.url} controls />}
                </li>
              ),
            )}
          </ul>
        ) : null}
        {/* While this month's free tokens are unclaimed, claiming them comes first: buying may not even be available. */}
        {message.claimTokens || message.buyTokens ? (
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {message.claimTokens ? (
              <a href={message.claimTokens} className="font-semibold underline">
                {tokenTexts.claimOffer}
              </a>
            ) : null}
            {message.buyTokens ? (
              <a href={message.buyTokens} className="font-semibold underline">
                Buy tokens
              </a>
            ) : null}
          </p>
        ) : null}
        {!message.pending && !message.thinking && !message.failed ? (
          <div className="mt-1 flex items-center justify-end gap-1 transition pointer-fine:opacity-60 pointer-fine:group-hover:opacity-100">
            {message.versions ? <VersionSwitch id={message.id} versions={message.versions} enabled={canSwitch} /> : null}
            {/* A message of files only has no text to copy; its files are links. */}
            {message.message ? (
              <button type="button" onClick={copy} className={CONTROL} aria-label={copied ? "Copied" : "Copy message"}>
                {copied ? <Check className={CONTROL_ICON} /> : <Copy className={CONTROL_ICON} />}
              </button>
            ) : null}
            {copied ? <span className="text-xs">Copied!</span> : null}
            {canDelete && mine ? <DeleteMessage id={message.id} /> : null}
          </div>
        ) : null}
      </div>
    </li>
  );
});

/**
 * Swipes: "‹ 1/3 ›" between a message's versions. Each arrow is a form post (works without
 * JavaScript); only the chat's last message can switch, since the conversation after it was
 * answered from the version shown.
 */
function VersionSwitch({ id, versions, enabled }: { id: string; versions: { selected: number; count: number }; enabled: boolean }) {
  const fetcher = useFetcher();
  const shown = fetcher.formData ? Number(fetcher.formData.get("version")) : versions.selected;
  const arrow = (to: number, label: string, glyph: string) => (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="select-version" />
      <input type="hidden" name="messageId" value={id} />
      <input type="hidden" name="version" value={to} />
      <button
        type="submit"
        disabled={!enabled || to < 0 || to >= versions.count || fetcher.state !== "idle"}
        className={`${CONTROL} disabled:opacity-40`}
        aria-label={label}
      >
        {glyph}
      </button>
    </fetcher.Form>
  );
  return (
    <div className="mr-auto flex items-center gap-0.5 text-xs" data-versions>
      {arrow(shown - 1, "Previous version", "‹")}
      <span aria-live="polite">
        {shown + 1}/{versions.count}
      </span>
      {arrow(shown + 1, "Next version", "›")}
    </div>
  );
}

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
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  return (
    <fetcher.Form method="post" preventScrollReset onSubmit={() => deletedHere.add(id)}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="messageId" value={id} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${CONTROL} disabled:opacity-50`} aria-label="Delete message">
        <Trash2 className={CONTROL_ICON} />
      </button>
    </fetcher.Form>
  );
}
