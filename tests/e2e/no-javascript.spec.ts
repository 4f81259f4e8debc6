import { expect, test } from "@playwright/test";
import { desktop } from "./viewports";

test.use({ javaScriptEnabled: false, viewport: desktop });

test("explore search, category filter, pagination and details work without JavaScript", async ({ page }) => {
  await page.goto("/explore");
  const search = page.getByRole("searchbox", { name: "Search characters" });
  await search.fill("coach");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/explore\?q=coach$/);
  await expect(page.getByText(/^(?!60 )\d+ characters?$/)).toBeVisible();
  const withQuery = await page.getByRole("article").count();
  expect(withQuery).toBeGreaterThan(0);
  expect(withQuery).toBeLessThan(50);

  await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Guys" }).click();
  await expect(page).toHaveURL(/\/explore\?q=coach&category=2$/);

  await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/explore\?q=coach$/);

  const name = (await page.getByRole("article").first().getByRole("heading").textContent())!;
  await page.getByRole("link", { name: `View ${name}` }).click();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
  await page.getByRole("dialog", { name }).getByRole("link", { name: "Close details" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("pagination moves through pages of 50 without JavaScript", async ({ page }) => {
  await page.goto("/explore");
  await expect(page.getByText("60 characters")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(50);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/explore\?page=2$/);
  await expect(page.getByRole("article")).toHaveCount(10);
  await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(/Pager Test/);
  await expect(pager.getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");

  // A new search or category starts again at page 1.
  await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Girls" }).click();
  await expect(page).toHaveURL(/\/explore\?category=1$/);
  await expect(page.getByRole("article")).toHaveCount(11);
});
