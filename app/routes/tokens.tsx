import { Gift } from "lucide-react";
import { Link, redirect } from "react-router";
import { TokenPackageGrid } from "~/components/token-package-grid";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useFormats, useT } from "~/lib/i18n/react";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listTokenPackages } from "~/modules/payments/checkout.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/tokens";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "tokens.free.meta.title");

/**
 * Free Tokens for signed-out visitors; a signed-in person has the real page in the dashboard.
 * The page shows itself with a sign-up call (issue 31 replaced the spec's sign-up modal on load),
 * and the packages only to read, and only where the server takes payments.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/dashboard/tokens");
  const paymentsConfigured = isPaymentsConfigured();
  return { paymentsConfigured, packages: paymentsConfigured ? await listTokenPackages() : [] };
}

export default function FreeTokens({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { number } = useFormats();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <section className="card flex flex-col items-center gap-3 p-8 text-center">
        <Gift className="size-12 text-accent" aria-hidden />
        <h1 className="text-3xl font-bold">{t("tokens.free.title")}</h1>
        <p className="max-w-xl text-muted">{t("tokens.free.intro", { count: number(FREE_MONTHLY_TOKENS) })}</p>
        <Link to="/signup?redirectTo=/dashboard/tokens" className="btn-primary">
          {t("tokens.free.createAccount")}
        </Link>
        <p className="text-sm text-muted">
          <Rich
            id="tokens.free.haveAccount"
            tags={{
              link: (text) => (
                <Link to="/login?redirectTo=/dashboard/tokens" className="font-medium text-accent underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </section>
      <section aria-labelledby="packages-heading" className="flex flex-col gap-4">
        <h2 id="packages-heading" className="text-xl font-semibold">
          {t("tokens.free.packagesHeading")}
        </h2>
        {loaderData.paymentsConfigured ? (
          <>
            <p className="text-sm text-muted">{t("tokens.free.packagesNote")}</p>
            <TokenPackageGrid packages={loaderData.packages} />
          </>
        ) : (
          <p className="card p-4 text-sm text-muted">{t("tokens.paymentsNotConfigured")}</p>
        )}
      </section>
    </div>
  );
}
