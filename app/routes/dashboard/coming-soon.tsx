import { Hourglass } from "lucide-react";
import { useLocation } from "react-router";
import { requireUser } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/coming-soon";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireUser(request, url);
  return null;
}

/** Dashboard pages built by the tokens, payments and support releases. */
export default function DashboardComingSoon() {
  const section = useLocation().pathname.split("/").pop() ?? "";
  return (
    <div className="flex max-w-lg flex-col gap-3">
      <Hourglass className="size-10 text-accent" aria-hidden />
      <h1 className="text-2xl font-bold capitalize">{section}</h1>
      <p className="text-muted">This part of your dashboard is coming soon.</p>
    </div>
  );
}
