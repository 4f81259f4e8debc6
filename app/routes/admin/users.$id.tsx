import { useState } from "react";
import { ArrowLeft, Coins, CreditCard, MessageSquare, MonitorSmartphone } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { Badge } from "~/components/admin/admin-table";
import { StatCard } from "~/components/admin/stat-card";
import { FormAlert } from "~/components/auth-card";
import { TransactionTable } from "~/components/transaction-table";
import { Dialog } from "~/components/ui/dialog";
import { adjustTokensSchema, adminUserTexts, changeRoleSchema, statusLabels, statusTones, type UserStatus } from "~/lib/admin-users";
import { fieldErrors } from "~/lib/auth-forms";
import { thumbnailUrl } from "~/lib/catalogue";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { ToastCode } from "~/lib/toasts";
import { formatTokens, formatUsd } from "~/lib/tokens";
import type { AuditActor } from "~/modules/admin/audit.server";
import { resendInvitation } from "~/modules/admin/invitations.server";
import { adjustTokens, changeRole, reactivateUser, suspendUser } from "~/modules/admin/user-changes.server";
import { getUserForAdmin } from "~/modules/admin/users.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import type { Route } from "./+types/users.$id";

export function meta({ data: page }: Route.MetaArgs) {
  const who = page?.user.deleted ? "Deleted user" : (page?.user.name ?? "User");
  return [{ title: `${who} · Admin · CharacterVerse` }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  try {
    return { ...(await getUserForAdmin(params.id)), isSelf: admin.id === params.id };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "suspend":
      return run(() => suspendUser(admin, params.id), params.id, "user-suspended");
    case "reactivate":
      return run(() => reactivateUser(admin, params.id), params.id, "user-reactivated");
    case "resend-invite":
      return resendInvite(admin, params.id);
    case "change-role":
      return changeUserRole(admin, params.id, form);
    case "adjust-tokens":
      return adjustUserTokens(admin, params.id, form);
    default:
      return invalid(adminUserTexts.unknownIntent);
  }
}

const invalid = (error: string, fields: Record<string, string | undefined> = {}) => data({ ok: false as const, error, fields }, { status: 400 });

async function run(change: () => Promise<unknown>, userId: string, toast: ToastCode) {
  try {
    await change();
  } catch (error) {
    return errorData(error);
  }
  return redirectWithToast(`/admin/users/${userId}`, toast);
}

async function resendInvite(admin: AuditActor, userId: string) {
  try {
    const { mailed } = await resendInvitation(admin, userId);
    return redirectWithToast(`/admin/users/${userId}`, mailed ? "invitation-resent" : "invitation-not-sent");
  } catch (error) {
    return errorData(error);
  }
}

async function changeUserRole(admin: AuditActor, userId: string, form: FormData) {
  const parsed = changeRoleSchema.safeParse({ role: form.get("role") });
  if (!parsed.success) return invalid(parsed.error.issues[0]!.message, fieldErrors(parsed.error));
  return run(() => changeRole(admin, userId, parsed.data.role), userId, "role-changed");
}

async function adjustUserTokens(admin: AuditActor, userId: string, form: FormData) {
  const parsed = adjustTokensSchema.safeParse(
    Object.fromEntries(["direction", "tokenType", "amount", "reason"].map((name) => [name, form.get(name) ?? undefined])),
  );
  if (!parsed.success) return invalid(parsed.error.issues[0]!.message, fieldErrors(parsed.error));
  return run(() => adjustTokens(admin, userId, parsed.data), userId, parsed.data.direction === "grant" ? "tokens-granted" : "tokens-deducted");
}

type Page = Route.ComponentProps["loaderData"];
type Failure = { ok: false; error: string; fields?: Record<string, string | undefined> } | undefined;
const failureOf = (value: unknown) => value as Failure;

export default function AdminUser({ loaderData: page, actionData }: Route.ComponentProps) {
  const { user } = page;
  const failure = failureOf(actionData);
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <Link to="/admin/users" className="flex items-center gap-1 self-start text-sm text-muted hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden /> Users
      </Link>
      <UserHeader page={page} />
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}

      <section aria-label="Account figures" className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        <StatCard
          label="Token balance"
          value={formatTokens(page.balance.total)}
          icon={Coins}
          detail={`${formatTokens(page.balance.free)} free · ${formatTokens(page.balance.purchased)} purchased`}
        />
        <StatCard label="Signed-in devices" value={page.liveSessions} icon={MonitorSmartphone} detail="live login sessions" />
        <StatCard label="Chats" value={page.chatCount} icon={MessageSquare} />
        <StatCard label="Payments" value={formatUsd(page.payments.amountCents)} icon={CreditCard} detail={`${page.payments.count} fulfilled`} />
      </section>

      {user.deleted ? (
        <p className="card p-5 text-sm text-muted">This account was deleted: its personal data is gone, its token and payment records stay.</p>
      ) : (
        <div className="grid gap-4 @2xl:grid-cols-2">
          {/* A new ledger row remounts the form, so an applied change is not sent twice by accident. */}
          <TokensForm key={page.transactionCount} />
          <div className="flex flex-col gap-4">
            <StatusForm status={user.status} isSelf={page.isSelf} invited={user.status === "pending" && !user.hasPassword} />
            <RoleForm role={user.role} isSelf={page.isSelf} />
            <DeleteUser
              userId={user.id}
              email={user.email}
              blocked={page.isSelf ? adminUserTexts.cannotDeleteSelf : user.role === "admin" ? adminUserTexts.cannotDeleteAdmin : null}
            />
          </div>
        </div>
      )}

      <section aria-labelledby="transactions-heading" className="flex flex-col gap-3">
        <h2 id="transactions-heading" className="font-semibold">
          Token transactions{" "}
          <span className="text-sm font-normal text-muted">
            · {page.transactions.length < page.transactionCount ? `latest ${page.transactions.length} of ${page.transactionCount}` : page.transactionCount}
          </span>
        </h2>
        <TransactionTable transactions={page.transactions} />
      </section>

      <section aria-labelledby="tickets-heading" className="flex flex-col gap-3">
        <h2 id="tickets-heading" className="font-semibold">
          Tickets
        </h2>
        {page.tickets.length === 0 ? (
          <p className="card p-5 text-sm text-muted">No tickets</p>
        ) : (
          <ul className="card divide-y divide-line">
            {page.tickets.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 flex-1 font-medium wrap-break-word">{ticket.topic}</span>
                <Badge tone={ticket.status === "closed" || ticket.status === "completed" ? "muted" : "warning"}>{ticketStatusLabel(ticket.status)}</Badge>
                <span className="text-xs text-muted">{formatDate(ticket.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Spec section 4's ticket status labels. */
const ticketStatusLabel = (status: string) => ({ pending: "Pending", in_progress: "In Progress", completed: "Completed", closed: "Closed" })[status] ?? status;

function UserHeader({ page }: { page: Page }) {
  const { user } = page;
  return (
    <header className="flex flex-wrap items-center gap-4">
      <img
        src={thumbnailUrl(user.avatarUrl, 150) ?? "/default-avatar.svg"}
        alt=""
        className="size-16 shrink-0 rounded-full object-cover"
        width={64}
        height={64}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-bold wrap-break-word">{user.deleted ? "Deleted user" : user.name || user.email}</h1>
        {user.deleted ? null : <p className="text-sm break-all text-muted">{user.email}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge tone={statusTones[user.status]}>{statusLabels[user.status]}</Badge>
          <Badge tone={user.role === "admin" ? "accent" : "muted"}>{user.role === "admin" ? "Admin" : "User"}</Badge>
          <Badge tone="muted">{user.plan}</Badge>
        </div>
        <p className="text-xs text-muted">
          Joined {formatDate(user.createdAt)} · Last active {user.lastActiveAt ? formatDateTime(user.lastActiveAt) : "Never"}
        </p>
      </div>
    </header>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card flex flex-col gap-3 p-5" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Suspend or reactivate; with JavaScript the badge on the button's side changes at once. */
function StatusForm({ status, isSelf, invited }: { status: UserStatus; isSelf: boolean; invited: boolean }) {
  const fetcher = useFetcher();
  const failure = failureOf(fetcher.data);
  const pendingIntent = fetcher.formData?.get("intent");
  const shown: UserStatus = pendingIntent === "suspend" ? "inactive" : pendingIntent === "reactivate" ? "active" : status;
  const suspended = shown === "inactive";
  return (
    <Panel title="Account status">
      <p className="flex items-center gap-2 text-sm text-muted">
        Now <Badge tone={statusTones[shown]}>{statusLabels[shown]}</Badge>
      </p>
      <p className="text-sm text-muted">
        {suspended
          ? "A suspended account cannot sign in. Reactivating lets the person sign in again."
          : "Suspending signs the person out on every device and stops them signing in."}
      </p>
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={suspended ? "reactivate" : "suspend"} />
          <button
            type="submit"
            className={suspended ? "btn-primary" : "btn-secondary"}
            disabled={isSelf || fetcher.state !== "idle"}
            title={isSelf ? adminUserTexts.cannotSuspendSelf : undefined}
          >
            {suspended ? "Reactivate" : "Suspend"}
          </button>
        </fetcher.Form>
        {invited && !suspended ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend-invite" />
            <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
              Resend invitation
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </Panel>
  );
}

function RoleForm({ role, isSelf }: { role: "user" | "admin"; isSelf: boolean }) {
  const fetcher = useFetcher();
  const failure = failureOf(fetcher.data);
  return (
    <Panel title="Role">
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="change-role" />
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Role</span>
          <select name="role" defaultValue={role} className="field h-10 w-40" disabled={isSelf}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary h-10" disabled={isSelf || fetcher.state !== "idle"}>
          Save role
        </button>
      </fetcher.Form>
      {isSelf ? <p className="text-xs text-faint">{adminUserTexts.cannotChangeOwnRole}</p> : null}
    </Panel>
  );
}

function TokensForm() {
  const fetcher = useFetcher();
  const failure = failureOf(fetcher.data);
  const fields = failure?.fields ?? {};
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="Grant or deduct tokens">
      <fetcher.Form method="post" className="flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="adjust-tokens" />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Grant or deduct</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="grant" defaultChecked className="accent-accent" /> Grant
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="deduct" className="accent-accent" /> Deduct
          </label>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Kind of tokens</span>
          <select name="tokenType" defaultValue="free" className="field h-10" aria-describedby="token-type-hint">
            <option value="free">Free</option>
            <option value="purchased">Purchased</option>
          </select>
          <span id="token-type-hint" className="text-xs text-faint">
            A grant adds this kind; a deduction takes this kind first, then the other.
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Amount</span>
          <input
            name="amount"
            type="number"
            min={1}
            step={1}
            required
            inputMode="numeric"
            className="field h-10"
            aria-invalid={fields.amount ? true : undefined}
          />
          {fields.amount ? <span className="text-danger">{fields.amount}</span> : null}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Reason (shown in their token history)</span>
          <input name="reason" maxLength={200} required className="field h-10" aria-invalid={fields.reason ? true : undefined} />
          {fields.reason ? <span className="text-danger">{fields.reason}</span> : null}
        </label>
        {failure?.error && !fields.amount && !fields.reason ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
        <button type="submit" className="btn-primary h-10 self-start" disabled={busy}>
          {busy ? "Saving…" : "Apply"}
        </button>
      </fetcher.Form>
    </Panel>
  );
}

/**
 * Delete asks first: without JavaScript the link opens a confirmation page; with it, the same
 * question opens here as a dialog and posts to that page's action.
 */
function DeleteUser({ userId, email, blocked }: { userId: string; email: string; blocked: string | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const failure = failureOf(fetcher.data);
  const href = `/admin/users/${userId}/delete`;
  return (
    <Panel title="Delete user">
      <p className="text-sm text-muted">Removes the person's e-mail, name, picture, password and devices. Their token and payment records stay.</p>
      {blocked ? (
        <p className="text-xs text-faint">{blocked}</p>
      ) : (
        <Link
          to={href}
          className="btn-secondary self-start border-danger/50 text-danger hover:border-danger"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          Delete user
        </Link>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete user">
        <div className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">Delete {email}?</h2>
          <p className="text-sm text-muted">{adminUserTexts.deleteConfirm}</p>
          {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
          <fetcher.Form method="post" action={href} className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" name="intent" value="delete" className="btn-primary from-danger to-danger" disabled={fetcher.state !== "idle"}>
              Delete
            </button>
          </fetcher.Form>
        </div>
      </Dialog>
    </Panel>
  );
}
