import { expect, test } from "@playwright/test";
import { hydrated } from "./journeys";
import { desktop, phone } from "./viewports";
import { docsShotPath } from "./screenshots";

test.describe("home on a desktop", () => {
  test.use({ viewport: desktop });

  test("shows banners, header categories, a character grid and All Models", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured" })).toBeVisible();
    const header = page.getByRole("navigation", { name: "Categories" });
    await expect(header.getByRole("link")).toHaveText(["Girls", "Guys", "Anime", "Pros"]);
    await expect(page.getByRole("article")).toHaveCount(50);
    await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Quick navigation" })).toBeHidden();

    await page.getByRole("link", { name: "All Models" }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test("a header category narrows the grid and is highlighted", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Pros" }).click();
    await expect(page).toHaveURL(/\/\?category=4$/);
    await expect(page.getByRole("heading", { name: "Pros characters" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(11);
    await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Pros" })).toHaveAttribute("aria-current", "page");
  });

  test("the banner carousel advances every 5 seconds and wraps around", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const slides = page.getByTestId("banner-slide");
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(0)).toHaveAttribute("aria-hidden", "false");
    await page.clock.runFor(5000);
    await expect(slides.nth(1)).toHaveAttribute("aria-hidden", "false");
    await page.clock.runFor(10000);
    await expect(slides.nth(0)).toHaveAttribute("aria-hidden", "false");
  });

  test("the sidebar collapses to icons and expands again", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    const explore = sidebar.getByRole("link", { name: "Explore" });
    await expect(explore).toBeVisible();
    const wide = (await sidebar.boundingBox())!.width;
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(wide / 2);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(wide);
  });
});

test.describe("home on a phone", () => {
  test.use({ viewport: phone });

  test("has category tabs, the bottom bar, and no header categories", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
    const tabs = page.getByRole("navigation", { name: "Filter by category" });
    await expect(tabs.getByRole("link")).toHaveText(["All", "Girls", "Guys", "Anime", "Pros"]);
    const bar = page.getByRole("navigation", { name: "Quick navigation" });
    await expect(bar.getByRole("link")).toHaveText(["Explore", "Chat", "Generate", "Create", "Tokens"]);
    await expect(bar.getByRole("link", { name: "Tokens" })).toHaveAttribute("href", "/tokens");
    await tabs.getByRole("link", { name: "Anime" }).click();
    await expect(page).toHaveURL(/\?category=3$/);
    await expect(page.getByRole("article")).toHaveCount(11);
  });

  test("the sidebar opens over the page and closes on an outside click or a choice", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar).toBeInViewport();
    await page.mouse.click(370, 400);
    await expect(sidebar).not.toBeInViewport();

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await sidebar.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(sidebar).not.toBeInViewport();
  });

  test("the drawer says whether it is open, closes on Escape, and its links are out of reach while it is shut", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Toggle sidebar" });
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // Shut, the drawer's links are not reachable (a keyboard or a screen reader would otherwise land off-screen).
    await expect(sidebar.getByRole("link", { name: "About Us" })).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar.getByRole("link", { name: "About Us" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).not.toBeInViewport();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("a drawer left open does not come back after the window widens and narrows again", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar.getByRole("link", { name: "About Us" })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sidebar).not.toBeInViewport();
    await expect(page.getByTestId("sidebar-overlay")).toHaveCSS("opacity", "0");
  });

  test("the page behind an open dialog does not scroll", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
    await page.mouse.move(195, 150);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("home's portraits", () => {
  test("every card shows its character's drawn portrait over the character's own colour", async ({ page }) => {
    await page.goto("/");
    const pictures = page.getByRole("article").locator(".character-card-media > :first-child");
    await expect(pictures).toHaveCount(50);
    for (const picture of await pictures.all()) {
      await expect(picture).toHaveAttribute("src", /^\/thumb\/avatars\/characters\/[a-z-]+-[0-9a-f]{10}\.webp\?w=300$/);
      await expect(picture).toHaveCSS("background-image", /^linear-gradient/);
    }
  });

  test("a card's picture is sized for the card, and only the first row loads before it scrolls near", async ({ page }) => {
    await page.goto("/");
    const pictures = page.getByRole("article").locator(".character-card-media > img");
    await expect(pictures).toHaveCount(50);
    const first = pictures.first();
    const src = await first.getAttribute("src");
    await expect(first).toHaveAttribute("srcset", `${src} 300w, ${src!.replace("w=300", "w=600")} 600w`);
    await expect(first).toHaveAttribute("sizes", /50vw$/);
    await expect(first).toHaveAttribute("width", "300");
    await expect(first).toHaveAttribute("height", "400");
    await expect(first).not.toHaveAttribute("loading", "lazy");
    await expect(pictures.nth(4)).not.toHaveAttribute("loading", "lazy");
    await expect(pictures.nth(5)).toHaveAttribute("loading", "lazy");
    await expect(pictures.last()).toHaveAttribute("loading", "lazy");

    // The larger thumbnail a sharp screen picks is the card's shape too.
    const large = await page.request.get(src!.replace("w=300", "w=600"));
    expect(large.headers()["content-type"]).toBe("image/webp");
  });

  test("the home page as the README shows it, on a desktop and on a phone", async ({ page }) => {
    for (const [viewport, file] of [
      [desktop, "home-desktop.png"],
      [phone, "home-mobile.png"],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await hydrated(page);
      // The portraits in view have loaded, so the picture shows them rather than their colours.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images].filter((image) => image.getBoundingClientRect().top < innerHeight).every((image) => image.complete && image.naturalWidth > 0),
          ),
        )
        .toBe(true);
      await page.screenshot({ path: docsShotPath(file) });
    }
  });
});
