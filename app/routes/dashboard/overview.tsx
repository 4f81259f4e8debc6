import { Link } from "react-router";
import { subscriptionStatusTexts } from "~/lib/account";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { displayName } from "~/lib/profile";
import { getSubscriptionSummary } from "~/modules/account/billing.server";
import { memberSince } from "~/modules/account/profile.server";
import { tokensSpentThisMonth } from "~/modules/account/usage.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { getTokenInfo } from "~/modules/tokens/free-tokens.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.overview.meta.title");

const RECENT_ACTIVITY = 5;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const now = new Date();
  const [createdAt, tokenInfo, subscription, spentThisMonth] = await Promise.all([
    memberSince(user.id),
    getTokenInfo(user.id, { now, recent: RECENT_ACTIVITY, balance: getRequestBalance(request, user.id) }),
    getSubscriptionSummary(user.id),
    tokensSpentThisMonth(user.id, now),
  ]);
  return {
    name: displayName(user),
    memberSince: createdAt.toISOString(),
    balance: tokenInfo.balance,
    plan: subscription ? { name: subscription.planName, status: subscription.status } : null,
    spentThisMonth,
    // Descriptions are stored in English; a catalogue that holds one gives it in the person's language.
    recentActivity: tokenInfo.recentTransactions.map((transaction) => ({ ...transaction, description: translateMessage(transaction.description) })),
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const { balance, plan } = loaderData;
  const planStatus = plan && subscriptionStatusTexts[plan.status];
  const cards = [
    {
      label: t("dashboard.overview.balance"),
      value: number(balance.total),
      detail: t("dashboard.overview.balanceDetail", { free: number(balance.free), purchased: number(balance.purchased) }),
      link: { to: "/dashboard/tokens", text: t("dashboard.overview.getTokens") },
    },
    {
      label: t("dashboard.overview.plan"),
      value: plan?.name ?? t("dashboard.overview.freePlan"),
      detail: plan ? (
        <span className={`capitalize ${plan.status === "active" ? "text-success" : "text-warning"}`}>
          {planStatus ? t(planStatus) : plan.status.replace(/_/g, " ")}
        </span>
      ) : (
        t("dashboard.overview.noSubscription")
      ),
      link: { to: "/dashboard/subscription", text: t("dashboard.overview.seePlans") },
    },
    {
      label: t("dashboard.overview.spentThisMonth"),
      value: number(loaderData.spentThisMonth),
      detail: t("dashboard.overview.memberSince", { date: formatDate(loaderData.memberSince, lang) }),
      link: { to: "/dashboard/usage", text: t("dashboard.overview.seeUsage") },
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("dashboard.overview.welcome", { name: loaderData.name })}</h1>
      <div className="grid gap-4 @lg:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="card flex min-w-0 flex-col gap-2 p-5 wrap-break-word">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="text-2xl font-semibold">{card.value}</p>
            <p className="text-xs text-faint">{card.detail}</p>
            <Link to={card.link.to} className="text-sm text-accent hover:underline">
              {card.link.text}
            </Link>
          </div>
        ))}
      </div>
      <RecentActivity transactions={loaderData.recentActivity} />
    </div>
  );
}

type Transaction = Route.ComponentProps["loaderData"]["recentActivity"][number];

function RecentActivity({ transactions }: { transactions: Transaction[] }) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="font-semibold">
        {t("dashboard.overview.recentActivity")}
      </h2>
      {transactions.length === 0 ? (
        <p className="text-sm text-muted">{t("dashboard.tokens.noTransactions")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {transactions.map((transaction) => {
            const added = transaction.transactionType === "add";
            return (
              <li key={transaction.id} className="flex items-center justify-between gap-4 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="truncate">{transaction.description || (added ? t("dashboard.overview.tokensAdded") : t("dashboard.overview.tokensUsed"))}</p>
                  <p className="text-xs text-faint">{formatDate(transaction.createdAt, lang)}</p>
                </div>
                <span className={`shrink-0 font-semibold ${added ? "text-success" : "text-danger"}`}>
                  {added ? "+" : "-"}
                  {number(transaction.amount)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/dashboard/tokens" className="text-sm text-accent hover:underline">
        {t("dashboard.overview.allTransactions")}
      </Link>
    </section>
  );
}
