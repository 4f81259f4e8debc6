import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

test("favorite a character with JavaScript, find it on /favorites, and export its card", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop, acceptDownloads: true });
  const page = await context.newPage();

  // Signed out, the heart asks to sign in.
  await page.goto("/explore");
  await hydrated(page);
  const firstCard = page.getByRole("article").first();
  const name = (await firstCard.getByRole("heading").textContent())!;
  await firstCard.getByRole("link", { name: `Add ${name} to favorites` }).click();
  await expect(page.getByText("Please sign in to add favorites").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toBeVisible();

  await signedInAccount(page, fakes.smtp, `favorites.js.${Date.now()}@example.com`, "favorite password");
  await page.goto("/explore");
  await hydrated(page);
  const heart = page
    .getByRole("article")
    .first()
    .getByRole("button", { name: `Add ${name} to favorites` });
  await heart.click();
  await expect(page.getByText(`${name} added to favorites`)).toBeVisible();
  await expect(
    page
      .getByRole("article")
      .first()
      .getByRole("button", { name: `Remove ${name} from favorites` }),
  ).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "My Favorites" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Characters/ }).getByRole("heading", { name })).toBeVisible();
  fs.mkdirSync(shotPath("favorites"), { recursive: true });
  for (const [label, size] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.reload();
    await hydrated(page);
    await page.screenshot({ path: shotPath(`favorites/favorites-${label}-${size.width}.png`), fullPage: true });
    expect(await seriousViolations(page), `${label}`).toEqual([]);
  }
  await page.setViewportSize(desktop);

  await page.getByRole("navigation", { name: "Filter favorites" }).getByRole("link", { name: "Agents" }).click();
  await expect(page).toHaveURL(/\/favorites\?type=agent$/);
  await expect(page.getByText("No favorites found")).toBeVisible();
  await page.setViewportSize(phone);
  await page.reload();
  await hydrated(page);
  await page.screenshot({ path: shotPath("favorites/favorites-empty-phone-390.png") });
  await page.setViewportSize(desktop);

  // Export the character's card from its details.
  await page.goto("/explore");
  await page.getByRole("link", { name: `View ${name}` }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "PNG" }).click()]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(bytes.includes(Buffer.from("ccv3\0", "latin1"))).toBe(true);
  expect(bytes.includes(Buffer.from("chara\0", "latin1"))).toBe(true);
  const json = await page.request.get(`/characters/${new URL(page.url()).searchParams.get("character")}/card.json`);
  expect(await json.json()).toMatchObject({ spec: "chara_card_v3", data: { name } });

  // The heart in the details removes it again.
  await dialog.getByRole("button", { name: `Remove ${name} from favorites` }).click();
  await expect(page.getByText(`${name} removed from favorites`)).toBeVisible();
  await page.goto("/favorites");
  await expect(page.getByText("No favorites found")).toBeVisible();
  await context.close();
});

test("favorite a character without JavaScript and see it on /favorites", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop, javaScriptEnabled: false });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `favorites.nojs.${Date.now()}@example.com`, "favorite password");
  await page.goto("/explore");
  const card = page.getByRole("article").nth(1);
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add ${name} to favorites` }).click();
  await expect(page).toHaveURL(/\/explore/);
  await expect(page.getByText("Added to favorites")).toBeVisible();

  await page.goto("/favorites");
  const favorite = page.getByRole("article").filter({ hasText: name });
  await expect(favorite).toBeVisible();
  await favorite.getByRole("button", { name: `Remove ${name} from favorites` }).click();
  await expect(page.getByText("Removed from favorites")).toBeVisible();
  await expect(page.getByText("No favorites found")).toBeVisible();
  await context.close();
});

test("without JavaScript, Regenerate keeps the earlier reply and the arrows switch back to it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `swipes.nojs.${Date.now()}@example.com`, "swipe password");
  await page.goto("/explore");
  await page.getByRole("article").nth(2).getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const messages = page.getByRole("list", { name: "Messages" }).locator(":scope > li");

  fakes.model.nextReply({ text: "The first answer." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Tell me something");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.last()).toContainText("The first answer.");

  fakes.model.nextReply({ text: "A second answer." });
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(messages.last()).toContainText("A second answer.");
  await expect(messages.last()).toContainText("2/2");
  await page.screenshot({ path: shotPath("swipes-phone.png") });

  await messages.last().getByRole("button", { name: "Previous version" }).click();
  await expect(messages.last()).toContainText("The first answer.");
  await expect(messages.last()).toContainText("1/2");

  // The next reply is asked with the version shown.
  fakes.model.nextReply({ text: "Noted." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Go on");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.last()).toContainText("Noted.");
  const history = fakes.model.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
  expect(history.slice(-2)).toEqual([
    { role: "assistant", content: "The first answer." },
    { role: "user", content: "Go on" },
  ]);
  await context.close();
});
