import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Screens a later slice builds; each shows a short "coming soon" page until then. */
const comingSoon = ["favorites", "create"];

/** Dashboard pages that later slices build; the dashboard shell and its guard already apply. */
const dashboardComingSoon = ["tickets"];
/** Admin pages that later slices build. */
const adminComingSoon = ["characters", "character-details", "build", "models"];

export default [
  route("healthz", "routes/api/healthz.ts"),
  route("storage/:bucket/*", "routes/api/storage.ts"),
  route("thumb/:bucket/*", "routes/api/thumbnail.ts"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth.google.ts"),
  route("api/webhooks/stripe", "routes/api/webhooks.stripe.ts"),
  route("api/webhooks/fal", "routes/api/webhooks.fal.ts"),
  route("api/media/jobs/:jobId", "routes/api/media.jobs.ts"),
  route("api/chat/events", "routes/api/chat.events.ts"),
  route("api/chat/uploads", "routes/api/chat.uploads.ts"),
  route("api/chat/sessions", "routes/api/chat.sessions.ts"),
  route("api/chat/:sessionId/reply", "routes/api/chat.reply.ts"),
  route("api/chat/:sessionId/messages", "routes/api/chat.messages.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  route("api/gallery", "routes/api/gallery.ts"),
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
      route("payment/success", "routes/payment.success.tsx"),
      route("tokens", "routes/tokens.tsx"),
      route("chat", "routes/chat/index.tsx"),
      route("chat/start/:characterId", "routes/chat/start.tsx"),
      route("chat/:sessionId", "routes/chat/session.tsx"),
      route("settings", "routes/settings-redirect.ts"),
      route("generate", "routes/generate.tsx"),
      route("gallery/:imageId/delete", "routes/gallery.delete.tsx"),
      route("collection", "routes/collection.tsx"),
      route("dashboard", "routes/dashboard/layout.tsx", [
        index("routes/dashboard/overview.tsx"),
        route("settings", "routes/dashboard/settings.tsx"),
        route("tokens", "routes/dashboard/tokens.tsx"),
        route("subscription", "routes/dashboard/subscription.tsx"),
        route("billing", "routes/dashboard/billing.tsx"),
        route("usage", "routes/dashboard/usage.tsx"),
        route("media", "routes/dashboard/media.tsx"),
        route("media/:uploadId/delete", "routes/dashboard/media.delete.tsx"),
        ...dashboardComingSoon.map((path) => route(path, "routes/dashboard/coming-soon.tsx", { id: `dashboard-${path}` })),
      ]),
      route("admin", "routes/admin/layout.tsx", [
        index("routes/admin/dashboard.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("users/:id", "routes/admin/users.$id.tsx"),
        route("users/:id/delete", "routes/admin/users.$id.delete.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        ...adminComingSoon.map((path) => route(path, "routes/admin/coming-soon.tsx", { id: `admin-${path}` })),
        // An editor or a delete confirmation is a route of its own, drawn over its list.
        route("plans", "routes/admin/plans.tsx", [
          route("new", "routes/admin/plans.new.tsx"),
          route(":planId/edit", "routes/admin/plans.edit.tsx"),
          route(":planId/delete", "routes/admin/plans.delete.tsx"),
        ]),
        route("tokens", "routes/admin/tokens.tsx", [
          route("packages/new", "routes/admin/tokens.packages.new.tsx"),
          route("packages/:packageId/edit", "routes/admin/tokens.packages.edit.tsx"),
          route("packages/:packageId/delete", "routes/admin/tokens.packages.delete.tsx"),
        ]),
        route("banners", "routes/admin/banners.tsx", [
          route("new", "routes/admin/banners.new.tsx"),
          route(":bannerId/edit", "routes/admin/banners.edit.tsx"),
          route(":bannerId/delete", "routes/admin/banners.delete.tsx"),
        ]),
      ]),
      ...comingSoon.map((path) => route(path, "routes/coming-soon.tsx", { id: `coming-soon-${path}` })),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
