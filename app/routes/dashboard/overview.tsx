import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { displayName } from "~/lib/profile";
import { formatTokens, tokenTexts } from "~/lib/tokens";
import { getSubscriptionSummary } from "~/modules/account/billing.server";
import { memberSince } from "~/modules/account/profile.server";
import { tokensSpentThisMonth } from "~/modules/account/usage.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { getTokenInfo } from "~/modules/tokens/free-tokens.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/overview";

export function meta() {
  return [{ title: "Dashboard · CharacterVerse" }];
}

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
    recentActivity: tokenInfo.recentTransactions,
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { balance, plan } = loaderData;
  const cards = [
    {
      label: "Token balance",
      value: formatTokens(balance.total),
      detail: `${formatTokens(balance.free)} free · ${formatTokens(balance.purchased)} purchased`,
      link: { to: "/dashboard/tokens", text: "Get tokens" },
    },
    {
      label: "Plan",
      value: plan?.name ?? "Free",
      detail: plan ? (
        <span className={`capitalize ${plan.status === "active" ? "text-success" : "text-warning"}`}>{plan.status.replace(/_/g, " ")}</span>
      ) : (
        "No subscription"
      ),
      link: { to: "/dashboard/subscription", text: "See plans" },
    },
    {
      label: "Tokens spent this month",
      value: formatTokens(loaderData.spentThisMonth),
      detail: `Member since ${formatDate(loaderData.memberSince)}`,
      link: { to: "/dashboard/usage", text: "See usage" },
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Welcome back, {loaderData.name}</h1>
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
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="font-semibold">
        Recent activity
      </h2>
      {transactions.length === 0 ? (
        <p className="text-sm text-muted">{tokenTexts.noTransactions}</p>
      ) : (
        <ul className="divide-y divide-line">
          {transactions.map((transaction) => {
            const added = transaction.transactionType === "add";
            return (
              <li key={transaction.id} className="flex items-center justify-between gap-4 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="truncate">{transaction.description || (added ? "Tokens added" : "Tokens used")}</p>
                  <p className="text-xs text-faint">{formatDate(transaction.createdAt)}</p>
                </div>
                <span className={`shrink-0 font-semibold ${added ? "text-success" : "text-danger"}`}>
                  {added ? "+" : "-"}
                  {formatTokens(transaction.amount)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/dashboard/tokens" className="text-sm text-accent hover:underline">
        All transactions
      </Link>
    </section>
  );
}
