import { Coins, CreditCard, Images, LayoutDashboard, LifeBuoy, Receipt, Settings, BarChart3 } from "lucide-react";
import { SectionLayout, type SectionNavItem } from "~/components/section-nav";
import { requireUser } from "~/modules/auth/login-session.server";
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
  await requireUser(request, url);
  return null;
}

export default function DashboardLayout() {
  return <SectionLayout label="Dashboard navigation" items={items} />;
}
