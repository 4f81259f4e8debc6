import { useT } from "~/lib/i18n/react";
import { useEffect, useRef } from "react";
import { ChevronDown, CreditCard, LayoutDashboard, LogOut, Settings, Shield } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { thumbnailUrl } from "~/lib/catalogue";
import { displayName, type HeaderProfile } from "~/lib/profile";

/**
 * The signed-in header menu. A native <details>, so it opens without JavaScript; with it, the menu
 * closes on navigation and on a click elsewhere.
 */
export function ProfileMenu({ profile }: { profile: HeaderProfile }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [location]);
  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) menu.current.removeAttribute("open");
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);
  const name = displayName(profile);
  const t = useT();
  const item = "flex items-center gap-3 rounded-xl px-3 py-2 text-sm text-muted hover:bg-raised hover:text-ink";

  return (
    <details ref={menu} className="relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-line bg-raised py-1 pr-3 pl-1 text-sm [&::-webkit-details-marker]:hidden"
        // The name it shows is part of its name (WCAG 2.5.3); tests and screen readers find it by "Profile menu".
        aria-label={t("common.profileMenu.label", { name })}
      >
        <img src={thumbnailUrl(profile.avatarUrl, 150) ?? "/default-avatar.svg"} alt="" className="size-7 rounded-full object-cover" width={28} height={28} />
        {/* Below large screens the avatar alone: the balance and the category links need the room. */}
        <span className="max-w-32 truncate max-lg:sr-only">{name}</span>
        <ChevronDown className="size-4 text-muted" aria-hidden />
      </summary>
      <div role="menu" className="absolute right-0 mt-2 w-56 rounded-2xl border border-line bg-surface p-2 shadow-2xl">
        <p className="truncate px-3 py-2 text-xs text-faint" title={profile.email}>
          {profile.email}
        </p>
        <Link role="menuitem" to="/dashboard" className={item}>
          <LayoutDashboard className="size-4" aria-hidden /> {t("common.profileMenu.dashboard")}
        </Link>
        <Link role="menuitem" to="/dashboard/subscription" className={item}>
          <CreditCard className="size-4" aria-hidden /> {t("common.profileMenu.subscription")}
        </Link>
        <Link role="menuitem" to="/dashboard/settings" className={item}>
          <Settings className="size-4" aria-hidden /> {t("common.profileMenu.settings")}
        </Link>
        {profile.isAdmin ? (
          <Link role="menuitem" to="/admin" className={item}>
            <Shield className="size-4" aria-hidden /> {t("common.profileMenu.admin")}
          </Link>
        ) : null}
        <Form method="post" action="/logout">
          <button role="menuitem" type="submit" className={`${item} w-full`}>
            <LogOut className="size-4" aria-hidden /> {t("common.profileMenu.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
