// A character built without a picture is never an empty dark box: its card, its details, the
// admin list and the chat show its initials on a colour of its own.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openSection } from "./character-form";
import { mailAndModelFakes } from "./fakes";
import { CONSOLE_ADMIN } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

mailAndModelFakes();
const shots = shotPath("portraits");

async function buildWithoutPicture(page: Page, name: string) {
  await page.goto("/admin/build");
  await hydrated(page);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Guys" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("A lighthouse keeper who has not had his portrait painted yet.");
  await page.getByLabel("Welcome message").fill(`Evening. I'm ${name}; mind the stairs.`);
  await openSection(page, "Traits and tags");
  await page.getByLabel("personality", { exact: true }).selectOption("Witty");
  await openSection(page, "Models");
  await page.getByLabel("Chat model").selectOption("Llama 3.1 70B Instruct");
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Character saved successfully")).toBeVisible({ timeout: 30_000 });
}

test("a character without a picture shows its initials on its own colour everywhere it appears", async ({ page }) => {
  const name = `Wren ${Date.now() % 100000} Halloway`;
  await page.goto("/login");
  await hydrated(page);
  await signIn(page, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password, { fromCurrentPage: true });
  // Password hashing is slow on a busy machine.
  await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 30_000 });
  await buildWithoutPicture(page, name);
  const listed = page.getByRole("row").filter({ hasText: name });
  await expect(listed).toContainText("WH");

  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.goto(`/explore?q=${encodeURIComponent(name)}`);
    await hydrated(page);
    const card = page.getByRole("article").filter({ hasText: name });
    const picture = card.locator(".character-card-media > :first-child");
    await expect(picture).toHaveText("WH");
    await expect(picture).toHaveCSS("background-image", /^linear-gradient/);
    expect((await picture.boundingBox())!.height).toBeGreaterThan(150);
    await page.screenshot({ path: `${shots}/no-picture-card-${viewport.width}.png` });
    const axe = await new AxeBuilder({ page }).include(".character-card").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);

    await card.getByRole("link", { name: `View ${name}` }).click();
    await expect(page.getByRole("img", { name: `Portrait of ${name}` })).toHaveText("WH");
    await page.screenshot({ path: `${shots}/no-picture-details-${viewport.width}.png` });
  }

  await page.setViewportSize(desktop);
  await page.goto(`/explore?q=${encodeURIComponent(name)}`);
  await page.getByRole("article").filter({ hasText: name }).getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversation = page.getByRole("region", { name: `Conversation with ${name}` });
  await expect(conversation.locator("header").first()).toContainText("WH");
  await expect(page.getByRole("list", { name: "Chats" }).getByRole("link").filter({ hasText: name })).toContainText("WH");
  await page.screenshot({ path: `${shots}/no-picture-chat-1280.png` });

  // Off the catalogue again, so the specs after this one meet the seeded catalogue.
  await page.goto(`/admin/characters?q=${encodeURIComponent(name)}`);
  await listed.getByRole("switch", { name: `Published: ${name}` }).click();
  await expect(listed.getByRole("switch", { name: `Published: ${name}` })).toHaveAttribute("aria-checked", "false");
});
