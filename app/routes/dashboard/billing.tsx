import { CreditCard, Receipt, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { subscriptionStatusTexts } from "~/lib/account";
import { formatDate } from "~/lib/dates";
import type { TextId } from "~/lib/i18n/ids";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { getSubscriptionSummary, listBillingHistory, type BillingEntry, type BillingStatus, type SubscriptionSummary } from "~/modules/account/billing.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.billing.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [subscription, history] = await Promise.all([getSubscriptionSummary(user.id), listBillingHistory(user.id)]);
  // A line's description is written in English by the server; the catalogue gives it in the person's language.
  return { subscription, history: history.map((entry) => ({ ...entry, description: translateMessage(entry.description) })) };
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("dashboard.billing.heading")}</h1>
      <SubscriptionCard subscription={loaderData.subscription} />
      <section className="card flex flex-col gap-4 p-5" aria-labelledby="history-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="history-heading" className="flex items-center gap-2 font-semibold">
            <Receipt className="size-5 text-accent" aria-hidden /> {t("dashboard.billing.history")}
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <ShieldCheck className="size-4 shrink-0" aria-hidden /> {t("dashboard.billing.stripeNote")}
          </p>
        </div>
        {loaderData.history.length === 0 ? (
          <div className="flex flex-col items-start gap-1 text-sm">
            <p className="text-muted">{t("dashboard.billing.noPayments")}</p>
            <Link to="/dashboard/tokens" className="text-accent hover:underline">
              {t("dashboard.billing.buyTokens")}
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
  const t = useT();
  const lang = useLang();
  const statusText = subscription && subscriptionStatusTexts[subscription.status];
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading" className="flex items-center gap-2 font-semibold">
        <CreditCard className="size-5 text-accent" aria-hidden /> {t("dashboard.billing.subscription")}
      </h2>
      {subscription ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-lg font-semibold">{subscription.planName}</p>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${subscription.status === "active" ? "bg-success/15 text-success" : "bg-warning/15 text-warning"}`}
          >
            {statusText ? t(statusText) : subscription.status.replace(/_/g, " ")}
          </span>
          {subscription.currentPeriodEnd ? (
            <p className="text-sm text-muted">
              {subscription.cancelAtPeriodEnd
                ? t("dashboard.billing.endsOn", { date: formatDate(subscription.currentPeriodEnd, lang) })
                : t("dashboard.billing.renewsOn", { date: formatDate(subscription.currentPeriodEnd, lang) })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">{t("dashboard.billing.freePlan")}</p>
      )}
      <Link to="/dashboard/subscription" className="text-sm text-accent hover:underline">
        {subscription ? t("dashboard.billing.manage") : t("dashboard.billing.seePlans")}
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

const statusTexts: Record<BillingStatus, TextId> = {
  Paid: "dashboard.billing.status.paid",
  Pending: "dashboard.billing.status.pending",
  Failed: "dashboard.billing.status.failed",
  Expired: "dashboard.billing.status.expired",
};

function StatusBadge({ status }: { status: BillingStatus }) {
  const t = useT();
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${statusStyles[status]}`}>{t(statusTexts[status])}</span>;
}

/** A table from a 576 px wide page up; below that the same rows as stacked cards, as four columns do not fit. */
function PaymentHistory({ entries }: { entries: BillingEntry[] }) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const usd = (cents: number) => number(cents / 100, { style: "currency", currency: "USD" });
  return (
    <>
      <ul className="flex flex-col gap-3 @xl:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 rounded-xl border border-line bg-raised/40 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-muted">{formatDate(entry.date, lang)}</span>
              <StatusBadge status={entry.status} />
            </div>
            <p className="text-sm">{entry.description}</p>
            <p className="font-semibold">{usd(entry.amountCents)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto @xl:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("dashboard.billing.date")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("dashboard.billing.description")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("dashboard.billing.amount")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("dashboard.billing.statusColumn")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatDate(entry.date, lang)}</td>
                <td className="py-3 pr-4">{entry.description}</td>
                <td className="py-3 pr-4 text-right font-medium">{usd(entry.amountCents)}</td>
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
