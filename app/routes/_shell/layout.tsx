import { useT } from "~/lib/i18n/react";
import { useCallback, useRef, useState } from "react";
import { Outlet } from "react-router";
import { Footer } from "~/components/shell/footer";
import { useShellFrame } from "~/components/shell/frame";
import { Header } from "~/components/shell/header";
import { MobileBottomBar } from "~/components/shell/mobile-bottom-bar";
import { Sidebar } from "~/components/shell/sidebar";
import { usePhoneDrawer } from "~/components/shell/use-phone-drawer";
import { AuthModalProvider } from "~/components/auth-modal";
import { Toaster } from "~/components/toaster";
import { IconSprite } from "~/components/ui/sprite-icon";
import { isGoogleConfigured } from "~/modules/auth/google.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { readShellCatalogue } from "~/modules/catalogue/shell.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [{ categories, authPictures }, signedIn] = await Promise.all([
    // The header's categories and the sign-in modal's pictures: one read that every page shares.
    readShellCatalogue(),
    // The balance follows the person's lookup at once instead of waiting for the other reads.
    getCurrentUser(request).then(async (user) => user && { user, balance: await getRequestBalance(request, user.id) }),
  ]);
  // Only what the header shows: never the session id or anything else server-side.
  const profile = signedIn && {
    name: signedIn.user.name,
    email: signedIn.user.email,
    avatarUrl: signedIn.user.avatarUrl,
    isAdmin: signedIn.user.role === "admin",
    tokens: signedIn.balance.total,
  };
  // The sign-in modal shows one of the newest published characters, picked in the browser.
  return { categories, profile, authPictures, googleSignIn: isGoogleConfigured() };
}

export default function ShellLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(false);
  const t = useT();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = usePhoneDrawer(menuButton);
  const { phone, setOpen: setMobileOpen } = drawer;
  const frame = useShellFrame();
  const fullScreenOnPhone = frame === "conversation";
  const toggleSidebar = useCallback(() => {
    if (phone) setMobileOpen((value) => !value);
    else setCollapsed((value) => !value);
  }, [phone, setMobileOpen]);

  return (
    <AuthModalProvider pictures={loaderData.authPictures} googleSignIn={loaderData.googleSignIn}>
      <IconSprite />
      <a
        href="#main"
        className="sr-only z-[60] rounded-xl bg-accent-strong font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        {t("common.shell.skipToContent")}
      </a>
      <Header
        categories={loaderData.categories}
        profile={loaderData.profile}
        onToggleSidebar={toggleSidebar}
        // Unsaid until the browser knows whether it is the phone drawer (closed) or the rail (open).
        sidebarExpanded={drawer.widthKnown ? (phone ? drawer.open : !collapsed) : undefined}
        menuButtonRef={menuButton}
        hiddenOnPhone={fullScreenOnPhone}
      />
      <div className="flex">
        <Sidebar
          signedIn={loaderData.profile !== null}
          collapsed={collapsed}
          phone={phone}
          mobileOpen={drawer.open}
          onNavigate={drawer.close}
          onCloseMobile={drawer.close}
        />
        {/* Room below for the phone's bottom bar, which a full-screen page does not have. */}
        <div className={`flex min-w-0 flex-1 flex-col md:pb-0 ${fullScreenOnPhone ? "" : "pb-16"}`}>
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          {frame ? null : <Footer />}
        </div>
      </div>
      {fullScreenOnPhone ? null : <MobileBottomBar signedIn={loaderData.profile !== null} />}
      <Toaster />
    </AuthModalProvider>
  );
}
