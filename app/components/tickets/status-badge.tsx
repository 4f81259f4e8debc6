import { useT } from "~/lib/i18n/react";
import { ticketStatusLabel, ticketStatusTexts } from "~/lib/tickets";

const tones: Record<string, string> = {
  pending: "border-warning/40 bg-warning/10 text-warning",
  in_progress: "border-accent/40 bg-accent-soft text-accent",
  completed: "border-success/40 bg-success/10 text-success",
  closed: "border-line bg-raised text-muted",
};

/** A ticket's status with the spec's label; a status the spec does not name is shown capitalised, in grey. */
export function TicketStatusBadge({ status }: { status: string }) {
  const t = useT();
  const known = Object.hasOwn(ticketStatusTexts, status) ? ticketStatusTexts[status as keyof typeof ticketStatusTexts] : null;
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[status] ?? tones.closed}`}>
      {known ? t(known) : ticketStatusLabel(status)}
    </span>
  );
}
