import { Link } from "react-router";
import { AdminTable, Badge, EmailText, type AdminColumn } from "~/components/admin/admin-table";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { auditText, parseAuditFilters } from "~/lib/admin-audit";
import { formatDateTime } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useT, useLang, type Translate } from "~/lib/i18n/react";
import { AUDIT_PAGE_SIZE } from "~/modules/audit/audit.server";
import { auditLogPage } from "~/modules/audit/audit-log.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.audit.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseAuditFilters(url.searchParams);
  return { filters, pageSize: AUDIT_PAGE_SIZE, ...(await auditLogPage(filters)) };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const columnsFor = (t: Translate, lang: Language): AdminColumn<Entry>[] => [
  {
    header: t("admin.audit.col.when"),
    primary: true,
    cell: (entry) => <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt, lang)}</time>,
  },
  { header: t("admin.audit.col.admin"), cell: (entry) => <EmailText email={entry.actorEmail} /> },
  {
    header: t("admin.audit.col.action"),
    cell: (entry) => <Badge tone={entry.action === "delete" ? "danger" : "accent"}>{auditText(t, "action", entry.action)}</Badge>,
  },
  { header: t("admin.audit.col.record"), cell: (entry) => <EntityCell entry={entry} /> },
  {
    header: t("admin.audit.col.changed"),
    stacked: true,
    cell: (entry) => (
      <div className="flex flex-col gap-1">
        <span className="wrap-break-word">{entry.summary}</span>
        {entry.before || entry.after ? (
          <details className="text-xs text-muted">
            <summary className="cursor-pointer hover:text-ink">{t("admin.audit.beforeAfter")}</summary>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-left font-mono">
              {entry.before ? (
                <>
                  <dt>{t("admin.audit.before")}</dt>
                  <dd className="break-all">{entry.before}</dd>
                </>
              ) : null}
              {entry.after ? (
                <>
                  <dt>{t("admin.audit.after")}</dt>
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
  const t = useT();
  const type = auditText(t, "type", entry.entityType);
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
  const t = useT();
  const lang = useLang();
  const { filters, entries, total, page, pageCount, pageSize, choices } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("admin.audit.heading")}</h1>
        <p className="text-sm text-muted">{t("admin.audit.intro")}</p>
      </div>
      <FilterBar label={t("admin.audit.filter")} action="/admin/audit" active={Boolean(filters.entityType || filters.action || filters.actor)}>
        <FilterSelect
          name="type"
          label={t("admin.audit.filter.type")}
          value={filters.entityType}
          allLabel={t("admin.audit.filter.allTypes")}
          options={choices.entityTypes.map((type) => ({ value: type, label: auditText(t, "type", type) }))}
        />
        <FilterSelect
          name="action"
          label={t("admin.audit.filter.action")}
          value={filters.action}
          allLabel={t("admin.audit.filter.allActions")}
          options={choices.actions.map((action) => ({ value: action, label: auditText(t, "action", action) }))}
        />
        <FilterSearch name="actor" label={t("admin.audit.filter.admin")} value={filters.actor} placeholder={t("admin.audit.filter.adminPlaceholder")} />
      </FilterBar>
      <ListRange page={page} pageSize={pageSize} total={total} noun="admin.range.noun.entries" />
      <AdminTable caption={t("admin.audit.caption")} columns={columnsFor(t, lang)} rows={entries} rowKey={(entry) => entry.id} empty={t("admin.audit.empty")} />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}
