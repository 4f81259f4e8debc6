import { useT } from "~/lib/i18n/react";
import type { RefObject } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { CategorySummary } from "~/lib/catalogue";
import type { HeaderProfile } from "~/lib/profile";
import { exploreHref } from "~/lib/explore-params";
import { SHOW_CREATE_ACCOUNT_EVENT, useAuthModal } from "../auth-modal";
import { CategoryIcon } from "../category-icon";
import { SpriteIcon } from "../ui/sprite-icon";
import { Logo } from "./logo";
import { ProfileMenu } from "./profile-menu";
import { TokenBalanceLink } from "./token-balance-link";

export function Header({
  categories,
  profile,
  onToggleSidebar,
  sidebarExpanded,
  menuButtonRef,
  hiddenOnPhone = false,
}: {
  categories: CategorySummary[];
  profile: HeaderProfile | null;
  onToggleSidebar: () => void;
  /** The phone drawer is open, or the desktop rail shows its labels. */
  sidebarExpanded: boolean | undefined;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** A full-screen page on phones (a conversation) has its own header there. */
  hiddenOnPhone?: boolean;
}) {
  const { pathname } = useLocation();
  const t = useT();
  const openAuthModal = useAuthModal();
  const [searchParams] = useSearchParams();
  const activeCategory = searchParams.get("category");
  // On the catalogue, a category narrows the current search; elsewhere it narrows the home page.
  const onExplore = pathname === "/explore";
  const categoryHref = (id: number) => exploreHref(onExplore ? "/explore" : "/", { q: onExplore ? (searchParams.get("q") ?? "") : "", category: id });

  return (
    <header
      className={`sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-surface/90 px-3 backdrop-blur md:px-4 ${hiddenOnPhone ? "max-md:hidden" : ""}`}
    >
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onToggleSidebar}
        className="rounded-xl p-2 text-muted hover:bg-raised hover:text-ink"
        aria-label={t("common.shell.toggleSidebar")}
        aria-controls="app-sidebar"
        aria-expanded={sidebarExpanded}
      >
        <SpriteIcon name="menu" className="size-5" />
      </button>
      <Logo />
      <nav aria-label={t("common.shell.categories")} className="ml-4 hidden items-center gap-1 md:flex">
        {categories.map((category) => {
          const active = activeCategory === String(category.id);
          return (
            <Link
              key={category.id}
              to={categoryHref(category.id)}
              aria-current={active ? "page" : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition ${
                active ? "bg-accent-soft text-accent ring-1 ring-accent" : "text-muted hover:bg-raised hover:text-ink"
              }`}
            >
              <CategoryIcon name={category.name} className="size-4" />
              {category.name}
            </Link>
          );
        })}
      </nav>
      <div className="ml-auto flex items-center gap-2">
        {profile ? (
          <>
            <TokenBalanceLink tokens={profile.tokens} testId="header-tokens" className="max-sm:px-2.5 max-sm:text-xs" />
            <ProfileMenu profile={profile} />
          </>
        ) : (
          <>
            {/* Links for browsers without JavaScript; with it, the spec's modals. */}
            <Link
              to="/signup"
              className="btn-primary px-3 text-xs sm:text-sm"
              onClick={(event) => {
                event.preventDefault();
                window.dispatchEvent(new Event(SHOW_CREATE_ACCOUNT_EVENT));
              }}
            >
              {t("common.shell.createAccount")}
            </Link>
            <Link
              to="/login"
              className="btn-secondary px-3 text-xs sm:text-sm"
              onClick={(event) => {
                event.preventDefault();
                openAuthModal({ mode: "signin" });
              }}
            >
              {t("common.shell.login")}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
