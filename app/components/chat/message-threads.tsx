import { GitBranch, Pencil, RefreshCw } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { MESSAGE_MAX_CHARS } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";

/*
 * Issue 36 in a message's bubble: edit it, branch a new chat from it, and after an edit of the
 * person's own message, write the replies after it again. Each is a plain form post underneath
 * (the page's action), so it works without JavaScript; with it, editing happens in the bubble.
 */

const CONTROL = "-m-1 flex size-8 items-center justify-center rounded pointer-fine:m-0 pointer-fine:size-auto pointer-fine:p-1.5";
const CONTROL_ICON = "size-4 pointer-fine:size-3.5";

/** Edit: a link to the page's `?edit=` state without JavaScript, the bubble's own editor with it. */
export function EditMessageControl({ id, onEdit }: { id: string; onEdit: () => void }) {
  const t = useT();
  return (
    <Link
      to={`?edit=${id}`}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onEdit();
      }}
      className={CONTROL}
      aria-label={t("threads.message.edit")}
      data-testid="edit-message"
    >
      <Pencil className={CONTROL_ICON} />
    </Link>
  );
}

/** "Branch from here": a new chat with the history up to this message, opened once made. */
export function BranchControl({ id }: { id: string }) {
  const t = useT();
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="branch" />
      <input type="hidden" name="messageId" value={id} />
      <button type="submit" className={CONTROL} aria-label={t("threads.message.branch")} title={t("threads.message.branch")}>
        <GitBranch className={CONTROL_ICON} />
      </button>
    </Form>
  );
}

/** The bubble's editor: Save posts the new text; Cancel (a link back to the chat without JavaScript) closes it. */
export function EditMessageForm({ id, text, onDone }: { id: string; text: string; onDone: () => void }) {
  const t = useT();
  const field = useId();
  const fetcher = useFetcher<{ error?: string }>();
  // A save redirects back to the chat (no data): the editor closes once that is done, unless it was refused.
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!fetcher.data?.error) onDone();
    }
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <fetcher.Form method="post" preventScrollReset className="flex min-w-64 flex-col gap-2" data-testid="edit-message-form">
      <input type="hidden" name="intent" value="edit-message" />
      <input type="hidden" name="messageId" value={id} />
      <label htmlFor={field} className="sr-only">
        {t("threads.message.editLabel")}
      </label>
      <textarea
        id={field}
        name="message"
        defaultValue={text}
        required
        maxLength={MESSAGE_MAX_CHARS}
        rows={Math.min(8, Math.max(3, text.split("\n").length + 1))}
        className="field w-full resize-y bg-surface text-ink"
        // The editor opens on the person's click: the text is where they meant to go.
        autoFocus
      />
      {fetcher.data?.error ? (
        <p className="text-xs" role="alert">
          {fetcher.data.error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Link
          to="."
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onDone();
          }}
          className="btn-secondary px-3 py-1 text-xs"
        >
          {t("threads.message.cancel")}
        </Link>
        <button type="submit" disabled={fetcher.state !== "idle"} className="btn-primary px-3 py-1 text-xs">
          {t("threads.message.save")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Under the person's edited message whose replies answer what it said before (or that has none):
 * write the reply again from here, through the paid reply path. Streams with JavaScript.
 */
export function RegenerateFromHere({ id, disabled, onRegenerate }: { id: string; disabled: boolean; onRegenerate?: (id: string) => void }) {
  const t = useT();
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-2"
      onSubmit={(event) => {
        if (!onRegenerate) return;
        event.preventDefault();
        onRegenerate(id);
      }}
    >
      <input type="hidden" name="intent" value="regenerate-from" />
      <input type="hidden" name="messageId" value={id} />
      <button
        type="submit"
        disabled={disabled}
        className="inline-flex items-center gap-1 rounded-full bg-white/20 px-3 py-1 text-xs font-medium hover:bg-white/30 disabled:opacity-50"
      >
        <RefreshCw className="size-3.5" aria-hidden /> {t("threads.message.regenerateFrom")}
      </button>
    </Form>
  );
}
