import { Boxes, Cpu, Hammer, Image, LayoutDashboard, LifeBuoy, ListChecks, Coins, ScrollText, Users, Wallet } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { SectionLayout, type SectionNavItem } from "~/components/section-nav";
import { WAITING_FOR_REVIEW } from "~/lib/review-queue";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { countWaitingSubmissions } from "~/modules/catalogue/submissions.server";
import type { Route } from "./+types/layout";

const items: SectionNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/plans", label: "Plans", icon: Wallet },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/characters", label: "Characters", icon: Boxes },
  { to: "/admin/character-details", label: "Character Details", icon: ListChecks },
  { to: "/admin/build", label: "Build", icon: Hammer },
  { to: "/admin/models", label: "Chat Models", icon: Cpu },
  { to: "/admin/tokens", label: "Tokens", icon: Coins },
  { to: "/admin/banners", label: "Banners", icon: Image },
  { to: "/admin/tickets", label: "Tickets", icon: LifeBuoy },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
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
  const withCounts = items.map((item) =>
    item.to === "/admin/characters" ? { ...item, count: loaderData.waitingForReview, countLabel: WAITING_FOR_REVIEW } : item,
  );
  return <SectionLayout label="Admin navigation" items={withCounts} />;
}
