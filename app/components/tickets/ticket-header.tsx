import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { TicketStatusBadge } from "./status-badge";

/** The top of a ticket's page: back to the list, the topic with its status, and the ticket's facts under them. */
export function TicketHeader({ backTo, topic, status, children }: { backTo: string; topic: string; status: string; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <Link to={backTo} className="inline-flex items-center gap-1 self-start text-sm text-accent hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t("dashboard.tickets.all")}
      </Link>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold wrap-break-word">{topic}</h1>
          <TicketStatusBadge status={status} />
        </div>
        {children}
      </header>
    </>
  );
}
