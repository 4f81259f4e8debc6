// A person who uses the keyboard: the skip link, and the character overlay that holds focus
// while open and gives it back to the card that opened it (WCAG 2.4.1, 2.4.3).
import { expect, test } from "@playwright/test";
import { hydrated } from "./journeys";

test("the first Tab offers a skip link that moves focus to the page's content", async ({ page }) => {
  await page.goto("/explore");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab lands inside the page's content, past the header and the sidebar.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("the character overlay holds focus while open and gives it back to its card", async ({ page }) => {
  await page.goto("/explore");
  await hydrated(page);
  const card = page.locator('main a[href*="character="]').first();
  await card.focus();
  await page.keyboard.press("Enter");
  const overlay = page.getByRole("dialog");
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Close details" })).toBeFocused();
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press("Tab");
    expect(await overlay.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await overlay.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  await expect(card).toBeFocused();
});
