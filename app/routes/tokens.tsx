import { Gift } from "lucide-react";
import { Link, redirect } from "react-router";
import { TokenPackageGrid } from "~/components/token-package-grid";
import { FREE_MONTHLY_TOKENS, formatTokens, tokenTexts } from "~/lib/tokens";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listTokenPackages } from "~/modules/payments/checkout.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/tokens";

export function meta() {
  return [{ title: "Free Tokens · CharacterVerse" }];
}

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
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <section className="card flex flex-col items-center gap-3 p-8 text-center">
        <Gift className="size-12 text-accent" aria-hidden />
        <h1 className="text-3xl font-bold">Free Tokens</h1>
        <p className="max-w-xl text-muted">
          Every account gets {formatTokens(FREE_MONTHLY_TOKENS)} free tokens each month to chat with characters and create images. Create a free account: the
          first {formatTokens(FREE_MONTHLY_TOKENS)} come as soon as you confirm your e-mail.
        </p>
        <Link to="/signup?redirectTo=/dashboard/tokens" className="btn-primary">
          Create Free Account
        </Link>
        <p className="text-sm text-muted">
          Already have an account?{" "}
          <Link to="/login?redirectTo=/dashboard/tokens" className="font-medium text-accent underline">
            Sign in
          </Link>
        </p>
      </section>
      <section aria-labelledby="packages-heading" className="flex flex-col gap-4">
        <h2 id="packages-heading" className="text-xl font-semibold">
          Need more? Token packages
        </h2>
        {loaderData.paymentsConfigured ? (
          <>
            <p className="text-sm text-muted">With an account you can buy any of these packages from your dashboard.</p>
            <TokenPackageGrid packages={loaderData.packages} />
          </>
        ) : (
          <p className="card p-4 text-sm text-muted">{tokenTexts.paymentsNotConfigured}</p>
        )}
      </section>
    </div>
  );
}
