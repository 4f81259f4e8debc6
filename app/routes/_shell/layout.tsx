import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { MobileBottomBar } from "~/components/shell/mobile-bottom-bar";
import { Sidebar } from "~/components/shell/sidebar";
import { SignInPromptProvider } from "~/components/sign-in-prompt";
import { Toaster } from "~/components/toaster";
import { IconSprite } from "~/components/ui/sprite-icon";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listCategories } from "~/modules/catalogue/categories.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [categories, user] = await Promise.all([listCategories(), getCurrentUser(request)]);
  // Only what the header shows: never the session id or anything else server-side.
  const profile = user ? { name: user.name, email: user.email, avatarUrl: user.avatarUrl, isAdmin: user.role === "admin" } : null;
  return { categories, profile };
}

export default function ShellLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleSidebar = useCallback(() => {
    if (window.matchMedia("(min-width: 768px)").matches) setCollapsed((value) => !value);
    else setMobileOpen((value) => !value);
  }, []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  return (
    <SignInPromptProvider>
      <IconSprite />
      <Header categories={loaderData.categories} profile={loaderData.profile} onToggleSidebar={toggleSidebar} />
      <div className="flex">
        <Sidebar collapsed={collapsed} mobileOpen={mobileOpen} onNavigate={closeMobile} onCloseMobile={closeMobile} />
        <div className="flex min-w-0 flex-1 flex-col pb-16 md:pb-0">
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <MobileBottomBar />
      <Toaster />
    </SignInPromptProvider>
  );
}
