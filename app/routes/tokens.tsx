import { Gift } from "lucide-react";
import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { useAuthModal } from "~/components/auth-modal";
import { TokenPackageGrid } from "~/components/token-package-grid";
import { FREE_MONTHLY_TOKENS, formatTokens } from "~/lib/tokens";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listTokenPackages } from "~/modules/payments/checkout.server";
import type { Route } from "./+types/tokens";

export function meta() {
  return [{ title: "Free Tokens · CharacterVerse" }];
}

/** Free Tokens for signed-out visitors; a signed-in person has the real page in the dashboard. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/dashboard/tokens");
  return { packages: await listTokenPackages() };
}

export default function FreeTokens({ loaderData }: Route.ComponentProps) {
  const openAuthModal = useAuthModal();
  const navigate = useNavigate();
  // Spec: a signed-out visitor gets the sign-up modal; closing it goes to /.
  useEffect(() => {
    openAuthModal({ mode: "signup", redirectTo: "/dashboard/tokens", onDismiss: () => navigate("/") });
  }, [openAuthModal, navigate]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <section className="card flex flex-col items-center gap-3 p-8 text-center">
        <Gift className="size-12 text-accent" aria-hidden />
        <h1 className="text-3xl font-bold">Free Tokens</h1>
        <p className="max-w-xl text-muted">
          Every account gets {formatTokens(FREE_MONTHLY_TOKENS)} free tokens each month to chat with characters and create images. Create a free account, then
          claim them from your dashboard.
        </p>
        <Link to="/signup?redirectTo=/dashboard/tokens" className="btn-primary">
          Create Free Account
        </Link>
      </section>
      <section aria-labelledby="packages-heading" className="flex flex-col gap-4">
        <h2 id="packages-heading" className="text-xl font-semibold">
          Need more? Token packages
        </h2>
        <TokenPackageGrid
          packages={loaderData.packages}
          renderAction={(item) => (
            <Link to="/login?redirectTo=/dashboard/tokens" className="btn-secondary w-full" aria-label={`Sign in to buy ${item.name}`}>
              Sign in to buy
            </Link>
          )}
        />
      </section>
    </div>
  );
}
