import { expect, test } from "@playwright/test";
import { desktop, phone } from "./viewports";

for (const [label, viewport] of [
  ["desktop", desktop],
  ["phone", phone],
] as const) {
  test.describe(`informational pages on a ${label}`, () => {
    test.use({ viewport });

    test("about has the hero, benefits, categories, an FAQ where several items stay open, and Sign Up Now", async ({ page }) => {
      await page.goto("/aboutus");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const signUp = page.getByRole("link", { name: "Sign Up Now" });
      await expect(signUp).toHaveCount(2);
      await expect(signUp.first()).toHaveAttribute("href", "/signup");
      for (const category of ["Girls", "Guys", "Anime", "Pros"]) {
        await expect(page.getByRole("link", { name: new RegExp(category) }).first()).toBeVisible();
      }
      const questions = page.locator("details");
      await expect(questions).toHaveCount(6);
      await questions.nth(0).locator("summary").click();
      await questions.nth(1).locator("summary").click();
      await expect(questions.nth(0)).toHaveAttribute("open", "");
      await expect(questions.nth(1)).toHaveAttribute("open", "");
    });

    test("privacy, terms, language and contact render their content", async ({ page }) => {
      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
      await page.goto("/terms");
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      await page.goto("/language");
      await expect(page.getByRole("heading", { level: 1, name: "Language" })).toBeVisible();
      await expect(page.getByRole("radio", { name: /English/ })).toBeChecked();
      await page.goto("/contactus");
      await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      await expect(page.getByText("Please login or create an account to send us a message").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Sign in required" }).getByRole("link", { name: "Sign Up" })).toBeVisible();
    });
  });
}

test("an unknown address shows a 404 page inside the shell", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Main navigation" })).toBeAttached();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});

test("pages carry security headers, and every response's scripts carry the nonce its policy names", async ({ request }) => {
  const nonceOf = (policy: string) => /script-src 'self' 'strict-dynamic' 'nonce-([^']+)'/.exec(policy)?.[1];
  // With a cookie the page is rendered afresh each time, with a new nonce.
  const fresh = await Promise.all([1, 2].map(() => request.get("/aboutus", { headers: { Cookie: "visitor=1" } })));
  const nonces = fresh.map((response) => nonceOf(response.headers()["content-security-policy"]));
  expect(nonces[0]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  for (const [index, response] of fresh.entries()) {
    expect(await response.text()).toContain(`nonce="${nonces[index]}"`);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  }
});

test("anonymous visitors get repeated pages from the page cache, with a consistent nonce", async ({ request }) => {
  const first = await request.get("/terms");
  await expect.poll(async () => (await request.get("/terms")).headers()["x-page-cache"]).toBe("hit");
  const hit = await request.get("/terms");
  const policy = hit.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(policy)![1];
  expect(await hit.text()).toContain(`nonce="${nonce}"`);
  expect(first.status()).toBe(200);
});

test("thumbnails are resized WebP images with caching headers", async ({ request }) => {
  const html = await (await request.get("/explore")).text();
  const thumb = /src="(\/thumb\/avatars\/[^"]+)"/.exec(html)![1].replaceAll("&amp;", "&");
  const response = await request.get(thumb);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toContain("max-age=");
});
