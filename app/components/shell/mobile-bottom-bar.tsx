import { NavLink } from "react-router";
import { mobileNav } from "./navigation";
import { useSignInFirst } from "./sidebar";

export function MobileBottomBar({ signedIn }: { signedIn: boolean }) {
  const signInFirst = useSignInFirst(signedIn);
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {mobileNav.map(({ to, label, icon: Icon, signIn }) => (
        <NavLink
          key={to}
          to={to}
          onClick={signIn ? (event) => signInFirst(event, to) : undefined}
          className={({ isActive }) => `flex flex-col items-center gap-1 py-2 text-[11px] font-medium ${isActive ? "text-accent" : "text-muted"}`}
        >
          <Icon className="size-5" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
