import { Check, X } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/auth-card";
import { formatDate } from "~/lib/dates";
import { formatUsd, tokenTexts } from "~/lib/tokens";
import { requireUser } from "~/modules/auth/login-session.server";
import { logger } from "~/modules/logging/logger.server";
import { TooManyCheckoutsError } from "~/modules/payments/checkout.server";
import { paymentFormTooLarge, readPaymentPageForm } from "~/modules/payments/page-form.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import {
  getSubscription,
  isLive,
  listActivePlans,
  NoSubscriptionError,
  PlanNotAvailableError,
  subscribeToPlan,
  toggleCancelAtPeriodEnd,
} from "~/modules/payments/subscriptions.server";
import type { Route } from "./+types/subscription";

export function meta() {
  return [{ title: "Subscription · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [plans, subscription] = await Promise.all([listActivePlans(), getSubscription(user.id)]);
  const live = isLive(subscription) ? subscription : null;
  return {
    plans,
    currentPlanId: live?.planId ?? plans.find((plan) => plan.priceCents === 0)?.id ?? null,
    subscription: subscription && {
      planName: subscription.plan.name,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      live: Boolean(live),
    },
    paymentsConfigured: isPaymentsConfigured(),
  };
}

const planSchema = z.object({ planId: z.uuid() });

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readPaymentPageForm(request);
  if (!form) return data({ error: paymentFormTooLarge }, { status: 413 });
  const intent = form.get("intent");
  if (!isPaymentsConfigured()) throw redirect("/dashboard/subscription?toast=payments-not-configured");
  try {
    if (intent === "toggle-cancel") {
      const updated = await toggleCancelAtPeriodEnd(user.id);
      throw redirect(`/dashboard/subscription?toast=${updated.cancelAtPeriodEnd ? "subscription-canceled" : "subscription-renewed"}`);
    }
    const parsed = planSchema.safeParse({ planId: form.get("planId") });
    if (!parsed.success) throw redirect("/dashboard/subscription?toast=subscription-failed");
    const result = await subscribeToPlan(user, parsed.data.planId);
    throw "changed" in result ? redirect("/dashboard/subscription?toast=plan-changed") : redirect(result.checkoutUrl, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof TooManyCheckoutsError) throw redirect("/dashboard/subscription?toast=too-many-checkouts");
    if (!(error instanceof PlanNotAvailableError || error instanceof NoSubscriptionError)) logger.error({ err: error }, "subscription change failed");
    throw redirect(`/dashboard/subscription?toast=${intent === "toggle-cancel" ? "subscription-failed" : "checkout-failed"}`);
  }
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { subscription, currentPlanId } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">Subscription</h1>
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      {!loaderData.paymentsConfigured ? <p className="text-sm text-muted">{tokenTexts.paymentsNotConfigured}</p> : null}
      <ul className="grid gap-4 @2xl:grid-cols-3">
        {loaderData.plans.map((plan) => {
          const current = plan.id === currentPlanId;
          return (
            <li key={plan.id} className={`card relative flex flex-col gap-4 p-6 ${plan.isPopular ? "ring-2 ring-accent" : ""}`}>
              <div className="flex flex-wrap gap-2">
                {plan.isPopular ? <span className="rounded-full bg-accent-strong px-3 py-0.5 text-xs font-semibold text-white">Popular</span> : null}
                {current ? <span className="rounded-full bg-success/15 px-3 py-0.5 text-xs font-semibold text-success">Current Plan</span> : null}
              </div>
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="text-sm text-muted">{plan.description}</p>
              <p>
                <span className="text-3xl font-bold">{formatUsd(plan.priceCents)}</span>
                <span className="text-muted"> / {plan.interval === "yearly" ? "year" : "month"}</span>
              </p>
              <ul className="flex flex-col gap-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature.text} className={`flex items-start gap-2 ${feature.enabled ? "" : "text-faint line-through"}`}>
                    {feature.enabled ? (
                      <Check className="size-4 shrink-0 text-success" aria-label="Included" />
                    ) : (
                      <X className="size-4 shrink-0" aria-label="Not included" />
                    )}
                    {feature.text}
                  </li>
                ))}
              </ul>
              {plan.priceCents > 0 && !current ? (
                <Form method="post" className="mt-auto">
                  <input type="hidden" name="intent" value="subscribe" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <button
                    type="submit"
                    className="btn-primary w-full"
                    disabled={busy || !loaderData.paymentsConfigured}
                    aria-label={`${subscription?.live ? "Change to" : "Subscribe to"} ${plan.name}`}
                  >
                    {subscription?.live ? "Change Plan" : "Subscribe"}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>

      <section className="card flex flex-col gap-3 p-6" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-lg font-semibold">
          Subscription Details
        </h2>
        {subscription ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted">Plan</dt>
              <dd>{subscription.planName}</dd>
              <dt className="text-muted">Status</dt>
              {/* Spec: active is green, any other status yellow. */}
              <dd className={`font-medium capitalize ${subscription.status === "active" ? "text-success" : "text-warning"}`} data-testid="subscription-status">
                {subscription.status.replace(/_/g, " ")}
              </dd>
              <dt className="text-muted">{subscription.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt>
              <dd>{subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "—"}</dd>
            </dl>
            {subscription.live ? (
              <Form method="post">
                <input type="hidden" name="intent" value="toggle-cancel" />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  {subscription.cancelAtPeriodEnd ? "Renew Subscription" : "Cancel Subscription"}
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted">You are on the Free plan. Subscribe to a paid plan for more tokens every month.</p>
        )}
      </section>
    </div>
  );
}
