import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

/** Every route registered under a path prefix, with the URL it answers (params filled in). */
function routesUnder(prefix: string, entries: RouteConfigEntry[] = routes, parentPath = ""): { url: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parentPath : [parentPath, entry.path].filter(Boolean).join("/");
    const here = own.startsWith(prefix) ? [{ url: `/${own}`, file: entry.file }] : [];
    return [...here, ...routesUnder(prefix, entry.children ?? [], own)];
  });
}

const protectedRoutes = [...routesUnder("dashboard"), ...routesUnder("admin")];
let test: TestDatabase;
const cookies: Record<"user" | "admin", string> = { user: "", admin: "" };

beforeAll(async () => {
  test = await createTestDatabase();
  for (const role of ["user", "admin"] as const) {
    const user = await test.database.prisma.user.create({
      data: { email: `${role}@example.com`, role, status: "active", emailVerifiedAt: new Date(), name: role },
    });
    cookies[role] = (await startLoginSession(user.id, new Request("http://localhost/"), null)).split(";")[0];
  }
});
afterAll(() => test.dispose());

/** What a caller sees: a redirect target, or "ok" for an answer that is not a redirect. */
async function outcome(run: () => Promise<unknown>) {
  try {
    const result = await run();
    if (result instanceof Response && result.status >= 300 && result.status < 400) return `redirect ${result.headers.get("location")}`;
    return "ok";
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return `redirect ${thrown.headers.get("location")}`;
    throw thrown;
  }
}

function call(module: RouteModule, kind: "loader" | "action", url: string, cookie: string) {
  const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
  if (kind === "action") Object.assign(init, { method: "POST", body: new URLSearchParams({ intent: "nothing" }) });
  return outcome(() => module[kind]!(routeArgs(new Request(`http://localhost${url}`, init))));
}

const sameRoute = (url: string) => new RegExp(`^(ok|redirect ${url.replace(/[/]/g, "\\/")}(\\?toast=[\\w-]+)?)$`);

describe("every /dashboard and /admin loader and action checks who is asking", () => {
  it("covers the whole dashboard and admin console", () => {
    expect(protectedRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(["/dashboard", "/dashboard/settings", "/dashboard/tickets", "/admin", "/admin/models", "/admin/banners"]),
    );
  });

  for (const route of protectedRoutes) {
    it(`${route.url} (${route.file})`, async () => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
      expect(module.loader, `${route.file} has no loader to check access`).toBeDefined();
      const isAdminArea = route.url.startsWith("/admin");
      for (const kind of ["loader", "action"] as const) {
        if (!module[kind]) continue;
        const signedOut = await call(module, kind, route.url, "");
        const asUser = await call(module, kind, route.url, cookies.user);
        const asAdmin = await call(module, kind, route.url, cookies.admin);
        if (isAdminArea) {
          expect([signedOut, asUser, asAdmin], `${kind} ${route.url}`).toEqual(["redirect /", "redirect /", "ok"]);
        } else {
          expect(signedOut, `${kind} ${route.url}`).toBe(`redirect /login?redirectTo=${encodeURIComponent(route.url)}`);
          // Signed in, the request is served: data, or (an action with nothing to do) back to the same page.
          for (const served of [asUser, asAdmin]) expect(served, `${kind} ${route.url}`).toMatch(sameRoute(route.url));
        }
      }
    });
  }
});
