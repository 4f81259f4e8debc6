import { Coins, CreditCard, Images, LayoutDashboard, LifeBuoy, Receipt, Settings, BarChart3 } from "lucide-react";
import { SectionLayout, type SectionNavItem } from "~/components/section-nav";
import { requireUser } from "~/modules/auth/login-session.server";
import { unreadTicketCount } from "~/modules/support/tickets.server";
import type { Route } from "./+types/layout";

const items: SectionNavItem[] = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/settings", label: "Settings", icon: Settings },
  { to: "/dashboard/subscription", label: "Subscription", icon: CreditCard },
  { to: "/dashboard/billing", label: "Billing", icon: Receipt },
  { to: "/dashboard/usage", label: "Usage", icon: BarChart3 },
  { to: "/dashboard/tokens", label: "Tokens", icon: Coins },
  { to: "/dashboard/media", label: "My Media", icon: Images },
  { to: "/dashboard/tickets", label: "Tickets", icon: LifeBuoy },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // The ticket being opened is read by the time the page shows (its loader runs beside this one).
  const opening = url.pathname === "/dashboard/tickets" ? url.searchParams.get("id") : null;
  return { unreadTickets: await unreadTicketCount(user.id, opening) };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { unreadTickets } = loaderData;
  const withCounts = items.map((item) =>
    item.to === "/dashboard/tickets"
      ? { ...item, count: unreadTickets, countLabel: unreadTickets === 1 ? "ticket with a new reply" : "tickets with new replies" }
      : item,
  );
  return <SectionLayout label="Dashboard navigation" items={withCounts} />;
}
