import { Check, Copy, Trash2 } from "lucide-react";
import { useState } from "react";
import Markdown from "react-markdown";
import { Form } from "react-router";
import { chatTexts, COLLAPSE_OVER_CHARS, type ChatMessageView } from "~/lib/chat";

export type DisplayedMessage = ChatMessageView & { pending?: boolean; thinking?: boolean; failed?: boolean; buyTokens?: string };

const COPY_CONFIRM_MS = 2000;

/**
 * One message. Markdown is rendered without raw HTML (react-markdown ignores it), so nothing a
 * model or a person writes can run in the page. Long messages start collapsed.
 */
export function MessageBubble({ message, canDelete }: { message: DisplayedMessage; canDelete: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [copied, setCopied] = useState(false);
  const mine = message.senderType === "user";
  const long = message.message.length > COLLAPSE_OVER_CHARS;
  const shown = long && !expanded ? `${message.message.slice(0, COLLAPSE_OVER_CHARS).trimEnd()}…` : message.message;

  async function copy() {
    await navigator.clipboard?.writeText(message.message).catch(() => {});
    setCopied(true);
    setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  }

  return (
    <li className={`group flex ${mine ? "justify-end" : "justify-start"}`} data-message-id={message.id} data-sender={message.senderType}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed sm:max-w-[75%] ${
          message.failed ? "border border-danger/40 bg-danger/10 text-danger" : mine ? "bg-accent text-white" : "bg-raised text-ink"
        } ${message.pending ? "opacity-70" : ""}`}
      >
        {message.thinking && !message.message ? (
          <p className="animate-pulse text-muted" role="status">
            {chatTexts.thinking}
          </p>
        ) : (
          <div className="chat-markdown break-words">
            <Markdown
              components={{
                a: ({ href, children }) => (
                  <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                    {children}
                  </a>
                ),
              }}
            >
              {shown}
            </Markdown>
          </div>
        )}
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
        {message.buyTokens ? (
          <a href={message.buyTokens} className="mt-2 inline-block font-semibold underline">
            Buy tokens
          </a>
        ) : null}
        {long ? (
          <button type="button" onClick={() => setExpanded((value) => !value)} className="mt-1 text-xs font-medium underline opacity-80">
            {expanded ? "Show less" : "Show more"}
          </button>
        ) : null}
        {!message.pending && !message.thinking && !message.failed ? (
          <div className="mt-1 flex items-center justify-end gap-1 opacity-60 transition group-hover:opacity-100">
            <button type="button" onClick={copy} className="rounded p-1" aria-label={copied ? "Copied" : "Copy message"}>
              {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
            </button>
            {copied ? <span className="text-xs">Copied!</span> : null}
            {canDelete && mine ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="messageId" value={message.id} />
                <button type="submit" className="rounded p-1" aria-label="Delete message">
                  <Trash2 className="size-3.5" />
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
