import { CreditCard, Receipt, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { formatUsd } from "~/lib/tokens";
import { getSubscriptionSummary, listBillingHistory, type BillingEntry, type BillingStatus, type SubscriptionSummary } from "~/modules/account/billing.server";
import { requireUser } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/billing";

export function meta() {
  return [{ title: "Billing · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [subscription, history] = await Promise.all([getSubscriptionSummary(user.id), listBillingHistory(user.id)]);
  return { subscription, history };
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Billing</h1>
      <SubscriptionCard subscription={loaderData.subscription} />
      <section className="card flex flex-col gap-4 p-5" aria-labelledby="history-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="history-heading" className="flex items-center gap-2 font-semibold">
            <Receipt className="size-5 text-accent" aria-hidden /> Payment history
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <ShieldCheck className="size-4 shrink-0" aria-hidden /> Payment methods are managed securely by Stripe at checkout.
          </p>
        </div>
        {loaderData.history.length === 0 ? (
          <div className="flex flex-col items-start gap-1 text-sm">
            <p className="text-muted">No payments yet</p>
            <Link to="/dashboard/tokens" className="text-accent hover:underline">
              Buy tokens
            </Link>
          </div>
        ) : (
          <PaymentHistory entries={loaderData.history} />
        )}
      </section>
    </div>
  );
}

function SubscriptionCard({ subscription }: { subscription: SubscriptionSummary | null }) {
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading" className="flex items-center gap-2 font-semibold">
        <CreditCard className="size-5 text-accent" aria-hidden /> Subscription
      </h2>
      {subscription ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-lg font-semibold">{subscription.planName}</p>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${subscription.status === "active" ? "bg-success/15 text-success" : "bg-warning/15 text-warning"}`}
          >
            {subscription.status.replace(/_/g, " ")}
          </span>
          {subscription.currentPeriodEnd ? (
            <p className="text-sm text-muted">
              {subscription.cancelAtPeriodEnd ? "Ends on" : "Renews on"} {formatDate(subscription.currentPeriodEnd)}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">You are on the Free plan.</p>
      )}
      <Link to="/dashboard/subscription" className="text-sm text-accent hover:underline">
        {subscription ? "Manage subscription" : "See plans"}
      </Link>
    </section>
  );
}

const statusStyles: Record<BillingStatus, string> = {
  Paid: "bg-success/15 text-success",
  Pending: "bg-warning/15 text-warning",
  Failed: "bg-danger/15 text-danger",
  Expired: "bg-raised text-muted",
};

function StatusBadge({ status }: { status: BillingStatus }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${statusStyles[status]}`}>{status}</span>;
}

/** A table from a 576 px wide page up; below that the same rows as stacked cards, as four columns do not fit. */
function PaymentHistory({ entries }: { entries: BillingEntry[] }) {
  return (
    <>
      <ul className="flex flex-col gap-3 @xl:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 rounded-xl border border-line bg-raised/40 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-muted">{formatDate(entry.date)}</span>
              <StatusBadge status={entry.status} />
            </div>
            <p className="text-sm">{entry.description}</p>
            <p className="font-semibold">{formatUsd(entry.amountCents)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto @xl:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatDate(entry.date)}</td>
                <td className="py-3 pr-4">{entry.description}</td>
                <td className="py-3 pr-4 text-right font-medium">{formatUsd(entry.amountCents)}</td>
                <td className="py-3">
                  <StatusBadge status={entry.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
