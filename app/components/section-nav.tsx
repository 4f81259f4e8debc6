import { useState } from "react";
import { PanelLeftClose, PanelLeftOpen, type LucideIcon } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { useT } from "~/lib/i18n/react";

/** `count`: a number shown beside the item (unread replies, say), hidden at 0. */
export type SectionNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean; count?: number; countLabel?: string };

/**
 * How the sidebar looks: `stacked` puts each item's label under its icon in a narrow rail (the
 * phone's default, so the menu is never icons alone), `beside` is the wide sidebar. `auto` lets
 * CSS choose by the viewport until the person toggles it (the server cannot know the width).
 */
const looks = {
  auto: {
    nav: "w-20 px-1 md:w-56 md:px-2",
    link: "flex-col gap-1 px-0.5 py-2 text-center text-[11px] leading-tight hyphens-auto md:flex-row md:gap-3 md:px-3 md:text-left md:text-sm md:leading-normal",
    label: "md:truncate",
    inRail: "md:hidden",
    besideLabel: "sr-only md:not-sr-only",
  },
  stacked: {
    nav: "w-20 px-1",
    link: "flex-col gap-1 px-0.5 py-2 text-center text-[11px] leading-tight hyphens-auto",
    label: "",
    inRail: "",
    besideLabel: "sr-only",
  },
  beside: { nav: "w-56 px-2", link: "gap-3 px-3 py-2 text-sm", label: "truncate", inRail: "hidden", besideLabel: "" },
} as const;

/**
 * The dashboard's and the admin console's own sidebar. A rail of icons over short labels by
 * default under 768 px and the wide sidebar above (spec: collapsible, collapsed by default under
 * 768 px); the toggle switches between them. Between 768 and 1024 px the main sidebar is open too,
 * which leaves the page little room: the pages lay out by their own width (see SectionLayout).
 */
export function SectionNav({ label, items }: { label: string; items: SectionNavItem[] }) {
  const t = useT();
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const look = looks[expanded === null ? "auto" : expanded ? "beside" : "stacked"];
  return (
    <nav aria-label={label} className={`shrink-0 border-r border-line bg-surface/60 py-4 transition-[width] ${look.nav}`}>
      <button
        type="button"
        onClick={() => setExpanded((current) => !(current ?? window.matchMedia("(min-width: 768px)").matches))}
        className="mb-3 flex w-full items-center justify-center rounded-xl p-2 text-muted hover:bg-raised hover:text-ink"
        aria-label={t("dashboard.nav.toggle", { section: label.toLowerCase() })}
      >
        <PanelLeftClose className={`size-5 ${expanded === null ? "hidden md:block" : expanded ? "" : "hidden"}`} aria-hidden />
        <PanelLeftOpen className={`size-5 ${expanded === null ? "md:hidden" : expanded ? "hidden" : ""}`} aria-hidden />
      </button>
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label: itemLabel, icon: Icon, end, count, countLabel }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              title={itemLabel}
              className={({ isActive }) =>
                `flex items-center rounded-xl font-medium ${look.link} ${isActive ? "bg-accent-soft text-accent" : "text-muted hover:bg-raised hover:text-ink"}`
              }
            >
              <span className="relative shrink-0">
                <Icon className="size-5" aria-hidden />
                {/* In the rail the count sits on the icon; it is read out once, with the label, from the badge below. */}
                {count ? (
                  <span
                    className={`absolute -top-1.5 left-3 min-w-4 rounded-full bg-accent-strong px-1 text-center text-[10px] leading-4 font-semibold text-white ${look.inRail}`}
                    aria-hidden
                  >
                    {count}
                  </span>
                ) : null}
              </span>
              <span className={`max-w-full wrap-break-word ${look.label}`}>{itemLabel}</span>
              {count ? (
                <span className={`ml-auto rounded-full bg-accent-strong px-1.5 text-xs font-semibold text-white ${look.besideLabel}`}>
                  {count}
                  <span className="sr-only"> {countLabel}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The dashboard's and the admin console's page frame: their sidebar beside the current page.
 * The page is a size container because its width depends on two collapsible sidebars, not only
 * on the viewport, so pages lay themselves out with container queries (`@lg:`) rather than `lg:`.
 */
export function SectionLayout({ label, items }: { label: string; items: SectionNavItem[] }) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)]">
      <SectionNav label={label} items={items} />
      <div className="@container min-w-0 flex-1 px-4 py-6 md:px-8">
        <Outlet />
      </div>
    </div>
  );
}
