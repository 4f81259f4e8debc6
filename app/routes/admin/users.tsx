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
import { inviteUser } from "~/modules/admin/invitations.server";
import { listUsers, userStats } from "~/modules/admin/users.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users · Admin · CharacterVerse" }];
}

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
      data({ ok: false as const, error: "Please correct the fields below", fields: refusal.details.fields as FieldErrors }, { status: 400 }),
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

const columns: AdminColumn<Listed>[] = [
  {
    header: "Name",
    primary: true,
    cell: (user) => (
      <Link to={`/admin/users/${user.id}`} className="font-medium text-accent hover:underline">
        {user.deleted ? "Deleted user" : user.name || "—"}
        {user.role === "admin" ? (
          <span className="ml-2">
            <Badge tone="accent">Admin</Badge>
          </span>
        ) : null}
      </Link>
    ),
  },
  { header: "Email", cell: (user) => (user.deleted ? "—" : <EmailText email={user.email} />) },
  { header: "Status", cell: (user) => <Badge tone={statusTones[user.status]}>{statusLabels[user.status]}</Badge> },
  { header: "Plan", cell: (user) => user.plan },
  { header: "Joined", nowrap: true, cell: (user) => formatDate(user.joined) },
  { header: "Last active", nowrap: true, cell: (user) => (user.lastActive ? formatDate(user.lastActive) : "Never") },
];

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, users, total, page, pageCount, stats } = loaderData;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Users</h1>
        <InviteUser actionData={actionData} />
      </div>

      <section aria-label="User statistics" className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        <StatCard label="All users" value={stats.total} />
        {stats.byStatus.map((stat) => (
          <StatCard key={stat.name} label={statusLabels[stat.name as UserStatus]} value={stat.count} detail={`${stat.percentage}% of users`} />
        ))}
      </section>
      <section aria-labelledby="plans-heading" className="card flex flex-col gap-2 p-4">
        <h2 id="plans-heading" className="text-sm font-semibold text-muted">
          By plan
        </h2>
        <ul className="flex flex-wrap gap-2">
          {stats.byPlan.map((stat) => (
            <li key={stat.name} className="rounded-full border border-line bg-raised px-3 py-1 text-sm">
              {stat.name} <span className="font-semibold">{stat.count.toLocaleString("en-US")}</span> <span className="text-faint">({stat.percentage}%)</span>
            </li>
          ))}
        </ul>
      </section>

      <FilterBar label="Filter users" action="/admin/users" active={Boolean(filters.q || filters.status || filters.plan)}>
        <FilterSearch name="q" label="Search" value={filters.q} placeholder="E-mail or name" />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status ?? ""}
          allLabel="All statuses"
          options={USER_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
        />
        <FilterSelect
          name="plan"
          label="Plan"
          value={filters.plan ?? ""}
          allLabel="All plans"
          options={stats.planChoices.map((plan) => ({ value: plan, label: plan }))}
        />
      </FilterBar>

      <ListRange page={page} pageSize={USERS_PAGE_SIZE} total={total} noun={["user", "users"]} />
      <AdminTable caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} empty="No users found" />
      <ListPagination page={page} pageCount={pageCount} />
    </div>
  );
}

/** Add User: a disclosure that works without JavaScript; the form posts intent=invite. */
function InviteUser({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().state === "submitting";
  const failure = formFailure(actionData);
  const fields = failure?.fields ?? {};
  return (
    <details className="group relative" open={actionData ? true : undefined}>
      <summary className="btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <UserPlus className="size-4" aria-hidden /> Add User
      </summary>
      <Form
        method="post"
        className="card z-10 mt-2 flex w-[min(92vw,24rem)] flex-col gap-3 p-5 shadow-2xl @2xl:absolute @2xl:right-0"
        aria-label="Invite a user"
        noValidate
      >
        <input type="hidden" name="intent" value="invite" />
        <p className="text-sm text-muted">The person gets an e-mail with a link to choose their password.</p>
        {failure?.error && !Object.keys(fields).length ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
        <FormField label="E-mail" name="email" type="email" required autoComplete="off" error={fields.email} />
        <FormField label="Name (optional)" name="name" maxLength={60} error={fields.name} />
        <SelectField
          label="Role"
          name="role"
          defaultValue="user"
          options={[
            { value: "user", label: "User" },
            { value: "admin", label: "Admin" },
          ]}
        />
        <button type="submit" className="btn-primary h-11" disabled={busy}>
          {busy ? "Sending…" : "Send invitation"}
        </button>
      </Form>
    </details>
  );
}
