import { Hourglass } from "lucide-react";
import { useLocation } from "react-router";
import { requireAdmin } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/coming-soon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** Admin pages built by the admin-console release. */
export default function AdminComingSoon() {
  const section = useLocation().pathname.split("/").pop()?.replace("-", " ") ?? "";
  return (
    <div className="flex max-w-lg flex-col gap-3">
      <Hourglass className="size-10 text-accent" aria-hidden />
      <h1 className="text-2xl font-bold capitalize">{section}</h1>
      <p className="text-muted">This admin page is coming soon.</p>
    </div>
  );
}
