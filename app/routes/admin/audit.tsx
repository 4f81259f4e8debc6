import { Link } from "react-router";
import { AdminTable, Badge, EmailText, type AdminColumn } from "~/components/admin/admin-table";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { auditLabel, parseAuditFilters } from "~/lib/admin-audit";
import { formatDateTime } from "~/lib/dates";
import { AUDIT_PAGE_SIZE } from "~/modules/audit/audit.server";
import { auditLogPage } from "~/modules/audit/audit-log.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Admin · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseAuditFilters(url.searchParams);
  return { filters, pageSize: AUDIT_PAGE_SIZE, ...(await auditLogPage(filters)) };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const columns: AdminColumn<Entry>[] = [
  { header: "When", primary: true, cell: (entry) => <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time> },
  { header: "Admin", cell: (entry) => <EmailText email={entry.actorEmail} /> },
  { header: "Action", cell: (entry) => <Badge tone={entry.action === "delete" ? "danger" : "accent"}>{auditLabel(entry.action)}</Badge> },
  { header: "Record", cell: (entry) => <EntityCell entry={entry} /> },
  {
    header: "What changed",
    stacked: true,
    cell: (entry) => (
      <div className="flex flex-col gap-1">
        <span className="wrap-break-word">{entry.summary}</span>
        {entry.before || entry.after ? (
          <details className="text-xs text-muted">
            <summary className="cursor-pointer hover:text-ink">Before and after</summary>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-left font-mono">
              {entry.before ? (
                <>
                  <dt>before</dt>
                  <dd className="break-all">{entry.before}</dd>
                </>
              ) : null}
              {entry.after ? (
                <>
                  <dt>after</dt>
                  <dd className="break-all">{entry.after}</dd>
                </>
              ) : null}
            </dl>
          </details>
        ) : null}
      </div>
    ),
  },
];

function EntityCell({ entry }: { entry: Entry }) {
  const type = auditLabel(entry.entityType);
  if (entry.entityType === "user" && entry.entityId) {
    return (
      <Link to={`/admin/users/${entry.entityId}`} className="text-accent [overflow-wrap:anywhere] hover:underline">
        {type}: {entry.subject ? <EmailText email={entry.subject} /> : entry.entityId}
      </Link>
    );
  }
  return (
    <span className="break-all">
      {type}
      {entry.entityId ? <span className="text-faint"> · {entry.entityId}</span> : null}
    </span>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, entries, total, page, pageCount, pageSize, choices } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Audit log</h1>
        <p className="text-sm text-muted">Every change made in the admin console: who, when, what, before and after.</p>
      </div>
      <FilterBar label="Filter the audit log" action="/admin/audit" active={Boolean(filters.entityType || filters.action || filters.actor)}>
        <FilterSelect
          name="type"
          label="Record type"
          value={filters.entityType}
          allLabel="All types"
          options={choices.entityTypes.map((type) => ({ value: type, label: auditLabel(type) }))}
        />
        <FilterSelect
          name="action"
          label="Action"
          value={filters.action}
          allLabel="All actions"
          options={choices.actions.map((action) => ({ value: action, label: auditLabel(action) }))}
        />
        <FilterSearch name="actor" label="Admin" value={filters.actor} placeholder="Admin's e-mail" />
      </FilterBar>
      <ListRange page={page} pageSize={pageSize} total={total} noun={["entry", "entries"]} />
      <AdminTable caption="Audit log" columns={columns} rows={entries} rowKey={(entry) => entry.id} empty="No audit entries found" />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}
