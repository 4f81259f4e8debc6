import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PlanPerkList } from "~/components/plan-perks";
import { FormAlert } from "~/components/ui/form";
import { subscriptionStatusTexts } from "~/lib/account";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { errorData, failureToast, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { PAYMENT_FORM } from "~/modules/payments/page-form.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import { getPlanChoice, subscribeToPlan, toggleCancelAtPeriodEnd } from "~/modules/payments/subscriptions.server";
import type { Route } from "./+types/subscription";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.subscription.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { ...(await getPlanChoice(user.id)), paymentsConfigured: isPaymentsConfigured() };
}

const SUBSCRIPTION = "/dashboard/subscription";
/** Subscribe to a plan, or cancel at the period's end (and take it back); a plan id that cannot be one fails with the toast. */
const subscriptionForm = z.object({ intent: z.string().optional(), planId: z.uuid().nullable().catch(null) });

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    const form = await parseForm(request, subscriptionForm, PAYMENT_FORM);
    if (!isPaymentsConfigured()) return redirectWithToast(SUBSCRIPTION, "payments-not-configured");
    switch (form.intent) {
      case "toggle-cancel":
        return await toggleCancel(user.id);
      default:
        return await subscribe(user, form.planId);
    }
  } catch (error) {
    return errorData(error);
  }
}

/** Cancel at the period's end, or take that back. */
async function toggleCancel(userId: string) {
  try {
    const { cancelAtPeriodEnd } = await toggleCancelAtPeriodEnd(userId);
    return redirectWithToast(SUBSCRIPTION, cancelAtPeriodEnd ? "subscription-canceled" : "subscription-renewed");
  } catch (error) {
    return redirectWithToast(SUBSCRIPTION, failureToast(error, "subscription-failed"));
  }
}

/** A live subscription moves to the plan; anyone else goes to Checkout. */
async function subscribe(user: CurrentUser, planId: string | null) {
  if (!planId) return redirectWithToast(SUBSCRIPTION, "subscription-failed");
  try {
    const result = await subscribeToPlan(user, planId);
    return "changed" in result ? redirectWithToast(SUBSCRIPTION, "plan-changed") : redirect(result.checkoutUrl, 303);
  } catch (error) {
    return redirectWithToast(SUBSCRIPTION, failureToast(error, "checkout-failed"));
  }
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const busy = useNavigation().state !== "idle";
  const { subscription, currentPlanId } = loaderData;
  const statusText = subscription && subscriptionStatusTexts[subscription.status];
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">{t("dashboard.subscription.heading")}</h1>
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      {!loaderData.paymentsConfigured ? <p className="card p-4 text-sm text-muted">{t("dashboard.subscription.plansNotOffered")}</p> : null}
      <ul className="grid gap-4 @2xl:grid-cols-3">
        {loaderData.plans.map((plan) => {
          const current = plan.id === currentPlanId;
          return (
            <li key={plan.id} className={`card relative flex flex-col gap-4 p-6 ${plan.isPopular ? "ring-2 ring-accent" : ""}`}>
              <div className="flex flex-wrap gap-2">
                {plan.isPopular ? (
                  <span className="rounded-full bg-accent-strong px-3 py-0.5 text-xs font-semibold text-white">{t("dashboard.subscription.popular")}</span>
                ) : null}
                {current ? (
                  <span className="rounded-full bg-success/15 px-3 py-0.5 text-xs font-semibold text-success">{t("dashboard.subscription.currentPlan")}</span>
                ) : null}
              </div>
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="text-sm text-muted">{plan.description}</p>
              <p>
                <span className="text-3xl font-bold">{number(plan.priceCents / 100, { style: "currency", currency: "USD" })}</span>
                <span className="text-muted">{plan.interval === "yearly" ? t("dashboard.subscription.perYear") : t("dashboard.subscription.perMonth")}</span>
              </p>
              <PlanPerkList perks={plan.perks} className="flex flex-col gap-2 text-sm" />
              {/* Without payments a plan is shown for what it holds, with no button that could not work. */}
              {plan.priceCents > 0 && !current && loaderData.paymentsConfigured ? (
                <Form method="post" className="mt-auto">
                  <input type="hidden" name="intent" value="subscribe" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <button
                    type="submit"
                    className="btn-primary w-full"
                    disabled={busy}
                    aria-label={
                      subscription?.live
                        ? t("dashboard.subscription.changeTo", { plan: plan.name })
                        : t("dashboard.subscription.subscribeTo", { plan: plan.name })
                    }
                  >
                    {subscription?.live ? t("dashboard.subscription.changePlan") : t("dashboard.subscription.subscribe")}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>

      <section className="card flex flex-col gap-3 p-6" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-lg font-semibold">
          {t("dashboard.subscription.details")}
        </h2>
        {subscription ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted">{t("dashboard.subscription.plan")}</dt>
              <dd>{subscription.planName}</dd>
              <dt className="text-muted">{t("dashboard.subscription.status")}</dt>
              {/* Spec: active is green, any other status yellow. */}
              <dd className={`font-medium capitalize ${subscription.status === "active" ? "text-success" : "text-warning"}`} data-testid="subscription-status">
                {statusText ? t(statusText) : subscription.status.replace(/_/g, " ")}
              </dd>
              <dt className="text-muted">{subscription.cancelAtPeriodEnd ? t("dashboard.subscription.endsOn") : t("dashboard.subscription.renewsOn")}</dt>
              <dd>{subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, lang) : "—"}</dd>
            </dl>
            {subscription.live ? (
              <Form method="post">
                <input type="hidden" name="intent" value="toggle-cancel" />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  {subscription.cancelAtPeriodEnd ? t("dashboard.subscription.renew") : t("dashboard.subscription.cancel")}
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted">{t("dashboard.subscription.freePlan")}</p>
        )}
      </section>
    </div>
  );
}
