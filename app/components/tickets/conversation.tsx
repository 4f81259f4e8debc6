import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/react";
import { Avatar } from "~/components/ui/avatar";

export type ConversationEntry = {
  id: string;
  name: string;
  avatar: string | null;
  createdAt: string | Date;
  message: string;
  /** A line under the name (staff see which admin wrote a staff reply). */
  detail?: ReactNode;
  fromStaff: boolean;
};

/**
 * A ticket's conversation, oldest first. Messages are text: React escapes them and line breaks
 * are kept by CSS, so nothing a person types is ever rendered as HTML.
 */
export function Conversation({ entries, empty }: { entries: ConversationEntry[]; empty: string }) {
  const t = useT();
  const lang = useLang();
  if (entries.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol aria-label={t("dashboard.tickets.conversation")} className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className={`card flex gap-3 p-4 ${entry.fromStaff ? "border-accent/40 bg-accent-soft/40" : ""}`}>
          <Avatar url={entry.avatar} size={36} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{entry.name}</span>
              <time dateTime={new Date(entry.createdAt).toISOString()} className="text-xs text-muted">
                {formatDateTime(entry.createdAt, lang)}
              </time>
            </p>
            {entry.detail ? <p className="text-xs text-muted">{entry.detail}</p> : null}
            <p className="mt-1 text-sm whitespace-pre-wrap wrap-break-word">{entry.message}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A ticket's first message under its heading, then the conversation that followed it. */
export function TicketThread({
  messageHeading,
  message,
  entries,
  empty,
}: {
  messageHeading: string;
  message: string;
  entries: ConversationEntry[];
  empty: string;
}) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="message-heading" className="card p-4">
        <h2 id="message-heading" className="text-sm font-semibold text-muted">
          {messageHeading}
        </h2>
        <p className="mt-2 text-sm whitespace-pre-wrap wrap-break-word">{message}</p>
      </section>

      <section aria-labelledby="conversation-heading" className="flex flex-col gap-3">
        <h2 id="conversation-heading" className="font-semibold">
          {t("dashboard.tickets.conversation")}
        </h2>
        <Conversation entries={entries} empty={empty} />
      </section>
    </>
  );
}
