import { NavLink } from "react-router";
import { useT } from "~/lib/i18n/react";
import { SpriteIcon } from "../ui/sprite-icon";
import { mobileNav } from "./navigation";
import { useSignInFirst } from "./sidebar";

export function MobileBottomBar({ signedIn }: { signedIn: boolean }) {
  const signInFirst = useSignInFirst(signedIn);
  const t = useT();
  return (
    <nav
      aria-label={t("common.shell.quickNavigation")}
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {mobileNav.map(({ to, label, icon, signIn }) => (
        <NavLink
          key={to}
          to={to}
          onClick={signIn ? (event) => signInFirst(event, to) : undefined}
          className={({ isActive }) => `flex flex-col items-center gap-1 py-2 text-[11px] font-medium ${isActive ? "text-accent" : "text-muted"}`}
        >
          <SpriteIcon name={icon} className="size-5" />
          {t(label)}
        </NavLink>
      ))}
    </nav>
  );
}
