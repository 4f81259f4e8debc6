import { Boxes, Cpu, Hammer, Image, LayoutDashboard, LifeBuoy, ListChecks, Coins, ScrollText, Users, Wallet } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { SectionLayout, type SectionNavItem } from "~/components/section-nav";
import type { TextId } from "~/lib/i18n/ids";
import { useT } from "~/lib/i18n/react";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { countWaitingSubmissions } from "~/modules/catalogue/submissions.server";
import type { Route } from "./+types/layout";

const items: (Omit<SectionNavItem, "label"> & { label: TextId })[] = [
  { to: "/admin", label: "admin.nav.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/plans", label: "admin.nav.plans", icon: Wallet },
  { to: "/admin/users", label: "admin.nav.users", icon: Users },
  { to: "/admin/characters", label: "admin.nav.characters", icon: Boxes },
  { to: "/admin/character-details", label: "admin.nav.characterDetails", icon: ListChecks },
  { to: "/admin/build", label: "admin.nav.build", icon: Hammer },
  { to: "/admin/models", label: "admin.nav.models", icon: Cpu },
  { to: "/admin/tokens", label: "admin.nav.tokens", icon: Coins },
  { to: "/admin/banners", label: "admin.nav.banners", icon: Image },
  { to: "/admin/tickets", label: "admin.nav.tickets", icon: LifeBuoy },
  { to: "/admin/audit", label: "admin.nav.audit", icon: ScrollText },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { waitingForReview: await countWaitingSubmissions() };
}

/** The menu's count follows the admin around the console, not only after their own changes. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const withCounts: SectionNavItem[] = items.map((item) => ({
    ...item,
    label: t(item.label),
    ...(item.to === "/admin/characters" ? { count: loaderData.waitingForReview, countLabel: t("admin.nav.waitingForReview") } : {}),
  }));
  return <SectionLayout label={t("admin.nav.label")} items={withCounts} />;
}
