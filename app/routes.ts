import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Screens a later slice builds; each shows a short "coming soon" page until then. */
const comingSoon = ["chat", "favorites", "generate", "create", "collection", "tokens", "forgot-password", "settings", "dashboard"];

export default [
  route("healthz", "routes/api/healthz.ts"),
  route("storage/:bucket/*", "routes/api/storage.ts"),
  route("thumb/:bucket/*", "routes/api/thumbnail.ts"),
  route("logout", "routes/logout.tsx"),
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
      ...comingSoon.map((path) => route(path, "routes/coming-soon.tsx", { id: `coming-soon-${path}` })),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
