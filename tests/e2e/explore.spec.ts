import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./journeys";
import { desktop, phone } from "./viewports";

const cards = (page: Page) => page.getByRole("article");
const names = (page: Page) => cards(page).getByRole("heading").allTextContents();

for (const [label, viewport] of [
  ["desktop", desktop],
  ["phone", phone],
] as const) {
  test.describe(`explore on a ${label}`, () => {
    test.use({ viewport });

    test("searches as you type, filters by category and shows the empty text", async ({ page }) => {
      await page.goto("/explore");
      await expect(page.getByText("60 characters")).toBeVisible();
      // Typing before hydration would reach only the server-rendered field.
      await hydrated(page);
      await page.getByRole("searchbox", { name: "Search characters" }).fill("coach");
      await expect(page).toHaveURL(/\/explore\?q=coach$/);
      // The URL changes before the new results render; wait for the count that comes with them.
      await expect(page.getByText(/^(?!60 )\d+ characters?$/)).toBeVisible();
      const found = await names(page);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(50);

      await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Pros" }).click();
      await expect(page).toHaveURL(/q=coach&category=4/);
      await expect(page.getByRole("searchbox", { name: "Search characters" })).toHaveValue("coach");

      await page.getByRole("searchbox", { name: "Search characters" }).fill("zzzz-nobody");
      await expect(page.getByText("No characters found")).toBeVisible();
      await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
    });

    test("?character={id} opens the character's details over the catalogue", async ({ page }) => {
      await page.goto("/explore");
      const first = cards(page).first();
      const name = (await first.getByRole("heading").textContent())!;
      await first.getByRole("link", { name: `View ${name}` }).click();
      await expect(page).toHaveURL(/character=[0-9a-f-]{36}/);
      const overlay = page.getByRole("dialog", { name });
      await expect(overlay).toBeVisible();
      await expect(overlay.getByRole("img", { name: `Portrait of ${name}` })).toBeVisible();

      const url = page.url();
      await page.goto(url);
      await expect(page.getByRole("dialog", { name })).toBeVisible();
      // The server renders the overlay; Escape closes it only once the page has hydrated.
      await hydrated(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name })).toBeHidden();
      await expect(page).not.toHaveURL(/character=/);
    });
  });
}

test("typing keeps the search box focused and keeps every character typed", async ({ page }) => {
  await page.goto("/explore");
  await hydrated(page);
  const search = page.getByRole("searchbox", { name: "Search characters" });
  await search.pressSequentially("coa", { delay: 50 });
  await expect(page).toHaveURL(/q=coa$/);
  await search.pressSequentially("ch", { delay: 400 });
  await expect(page).toHaveURL(/q=coach$/);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("coach");
});

test("a page past the end goes to the last page", async ({ page }) => {
  await page.goto("/explore?category=1&page=7");
  await expect(page).toHaveURL(/\/explore\?category=1$/);
  await expect(page.getByRole("article")).toHaveCount(11);
});

test("an unknown character id leaves the catalogue as it is", async ({ page }) => {
  const response = await page.goto("/explore?character=00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(50);
});
