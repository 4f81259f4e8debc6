import { ArrowLeft, Coins, CreditCard, MessageSquare, MonitorSmartphone } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/admin/admin-table";
import { StatCard } from "~/components/admin/stat-card";
import { Avatar } from "~/components/ui/avatar";
import { FormAlert } from "~/components/ui/form";
import { TokenHistory } from "~/components/admin/token-history";
import { adjustTokensSchema, changeRoleSchema, statusLabels, statusTones } from "~/lib/admin-users";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formFailure } from "~/lib/forms";
import type { TextId } from "~/lib/i18n/ids";
import { metaLanguage } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { translate } from "~/lib/i18n/store";
import { formatUsd } from "~/lib/tokens";
import type { AuditActor } from "~/modules/audit/audit.server";
import { resendInvitation } from "~/modules/admin/invitations.server";
import { adjustTokens, changeRole } from "~/modules/admin/user-changes.server";
import { getUserForAdmin } from "~/modules/admin/users.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { changeWithToast, consoleAction, editorLoader, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users.$id";
import { DeleteUser, RoleForm, StatusForm, TokensForm } from "./+shared/user-panels";

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const lang = metaLanguage(matches);
  const who = page?.user.deleted ? translate(lang, "admin.users.deletedUser") : (page?.user.name ?? translate(lang, "admin.user.meta.user"));
  return [{ title: translate(lang, "admin.user.meta.title", { name: who }) }];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async (admin) => ({ ...(await getUserForAdmin(params.id)), isSelf: admin.id === params.id }));
}

const userForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend-invite") }),
  changeRoleSchema.extend({ intent: z.literal("change-role") }),
  adjustTokensSchema.extend({ intent: z.literal("adjust-tokens") }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const userId = params.id;
  const handle = async (admin: AuditActor, input: z.output<typeof userForm>) => {
    switch (input.intent) {
      case "resend-invite":
        return resendInvite(admin, userId);
      case "change-role":
        return changeWithToast(() => changeRole(admin, userId, input.role), `/admin/users/${userId}`, "role-changed");
      case "adjust-tokens": {
        const { direction, tokenType, amount, reason } = input;
        return changeWithToast(
          () => adjustTokens(admin, userId, { direction, tokenType, amount, reason }),
          `/admin/users/${userId}`,
          direction === "grant" ? "tokens-granted" : "tokens-deducted",
        );
      }
    }
  };
  return consoleAction(request, userForm, handle, { limit: USERS_FORM, oversized: "throw" });
}

async function resendInvite(admin: AuditActor, userId: string) {
  try {
    const { mailed } = await resendInvitation(admin, userId);
    return redirectWithToast(`/admin/users/${userId}`, mailed ? "invitation-resent" : "invitation-not-sent");
  } catch (error) {
    return errorData(error);
  }
}

type Page = Route.ComponentProps["loaderData"];

export default function AdminUser({ loaderData: page, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const { user } = page;
  const failure = formFailure(actionData);
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <Link to="/admin/users" className="flex items-center gap-1 self-start text-sm text-muted hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden /> {t("admin.user.back")}
      </Link>
      <UserHeader page={page} />
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}

      <section aria-label={t("admin.user.figures")} className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        <StatCard
          label={t("admin.user.balance")}
          value={number(page.balance.total)}
          icon={Coins}
          detail={t("admin.user.balance.detail", { free: number(page.balance.free), purchased: number(page.balance.purchased) })}
        />
        <StatCard label={t("admin.user.devices")} value={page.liveSessions} icon={MonitorSmartphone} detail={t("admin.user.devices.detail")} />
        <StatCard label={t("admin.user.chats")} value={page.chatCount} icon={MessageSquare} />
        <StatCard
          label={t("admin.user.payments")}
          value={formatUsd(page.payments.amountCents)}
          icon={CreditCard}
          detail={t("admin.user.payments.detail", { count: String(page.payments.count) })}
        />
      </section>

      {user.deleted ? (
        <p className="card p-5 text-sm text-muted">{t("admin.user.deletedNote")}</p>
      ) : (
        <div className="grid gap-4 @2xl:grid-cols-2">
          {/* A new ledger row remounts the form, so an applied change is not sent twice by accident. */}
          <TokensForm key={page.transactionCount} />
          <div className="flex flex-col gap-4">
            <StatusForm
              userId={user.id}
              email={user.email}
              status={user.status}
              isSelf={page.isSelf}
              invited={user.status === "pending" && !user.hasPassword}
            />
            <RoleForm role={user.role} isSelf={page.isSelf} />
            <DeleteUser
              userId={user.id}
              email={user.email}
              blocked={page.isSelf ? t("admin.users.error.cannotDeleteSelf") : user.role === "admin" ? t("admin.users.error.cannotDeleteAdmin") : null}
            />
          </div>
        </div>
      )}

      <section aria-labelledby="transactions-heading" className="flex flex-col gap-3">
        <h2 id="transactions-heading" className="font-semibold">
          {t("admin.user.transactions")}{" "}
          <span className="text-sm font-normal text-muted">
            ·{" "}
            {page.transactions.length < page.transactionCount
              ? t("admin.user.transactions.latest", { shown: String(page.transactions.length), total: String(page.transactionCount) })
              : page.transactionCount}
          </span>
        </h2>
        <TokenHistory transactions={page.transactions} empty={t("admin.user.noTransactions")} />
      </section>

      <section aria-labelledby="tickets-heading" className="flex flex-col gap-3">
        <h2 id="tickets-heading" className="font-semibold">
          {t("admin.user.tickets")}
        </h2>
        {page.tickets.length === 0 ? (
          <p className="card p-5 text-sm text-muted">{t("admin.user.noTickets")}</p>
        ) : (
          <ul className="card divide-y divide-line">
            {page.tickets.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <Link to={`/admin/tickets/${ticket.id}`} className="min-w-0 flex-1 font-medium wrap-break-word text-accent hover:underline">
                  {ticket.topic}
                </Link>
                <Badge tone={ticket.status === "closed" || ticket.status === "completed" ? "muted" : "warning"}>
                  {Object.hasOwn(ticketStatusLabels, ticket.status) ? t(ticketStatusLabels[ticket.status]!) : ticket.status}
                </Badge>
                <span className="text-xs text-muted">{formatDate(ticket.createdAt, lang)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Spec section 4's ticket status labels. */
const ticketStatusLabels: Record<string, TextId> = {
  pending: "admin.ticketStatus.pending",
  in_progress: "admin.ticketStatus.in_progress",
  completed: "admin.ticketStatus.completed",
  closed: "admin.ticketStatus.closed",
};

function UserHeader({ page }: { page: Page }) {
  const t = useT();
  const lang = useLang();
  const { user } = page;
  return (
    <header className="flex flex-wrap items-center gap-4">
      <Avatar url={user.avatarUrl} size={64} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-bold wrap-break-word">{user.deleted ? t("admin.users.deletedUser") : user.name || user.email}</h1>
        {user.deleted ? null : <p className="text-sm break-all text-muted">{user.email}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge tone={statusTones[user.status]}>{t(statusLabels[user.status])}</Badge>
          <Badge tone={user.role === "admin" ? "accent" : "muted"}>{user.role === "admin" ? t("admin.role.admin") : t("admin.role.user")}</Badge>
          <Badge tone="muted">{user.plan}</Badge>
        </div>
        <p className="text-xs text-muted">
          {t("admin.user.joined", {
            joined: formatDate(user.createdAt, lang),
            lastActive: user.lastActiveAt ? formatDateTime(user.lastActiveAt, lang) : t("admin.users.never"),
          })}
        </p>
      </div>
    </header>
  );
}
