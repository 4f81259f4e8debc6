import { useState } from "react";
import { PanelLeftClose, PanelLeftOpen, type LucideIcon } from "lucide-react";
import { NavLink, Outlet } from "react-router";

/** `count`: a number shown beside the item (unread replies, say), hidden at 0. */
export type SectionNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean; count?: number; countLabel?: string };

/**
 * The dashboard's and the admin console's own sidebar. Collapsed to icons by default under
 * 768 px and expanded above (spec; CSS decides until the person toggles it). Between 768 and
 * 1024 px the main sidebar is open too, which leaves the page little room: the pages lay out by
 * their own width (see SectionLayout).
 */
export function SectionNav({ label, items }: { label: string; items: SectionNavItem[] }) {
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const width = expanded === null ? "w-14 md:w-56" : expanded ? "w-56" : "w-14";
  const showLabels = expanded === null ? "sr-only md:not-sr-only" : expanded ? "" : "sr-only";
  // Where labels are hidden, a count shows as a dot on the icon (and is read out with the label).
  const showDot = expanded === null ? "md:hidden" : expanded ? "hidden" : "";
  return (
    <nav aria-label={label} className={`shrink-0 border-r border-line bg-surface/60 px-2 py-4 transition-[width] ${width}`}>
      <button
        type="button"
        onClick={() => setExpanded((current) => !(current ?? window.matchMedia("(min-width: 768px)").matches))}
        className="mb-3 flex w-full items-center justify-center rounded-xl p-2 text-muted hover:bg-raised hover:text-ink"
        aria-label={`Toggle ${label.toLowerCase()}`}
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
                `flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium ${isActive ? "bg-accent-soft text-accent" : "text-muted hover:bg-raised hover:text-ink"}`
              }
            >
              <span className="relative shrink-0">
                <Icon className="size-5" aria-hidden />
                {count ? <span className={`absolute -top-1 -right-1 size-2 rounded-full bg-pink ${showDot}`} aria-hidden /> : null}
              </span>
              <span className={`truncate ${showLabels}`}>{itemLabel}</span>
              {count ? (
                <span className={`ml-auto rounded-full bg-accent-strong px-1.5 text-xs font-semibold text-white ${showLabels}`}>
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
