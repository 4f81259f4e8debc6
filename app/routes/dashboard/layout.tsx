import { Coins, CreditCard, Images, LayoutDashboard, LifeBuoy, Receipt, Settings, BarChart3, UserRound } from "lucide-react";
import { SectionLayout, type SectionNavItem } from "~/components/section-nav";
import type { TextId } from "~/lib/i18n/ids";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { unreadTicketCount } from "~/modules/support/tickets.server";
import type { Route } from "./+types/layout";

const items: (Omit<SectionNavItem, "label"> & { label: TextId })[] = [
  { to: "/dashboard", label: "dashboard.nav.overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/settings", label: "dashboard.nav.settings", icon: Settings },
  { to: "/dashboard/personas", label: "personas.nav", icon: UserRound },
  { to: "/dashboard/subscription", label: "dashboard.nav.subscription", icon: CreditCard },
  { to: "/dashboard/billing", label: "dashboard.nav.billing", icon: Receipt },
  { to: "/dashboard/usage", label: "dashboard.nav.usage", icon: BarChart3 },
  { to: "/dashboard/tokens", label: "dashboard.nav.tokens", icon: Coins },
  { to: "/dashboard/media", label: "dashboard.nav.media", icon: Images },
  { to: "/dashboard/tickets", label: "dashboard.nav.tickets", icon: LifeBuoy },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // The ticket being opened is read by the time the page shows (its loader runs beside this one).
  const opening = url.pathname === "/dashboard/tickets" ? url.searchParams.get("id") : null;
  return { unreadTickets: await unreadTicketCount(user.id, opening) };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { unreadTickets } = loaderData;
  const withCounts = items.map((item) => {
    const translated = { ...item, label: t(item.label) };
    return item.to === "/dashboard/tickets"
      ? { ...translated, count: unreadTickets, countLabel: t("dashboard.nav.unreadTickets", { count: unreadTickets }) }
      : translated;
  });
  return <SectionLayout label={t("dashboard.nav.label")} items={withCounts} />;
}
