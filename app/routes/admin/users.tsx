import { UserPlus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AdminTable, Badge, EmailText, type AdminColumn } from "~/components/admin/admin-table";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { StatCard } from "~/components/admin/stat-card";
import { FormAlert, FormField, SelectField } from "~/components/ui/form";
import { inviteUserSchema, parseUserFilters, statusLabels, statusTones, USER_STATUSES, USERS_PAGE_SIZE, type UserStatus } from "~/lib/admin-users";
import { formFailure, type FieldErrors } from "~/lib/forms";
import { formatDate } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT, type Translate } from "~/lib/i18n/react";
import { inviteUser } from "~/modules/admin/invitations.server";
import { listUsers, userStats } from "~/modules/admin/users.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { consoleAction, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.users.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseUserFilters(url.searchParams);
  const [list, stats] = await Promise.all([listUsers(filters), userStats()]);
  return { filters, ...list, stats };
}

const inviteForm = inviteUserSchema.extend({ intent: z.literal("invite") });

export async function action({ request }: Route.ActionArgs) {
  return consoleAction(request, inviteForm, invite, {
    limit: USERS_FORM,
    oversized: "throw",
    refused: (refusal) =>
      data(
        {
          ok: false as const,
          error: translateMessage("Please correct the fields below"),
          fields: Object.fromEntries(
            Object.entries(refusal.details.fields as FieldErrors).map(([name, text]) => [name, text && translateMessage(text)]),
          ) as FieldErrors,
        },
        { status: 400 },
      ),
  });
}

async function invite(admin: AuditActor, { email, name, role }: z.output<typeof inviteForm>) {
  try {
    const { userId, mailed } = await inviteUser(admin, { email, name, role });
    return redirectWithToast(`/admin/users/${userId}`, mailed ? "user-invited" : "invitation-not-sent");
  } catch (error) {
    return errorData(error);
  }
}

type Listed = Route.ComponentProps["loaderData"]["users"][number];

const columnsFor = (t: Translate, lang: Language): AdminColumn<Listed>[] => [
  {
    header: t("admin.users.col.name"),
    primary: true,
    cell: (user) => (
      <Link to={`/admin/users/${user.id}`} className="font-medium text-accent hover:underline">
        {user.deleted ? t("admin.users.deletedUser") : user.name || "—"}
        {user.role === "admin" ? (
          <span className="ml-2">
            <Badge tone="accent">{t("admin.role.admin")}</Badge>
          </span>
        ) : null}
      </Link>
    ),
  },
  { header: t("admin.users.col.email"), cell: (user) => (user.deleted ? "—" : <EmailText email={user.email} />) },
  { header: t("admin.users.col.status"), cell: (user) => <Badge tone={statusTones[user.status]}>{t(statusLabels[user.status])}</Badge> },
  { header: t("admin.users.col.plan"), cell: (user) => user.plan },
  { header: t("admin.users.col.joined"), nowrap: true, cell: (user) => formatDate(user.joined, lang) },
  { header: t("admin.users.col.lastActive"), nowrap: true, cell: (user) => (user.lastActive ? formatDate(user.lastActive, lang) : t("admin.users.never")) },
];

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const { filters, users, total, page, pageCount, stats } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin.users.heading")}</h1>
        <InviteUser actionData={actionData} />
      </div>

      <section aria-label={t("admin.users.stats")} className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        <StatCard label={t("admin.users.stats.all")} value={stats.total} />
        {stats.byStatus.map((stat) => (
          <StatCard
            key={stat.name}
            label={t(statusLabels[stat.name as UserStatus])}
            value={stat.count}
            detail={t("admin.users.stats.share", { percent: stat.percentage })}
          />
        ))}
      </section>
      <section aria-labelledby="plans-heading" className="card flex flex-col gap-2 p-4">
        <h2 id="plans-heading" className="text-sm font-semibold text-muted">
          {t("admin.users.byPlan")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {stats.byPlan.map((stat) => (
            <li key={stat.name} className="rounded-full border border-line bg-raised px-3 py-1 text-sm">
              {stat.name} <span className="font-semibold">{number(stat.count)}</span> <span className="text-faint">({stat.percentage}%)</span>
            </li>
          ))}
        </ul>
      </section>

      <FilterBar label={t("admin.users.filter")} action="/admin/users" active={Boolean(filters.q || filters.status || filters.plan)}>
        <FilterSearch name="q" label={t("admin.users.filter.search")} value={filters.q} placeholder={t("admin.users.filter.searchPlaceholder")} />
        <FilterSelect
          name="status"
          label={t("admin.users.filter.status")}
          value={filters.status ?? ""}
          allLabel={t("admin.users.filter.allStatuses")}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(statusLabels[status]) }))}
        />
        <FilterSelect
          name="plan"
          label={t("admin.users.filter.plan")}
          value={filters.plan ?? ""}
          allLabel={t("admin.users.filter.allPlans")}
          options={stats.planChoices.map((plan) => ({ value: plan, label: plan }))}
        />
      </FilterBar>

      <ListRange page={page} pageSize={USERS_PAGE_SIZE} total={total} noun="admin.range.noun.users" />
      <AdminTable caption={t("admin.users.caption")} columns={columnsFor(t, lang)} rows={users} rowKey={(user) => user.id} empty={t("admin.users.empty")} />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}

/** Add User: a disclosure that works without JavaScript; the form posts intent=invite. */
function InviteUser({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const failure = formFailure(actionData);
  const fields = failure?.fields ?? {};
  return (
    <details className="group relative" open={actionData ? true : undefined}>
      <summary className="btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <UserPlus className="size-4" aria-hidden /> {t("admin.users.invite.open")}
      </summary>
      <Form
        method="post"
        className="card z-10 mt-2 flex w-[min(92vw,24rem)] flex-col gap-3 p-5 shadow-2xl @2xl:absolute @2xl:right-0"
        aria-label={t("admin.users.invite.label")}
        noValidate
      >
        <input type="hidden" name="intent" value="invite" />
        <p className="text-sm text-muted">{t("admin.users.invite.intro")}</p>
        {failure?.error && !Object.keys(fields).length ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
        <FormField label={t("admin.users.invite.email")} name="email" type="email" required autoComplete="off" error={fields.email} />
        <FormField label={t("admin.users.invite.name")} name="name" maxLength={60} error={fields.name} />
        <SelectField
          label={t("admin.users.invite.role")}
          name="role"
          defaultValue="user"
          options={[
            { value: "user", label: t("admin.role.user") },
            { value: "admin", label: t("admin.role.admin") },
          ]}
        />
        <button type="submit" className="btn-primary h-11" disabled={busy}>
          {busy ? t("admin.users.invite.sending") : t("admin.users.invite.send")}
        </button>
      </Form>
    </details>
  );
}
