import { Coins, Gift, ShoppingCart } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/ui/form";
import { TokenPackageGrid } from "~/components/token-package-grid";
import { TransactionTable } from "~/components/transaction-table";
import { safeRedirectPath } from "~/lib/auth-forms";
import { formatDate, formatDayMonth } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { errorData, failureToast, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { listTokenPackages, startTokenCheckout } from "~/modules/payments/checkout.server";
import { PAYMENT_FORM } from "~/modules/payments/page-form.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import { claimMonthlyFreeTokens, getTokenInfo, nextClaimDay } from "~/modules/tokens/free-tokens.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/tokens";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.tokens.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [info, packages] = await Promise.all([getTokenInfo(user.id, { balance: getRequestBalance(request, user.id) }), listTokenPackages()]);
  return {
    ...info,
    packages,
    paymentsConfigured: isPaymentsConfigured(),
    returnTo: returnPath(url.searchParams.get("returnTo")),
    // Once this month's claim is used, when the next one opens.
    nextClaimDay: info.canClaimFree ? null : nextClaimDay(new Date()),
  };
}

const TOKENS = "/dashboard/tokens";
/** Claim or buy; a package id that cannot be one is answered with the checkout's failure toast. */
const tokensForm = z.object({
  intent: z.string().optional(),
  returnTo: z.string().nullable().default(null),
  packageId: z.string().min(1).max(64).nullable().catch(null),
});

/** The page a purchase started from (a chat out of tokens): a path on this site, or none. */
function returnPath(value: string | null) {
  return safeRedirectPath(value, "") || undefined;
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    const form = await parseForm(request, tokensForm, PAYMENT_FORM);
    switch (form.intent) {
      case "claim":
        return await claim(user.id, safeRedirectPath(form.returnTo, TOKENS));
      case "buy":
        return await buy(user, form.packageId, returnPath(form.returnTo));
      default:
        return redirect(TOKENS);
    }
  } catch (error) {
    return errorData(error);
  }
}

/** Claims this month's free tokens; a claim offered elsewhere (home) comes back there (`returnTo`). */
async function claim(userId: string, returnTo: string) {
  try {
    const { success } = await claimMonthlyFreeTokens(userId);
    return redirectWithToast(returnTo, success ? "tokens-claimed" : "already-claimed");
  } catch (error) {
    return redirectWithToast(returnTo, failureToast(error, "claim-failed"));
  }
}

/** To Stripe's Checkout for the package, at the server's price; after paying, back to `returnTo` when given. */
async function buy(user: CurrentUser, packageId: string | null, returnTo: string | undefined) {
  if (!isPaymentsConfigured()) return redirectWithToast(TOKENS, "payments-not-configured");
  if (!packageId) return redirectWithToast(TOKENS, "checkout-failed");
  try {
    return redirect(await startTokenCheckout(user, packageId, returnTo), 303);
  } catch (error) {
    return redirectWithToast(TOKENS, failureToast(error, "checkout-failed"));
  }
}

export default function Tokens({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const navigation = useNavigation();
  const claiming = navigation.formData?.get("intent") === "claim";
  const buying = navigation.formData?.get("intent") === "buy" ? String(navigation.formData.get("packageId")) : null;
  const buyingPackage = loaderData.packages.find((item) => item.id === buying);
  const { balance } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">{t("dashboard.tokens.heading")}</h1>
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      <section aria-label={t("dashboard.tokens.balance")} className="grid gap-2 @2xs:grid-cols-3 @lg:gap-4">
        <BalanceCard label={t("dashboard.tokens.free")} testId="balance-free" value={balance.free} />
        <BalanceCard label={t("dashboard.tokens.purchased")} testId="balance-purchased" value={balance.purchased} />
        <BalanceCard label={t("dashboard.tokens.total")} testId="balance-total" value={balance.total} strong />
      </section>

      <section className="card flex flex-col gap-4 p-5 @lg:flex-row @lg:items-center" aria-labelledby="free-heading">
        <Gift className="size-10 shrink-0 text-accent" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="free-heading" className="text-lg font-semibold">
            {t("dashboard.tokens.monthlyHeading")}
          </h2>
          <p className="text-sm text-muted">
            {t("dashboard.tokens.monthlyIntro", { tokens: number(FREE_MONTHLY_TOKENS) })}
            {loaderData.freeTokenClaimedDate ? t("dashboard.tokens.lastClaimed", { date: formatDate(loaderData.freeTokenClaimedDate, lang) }) : null}
            {loaderData.nextClaimDay
              ? t("dashboard.tokens.nextFree", { tokens: number(FREE_MONTHLY_TOKENS), date: formatDayMonth(loaderData.nextClaimDay, lang) })
              : null}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="claim" />
          {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
          <button type="submit" className="btn-primary w-full @lg:w-auto" disabled={!loaderData.canClaimFree || claiming}>
            {loaderData.canClaimFree
              ? claiming
                ? t("dashboard.tokens.claiming")
                : t("dashboard.tokens.claim", { tokens: number(FREE_MONTHLY_TOKENS) })
              : t("dashboard.tokens.alreadyClaimed")}
          </button>
        </Form>
      </section>

      <section id="buy" aria-labelledby="buy-heading" className="flex scroll-mt-20 flex-col gap-4">
        <h2 id="buy-heading" className="flex items-center gap-2 text-lg font-semibold">
          <ShoppingCart className="size-5 text-accent" aria-hidden />
          {t("dashboard.tokens.buyHeading")}
        </h2>
        {!loaderData.paymentsConfigured ? (
          // Nothing to buy here: no package cards with buttons that could not work.
          <p className="card p-4 text-sm text-muted">{t("dashboard.tokens.paymentsNotConfigured")}</p>
        ) : (
          <>
            {loaderData.returnTo ? <p className="text-sm text-muted">{t("dashboard.tokens.pickPackage")}</p> : null}
            {buyingPackage ? (
              <p role="status" className="text-sm text-accent">
                {t("dashboard.tokens.redirecting", { tokens: number(buyingPackage.tokens) })}
              </p>
            ) : null}
            <TokenPackageGrid
              packages={loaderData.packages}
              renderAction={(item) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="buy" />
                  <input type="hidden" name="packageId" value={item.id} />
                  {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
                  {/* Its name starts with what it says (WCAG 2.5.3), then which package it buys. */}
                  <button
                    type="submit"
                    className="btn-primary w-full"
                    disabled={buying !== null}
                    aria-label={t("dashboard.tokens.buyNowLabel", { name: item.name })}
                  >
                    {t("dashboard.tokens.buyNow")}
                  </button>
                </Form>
              )}
            />
          </>
        )}
      </section>

      <section aria-labelledby="history-heading" className="flex flex-col gap-4">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t("dashboard.tokens.recentTransactions")}
        </h2>
        <TransactionTable transactions={loaderData.recentTransactions} />
      </section>
    </div>
  );
}

function BalanceCard({ label, testId, value, strong = false }: { label: string; testId: string; value: number; strong?: boolean }) {
  const { number } = useFormats();
  return (
    <div className={`card flex min-w-0 items-center gap-4 p-3 @lg:p-5 ${strong ? "ring-1 ring-accent" : ""}`}>
      <Coins className="hidden size-8 shrink-0 text-accent @2xl:block" aria-hidden />
      <div className="min-w-0 wrap-break-word">
        <p className="text-xs text-muted @lg:text-sm">{label}</p>
        <p className="text-xl font-semibold @lg:text-2xl" data-testid={testId}>
          {number(value)}
        </p>
      </div>
    </div>
  );
}
