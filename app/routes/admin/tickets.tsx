import { Link } from "react-router";
import { AdminTable, Badge, EmailText, type AdminColumn } from "~/components/admin/admin-table";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { TicketStatusBadge } from "~/components/tickets/status-badge";
import { formatDateTime } from "~/lib/dates";
import { STAFF_INBOX_PAGE_SIZE, TICKET_STATUSES, ticketStatusLabel } from "~/lib/tickets";
import { parseStaffInboxFilters } from "~/lib/ticket-schemas";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { listInbox } from "~/modules/support/staff-inbox.server";
import type { Route } from "./+types/tickets";

export function meta() {
  return [{ title: "Tickets · Admin · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseStaffInboxFilters(url.searchParams);
  return { filters, ...(await listInbox(filters)) };
}

type Listed = Route.ComponentProps["loaderData"]["tickets"][number];

const columns: AdminColumn<Listed>[] = [
  {
    header: "Topic",
    primary: true,
    cell: (ticket) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/tickets/${ticket.id}`} className="font-medium text-accent hover:underline">
          {ticket.topic}
        </Link>
        {ticket.awaitingStaff ? <Badge tone="warning">Awaiting reply</Badge> : null}
      </span>
    ),
  },
  {
    header: "From",
    cell: (ticket) => (
      <Link to={`/admin/users/${ticket.user.id}`} className="hover:underline">
        <EmailText email={ticket.user.email} />
      </Link>
    ),
  },
  { header: "Status", cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
  { header: "Replies", numeric: true, cell: (ticket) => ticket.replies },
  { header: "Last activity", nowrap: true, cell: (ticket) => formatDateTime(ticket.lastActivityAt) },
];

export default function AdminTickets({ loaderData }: Route.ComponentProps) {
  const { filters, tickets, total, waiting, page, pageCount } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Tickets</h1>
        <p className="text-sm text-muted">{waiting === 0 ? "No ticket is waiting for a reply" : `${waiting.toLocaleString("en-US")} waiting for a reply`}</p>
      </div>
      <FilterBar label="Filter tickets" action="/admin/tickets" active={Boolean(filters.q || filters.status)}>
        <FilterSearch name="q" label="Search" value={filters.q} placeholder="Topic, message, e-mail or name" />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status ?? ""}
          allLabel="All statuses"
          options={[
            { value: "open", label: "Open (pending or in progress)" },
            ...TICKET_STATUSES.map((status) => ({ value: status, label: ticketStatusLabel(status) })),
          ]}
        />
      </FilterBar>
      <ListRange page={page} pageSize={STAFF_INBOX_PAGE_SIZE} total={total} noun={["ticket", "tickets"]} />
      <AdminTable caption="Tickets, those awaiting a reply first" columns={columns} rows={tickets} rowKey={(ticket) => ticket.id} empty="No tickets found" />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}
