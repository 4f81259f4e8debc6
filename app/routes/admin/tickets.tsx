import { Link } from "react-router";
import { AdminTable, Badge, EmailText, type AdminColumn } from "~/components/admin/admin-table";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { TicketStatusBadge } from "~/components/tickets/status-badge";
import { formatDateTime } from "~/lib/dates";
import type { TextId } from "~/lib/i18n/ids";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT, type Translate } from "~/lib/i18n/react";
import { STAFF_INBOX_PAGE_SIZE, TICKET_STATUSES, type TicketStatus } from "~/lib/tickets";
import { parseStaffInboxFilters } from "~/lib/ticket-schemas";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { listInbox } from "~/modules/support/staff-inbox.server";
import type { Route } from "./+types/tickets";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.tickets.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseStaffInboxFilters(url.searchParams);
  return { filters, ...(await listInbox(filters)) };
}

type Listed = Route.ComponentProps["loaderData"]["tickets"][number];

/** Spec section 4's ticket status labels. */
const statusLabels: Record<TicketStatus, TextId> = {
  pending: "admin.ticketStatus.pending",
  in_progress: "admin.ticketStatus.in_progress",
  completed: "admin.ticketStatus.completed",
  closed: "admin.ticketStatus.closed",
};

const columnsFor = (t: Translate, lang: Language): AdminColumn<Listed>[] => [
  {
    header: t("admin.tickets.col.topic"),
    primary: true,
    cell: (ticket) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/tickets/${ticket.id}`} className="font-medium text-accent hover:underline">
          {ticket.topic}
        </Link>
        {ticket.awaitingStaff ? <Badge tone="warning">{t("admin.tickets.awaiting")}</Badge> : null}
      </span>
    ),
  },
  {
    header: t("admin.tickets.col.from"),
    cell: (ticket) => (
      <Link to={`/admin/users/${ticket.user.id}`} className="hover:underline">
        <EmailText email={ticket.user.email} />
      </Link>
    ),
  },
  { header: t("admin.tickets.col.status"), cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
  { header: t("admin.tickets.col.replies"), numeric: true, cell: (ticket) => ticket.replies },
  { header: t("admin.tickets.col.lastActivity"), nowrap: true, cell: (ticket) => formatDateTime(ticket.lastActivityAt, lang) },
];

export default function AdminTickets({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const { filters, tickets, total, waiting, page, pageCount } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin.tickets.heading")}</h1>
        <p className="text-sm text-muted">{waiting === 0 ? t("admin.tickets.noneWaiting") : t("admin.tickets.waiting", { count: number(waiting) })}</p>
      </div>
      <FilterBar label={t("admin.tickets.filter")} action="/admin/tickets" active={Boolean(filters.q || filters.status)}>
        <FilterSearch name="q" label={t("admin.tickets.filter.search")} value={filters.q} placeholder={t("admin.tickets.filter.searchPlaceholder")} />
        <FilterSelect
          name="status"
          label={t("admin.tickets.filter.status")}
          value={filters.status ?? ""}
          allLabel={t("admin.tickets.filter.allStatuses")}
          options={[
            { value: "open", label: t("admin.tickets.filter.open") },
            ...TICKET_STATUSES.map((status) => ({ value: status, label: t(statusLabels[status]) })),
          ]}
        />
      </FilterBar>
      <ListRange page={page} pageSize={STAFF_INBOX_PAGE_SIZE} total={total} noun="admin.range.noun.tickets" />
      <AdminTable
        caption={t("admin.tickets.caption")}
        columns={columnsFor(t, lang)}
        rows={tickets}
        rowKey={(ticket) => ticket.id}
        empty={t("admin.tickets.empty")}
      />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}
