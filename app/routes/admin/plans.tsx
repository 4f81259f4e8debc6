import { Outlet } from "react-router";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PaymentsOffNotice } from "~/components/admin/payments-off-notice";
import { PlanPerkList } from "~/components/plan-perks";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT } from "~/lib/i18n/react";
import { formatUsd } from "~/lib/tokens";
import { listPlansForAdmin, planStatistics } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { isDatabaseUnreachable } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import type { Route } from "./+types/plans";
import { paymentsOffSettings } from "~/modules/config/env.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.plans.meta.title");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [plans, statistics] = await Promise.all([listPlansForAdmin(), planStatistics().catch(statisticsFailed)]);
  return { plans, statistics, paymentsOff: paymentsOffSettings() };
}

/** The plans can be shown without their statistics: the section says they failed (a database out of reach is the page's 503). */
function statisticsFailed(error: unknown): null {
  if (isDatabaseUnreachable(error)) throw error;
  logger.error({ err: error }, "could not read the plan statistics");
  return null;
}

export default function AdminPlans({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { plans, statistics } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title={t("admin.plans.heading")} add={{ to: "new", label: t("admin.plans.new") }} />
      {loaderData.paymentsOff ? <PaymentsOffNotice settings={loaderData.paymentsOff} /> : null}

      {plans.length === 0 ? <p className="card p-5 text-sm text-muted">{t("admin.plans.empty")}</p> : null}
      <ul className="grid gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id} className={`card flex flex-col gap-3 p-5 ${plan.isPopular ? "ring-2 ring-accent" : ""}`} aria-label={plan.name}>
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 flex-col gap-1">
                <h2 className="truncate text-lg font-semibold">{plan.name}</h2>
                <div className="flex flex-wrap gap-1.5 text-xs font-semibold">
                  {plan.isPopular ? <span className="rounded-full bg-accent-strong px-2 py-0.5 text-white">{t("admin.plans.popular")}</span> : null}
                  <span className={`rounded-full px-2 py-0.5 ${plan.isActive ? "bg-success/15 text-success" : "bg-raised text-muted"}`}>
                    {plan.isActive ? t("admin.plans.active") : t("admin.plans.inactive")}
                  </span>
                </div>
              </div>
              <div className="flex shrink-0">
                <EditLink to={`${plan.id}/edit`} label={t("admin.plans.editLabel", { name: plan.name })} title={t("admin.plans.edit")} />
                <DeleteLink to={`${plan.id}/delete`} label={t("admin.plans.deleteLabel", { name: plan.name })} />
              </div>
            </div>
            <p>
              <span className="text-2xl font-bold">{formatUsd(plan.priceCents)}</span>
              <span className="text-sm text-muted"> {plan.interval === "yearly" ? t("admin.plans.perYear") : t("admin.plans.perMonth")}</span>
            </p>
            {plan.description ? <p className="text-sm text-muted">{plan.description}</p> : null}
            <PlanPerkList perks={plan.perks} className="flex flex-col gap-1.5 text-sm" />
            <p className="mt-auto text-xs text-faint">{t("admin.plans.updated", { date: formatDate(plan.updatedAt, lang) })}</p>
          </li>
        ))}
      </ul>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="plan-statistics">
        <h2 id="plan-statistics" className="text-lg font-semibold">
          {t("admin.plans.statistics")}
        </h2>
        {statistics ? (
          <ul className="flex flex-col gap-3">
            {statistics.map((row) => (
              <li key={row.planId} className="flex flex-col gap-1.5">
                <div className="flex justify-between gap-3 text-sm">
                  <span className="font-medium">{row.planName}</span>
                  <span className="text-muted">{t("admin.plans.subscribers", { count: row.userCount, percent: row.percentage })}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-raised" aria-hidden>
                  <div className="h-full rounded-full bg-linear-to-r from-accent to-pink" style={{ width: `${row.percentage}%` }} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p role="alert" className="text-sm text-danger">
            {t("admin.plans.error.statisticsFailed")}
          </p>
        )}
        <p className="text-xs text-faint">{t("admin.plans.statisticsNote")}</p>
      </section>

      <Outlet />
    </div>
  );
}

/** The plans could not be loaded (or an editor's plan does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/plans"
      listTitle={t("admin.plans.heading")}
      notFoundTitle={t("admin.plans.notFound")}
      failedTitle={t("admin.plans.error.fetchFailed")}
    />
  );
}
