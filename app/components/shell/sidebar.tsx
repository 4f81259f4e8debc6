import type { MouseEvent } from "react";
import { NavLink, useNavigate } from "react-router";
import { lastChatOf } from "~/lib/chat";
import { LANGUAGE_NAMES } from "~/lib/i18n/languages";
import { useLang, useT } from "~/lib/i18n/react";
import { useAuthModal } from "../auth-modal";
import { SpriteIcon } from "../ui/sprite-icon";
import { useProfile } from "./use-profile";
import { legalNav, primaryNav, secondaryNav, type NavItem } from "./navigation";

/**
 * Desktop: a rail that collapses to icons. Under 768 px: a drawer over a dimmed overlay (which
 * also covers the bottom bar) that closes on an outside click and after choosing an item. The
 * closed drawer is invisible, so its links leave the Tab order even before hydration; once the
 * browser has told us it is a phone, it is inert as well.
 */
export function Sidebar({
  signedIn,
  collapsed,
  phone,
  mobileOpen,
  onNavigate,
  onCloseMobile,
}: {
  signedIn: boolean;
  collapsed: boolean;
  phone: boolean;
  mobileOpen: boolean;
  onNavigate: () => void;
  onCloseMobile: () => void;
}) {
  const t = useT();
  return (
    <>
      <div
        aria-hidden
        onClick={onCloseMobile}
        className={`fixed inset-0 z-40 bg-black/60 transition-opacity md:hidden ${mobileOpen ? "opacity-100" : "pointer-events-none opacity-0"}`}
        data-testid="sidebar-overlay"
      />
      <aside
        id="app-sidebar"
        aria-label={t("common.shell.mainNavigation")}
        data-open={mobileOpen}
        inert={phone && !mobileOpen}
        className={`fixed top-16 bottom-0 left-0 z-40 flex w-64 flex-col overflow-y-auto border-r border-line bg-surface px-3 py-4 transition-[translate,visibility] md:sticky md:top-16 md:z-20 md:h-[calc(100dvh-4rem)] md:translate-x-0 md:transition-[width] ${
          mobileOpen ? "translate-x-0" : "-translate-x-full max-md:invisible"
        } ${collapsed ? "md:w-[4.5rem]" : "md:w-60"}`}
      >
        <NavGroup items={primaryNav} signedIn={signedIn} collapsed={collapsed} phone={phone} onNavigate={onNavigate} />
        <hr className="my-3 border-line" />
        <NavGroup items={secondaryNav} signedIn={signedIn} collapsed={collapsed} phone={phone} onNavigate={onNavigate} />
        <div className={`mt-auto flex flex-col px-3 pt-4 text-xs text-faint ${collapsed ? "md:hidden" : ""}`}>
          {legalNav.map((item) => (
            <NavLink key={item.to} to={item.to} onClick={onNavigate} className="flex min-h-6 items-center hover:text-ink">
              {t(item.label)}
            </NavLink>
          ))}
        </div>
      </aside>
    </>
  );
}

function NavGroup({
  items,
  signedIn,
  collapsed,
  phone,
  onNavigate,
}: {
  items: NavItem[];
  signedIn: boolean;
  collapsed: boolean;
  phone: boolean;
  onNavigate: () => void;
}) {
  const signInFirst = useSignInFirst(signedIn);
  const navigate = useNavigate();
  const t = useT();
  const lang = useLang();
  const person = useProfile()?.email;
  // Spec: Chat goes to the last remembered session (this person's own), else /chat. On a phone it
  // goes to the list of chats: a conversation there fills the screen.
  const openLastChat = (event: MouseEvent) => {
    const last = signedIn && person && !phone ? lastChatOf(person) : null;
    if (!last || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(`/chat/${last}`);
  };
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, label: id, icon, signIn }) => {
        const label = to === "/language" ? LANGUAGE_NAMES[lang] : t(id);
        return (
          <li key={to}>
            <NavLink
              to={to}
              onClick={(event) => {
                onNavigate();
                if (signIn) signInFirst(event, to);
                if (to === "/chat") openLastChat(event);
              }}
              title={collapsed ? label : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition ${
                  isActive ? "bg-accent-soft text-accent" : "text-muted hover:bg-raised hover:text-ink"
                }`
              }
            >
              <SpriteIcon name={icon} className="size-5 shrink-0" />
              <span className={collapsed ? "md:sr-only" : ""}>{label}</span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * For links to pages that need an account: a signed-out visitor gets the sign-in modal, and
 * after signing in lands on that page. Without JavaScript the link is followed and the server
 * redirects to /login, which comes back the same way.
 */
export function useSignInFirst(signedIn: boolean) {
  const openAuthModal = useAuthModal();
  return (event: MouseEvent, to: string) => {
    if (signedIn || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openAuthModal({ mode: "signin", redirectTo: to });
  };
}
