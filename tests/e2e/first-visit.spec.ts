import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./journeys";
import { phone } from "./viewports";

/** The scripts a page fetches as it loads, by path. */
function scriptRequests(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The code of the pages a visitor cannot open, as React Router lists it for these addresses. */
async function pageCodeOf(page: Page, addresses: string[]) {
  return page.evaluate(async (paths) => {
    const { version } = (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest;
    const response = await fetch(`/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=${version}`);
    const patches = (await response.json()) as Record<string, { id: string; module: string }>;
    return Object.values(patches)
      .filter((route) => /^routes\/(admin|dashboard)\//.test(route.id))
      .map((route) => route.module);
  }, addresses);
}

test.describe("a visitor's first visit", () => {
  test.use({ viewport: phone });

  for (const address of ["/", "/explore"]) {
    test(`${address} fetches no code of the admin, dashboard or ticket pages, nor the sign-in forms`, async ({ page }) => {
      const scripts = scriptRequests(page);
      await page.goto(address);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const closed = await pageCodeOf(page, ["/admin", "/admin/tickets", "/admin/users", "/dashboard", "/dashboard/tickets", "/dashboard/settings"]);
      expect(closed.length).toBeGreaterThanOrEqual(6);
      expect(scripts.length).toBeGreaterThan(0);
      for (const module of closed) expect(scripts).not.toContain(module);
      expect(scripts.filter((path) => /\/(auth-modal-dialog|google-button)-/.test(path))).toEqual([]);
    });
  }

  test("the sign-in modal fetches its forms, and the Google button, when it first opens", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign In" });
    await expect(dialog.getByLabel("Email")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("a built script comes as brotli, kept for a year, without the page's security policy", async ({ request }) => {
    // The scripts the page's HTML names (read from the HTML as served: once the page runs, React
    // may have moved its preload links).
    const html = await (await request.get("/")).text();
    const script = /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);

    const compressed = await request.get(script!, { headers: { "accept-encoding": "br" } });
    expect(compressed.status()).toBe(200);
    const headers = compressed.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBeUndefined();

    // The same script, unencoded, for a client that takes no compression.
    const plain = await request.get(script!, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await compressed.text()).toBe(await plain.text());
  });
});
