import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Screens a later slice builds; each shows a short "coming soon" page until then. */
const comingSoon = ["chat", "favorites", "generate", "create", "collection", "tokens"];

/** Dashboard pages that later slices build; the dashboard shell and its guard already apply. */
const dashboardComingSoon = ["subscription", "billing", "usage", "tokens", "tickets"];
/** Admin pages that later slices build. */
const adminComingSoon = ["plans", "users", "characters", "character-details", "build", "models", "tokens", "banners"];

export default [
  route("healthz", "routes/api/healthz.ts"),
  route("storage/:bucket/*", "routes/api/storage.ts"),
  route("thumb/:bucket/*", "routes/api/thumbnail.ts"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth.google.ts"),
  layout("routes/_shell/layout.tsx", [
    layout("routes/_shell/content.tsx", [
      index("routes/home.tsx"),
      route("explore", "routes/explore.tsx"),
      route("aboutus", "routes/aboutus.tsx"),
      route("privacy", "routes/privacy.tsx"),
      route("terms", "routes/terms.tsx"),
      route("language", "routes/language.tsx"),
      route("contactus", "routes/contactus.tsx"),
      route("login", "routes/login.tsx"),
      route("signup", "routes/signup.tsx"),
      route("verify-email", "routes/verify-email.tsx"),
      route("forgot-password", "routes/forgot-password.tsx"),
      route("reset-password", "routes/reset-password.tsx"),
      route("auth/callback", "routes/auth.callback.tsx"),
      route("settings", "routes/settings-redirect.ts"),
      route("dashboard", "routes/dashboard/layout.tsx", [
        index("routes/dashboard/overview.tsx"),
        route("settings", "routes/dashboard/settings.tsx"),
        ...dashboardComingSoon.map((path) => route(path, "routes/dashboard/coming-soon.tsx", { id: `dashboard-${path}` })),
      ]),
      route("admin", "routes/admin/layout.tsx", [
        index("routes/admin/dashboard.tsx"),
        ...adminComingSoon.map((path) => route(path, "routes/admin/coming-soon.tsx", { id: `admin-${path}` })),
      ]),
      ...comingSoon.map((path) => route(path, "routes/coming-soon.tsx", { id: `coming-soon-${path}` })),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
