// Admins are told: a submitted character is mailed to the staff, badged in the admin menu and
// counted on the dashboard with the way to it; Suspend and Reactivate ask first and say they
// happened, with and without JavaScript; the Chat Models table fits at 1280 px with a test's
// answer open; on a phone the admin menu shows its labels. Screenshots go to the screenshots
// folder (screenshots.ts: admin/).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { statusChangeTexts } from "~/lib/admin-users";
import { toasts } from "~/lib/toasts";
import { mailAndModelFakes } from "./fakes";
import { CONSOLE_ADMIN } from "./fixture-accounts";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const shot = (name: string) => shotPath(`admin/${name}.png`);

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

async function adminPage(browser: Browser, { javaScriptEnabled = true, viewport = desktop } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  const page = await context.newPage();
  await signIn(page, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return page;
}

const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Admin navigation" });
const charactersLink = (page: Page) => adminMenu(page).getByRole("link", { name: /^Characters\b/ });

/** The number the admin menu's Characters link says is waiting (0 when it says nothing). */
async function badgedCount(page: Page) {
  const name = (await charactersLink(page).textContent()) ?? "";
  return Number(/(\d+)\s*waiting for review/.exec(name)?.[1] ?? 0);
}

test("a submitted character is mailed to the admins, badged in the admin menu and counted on the dashboard, which leads to it", async ({ browser }) => {
  test.slow();
  const name = `Queue Keeper ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: desktop });
  const person = await context.newPage();
  await signedInAccount(person, fakes.smtp, `queue.${Date.now()}@example.com`, "queue password");
  await person.goto("/create");
  await hydrated(person);
  await person.getByRole("form", { name: "Build a character" }).getByLabel("Category", { exact: true }).selectOption({ label: "Anime" });
  await person.getByLabel("Name", { exact: true }).fill(name);
  await person.getByLabel("Description", { exact: true }).fill("Keeps the queue in order.");
  await person.getByRole("button", { name: "Save Character" }).click();
  await expect(person.getByText("Character saved successfully")).toBeVisible();
  await person.getByRole("button", { name: `Submit ${name} for review` }).click();
  await expect(person.getByText("Submitted for review").first()).toBeVisible();

  // Without SUPPORT_EMAIL the staff are every admin, the console's admin among them.
  const mail = await fakes.smtp.waitForMessage((message) => message.to.includes(CONSOLE_ADMIN.email), 15_000);
  expect(mail.raw).toContain("Character waiting for review");
  await context.close();

  const page = await adminPage(browser);
  await page.goto("/admin");
  await hydrated(page);
  const waiting = await badgedCount(page);
  expect(waiting).toBeGreaterThan(0);
  await expect(charactersLink(page)).toHaveAccessibleName(new RegExp(`^Characters\\s*${waiting} waiting for review$`));
  const card = page.getByRole("region", { name: /waiting for review/ });
  await expect(card.getByRole("heading")).toHaveText(`${waiting} ${waiting === 1 ? "character" : "characters"} waiting for review`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("dashboard-waiting-1280") });
  // On a phone the count sits on the rail's icon, and the link still says it.
  await page.setViewportSize(phone);
  await expect(charactersLink(page)).toHaveAccessibleName(new RegExp(`^Characters\\s*${waiting} waiting for review$`));
  await page.screenshot({ path: shot("dashboard-waiting-390") });
  await page.setViewportSize(desktop);

  await card.getByRole("link", { name: "Review submissions" }).click();
  await expect(page).toHaveURL(/\/admin\/characters\?published=submitted$/);
  await page.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(page.getByText("Character approved and published")).toBeVisible();
  // The badge follows: one fewer, or none.
  await expect.poll(() => badgedCount(page)).toBe(waiting - 1);
  // Off the catalogue again, so the specs after this one meet the seeded catalogue.
  await page.goto(`/admin/characters?q=${encodeURIComponent(name)}`);
  const published = page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("switch", { name: `Published: ${name}` });
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "false");
  await page.context().close();
});

/** A fresh person for the suspend journeys, and their page in the console. */
async function personPage(page: Page, browser: Browser, label: string) {
  const email = `suspend.${label}.${Date.now()}@example.com`;
  const context = await browser.newContext({ viewport: desktop });
  await signedInAccount(await context.newPage(), fakes.smtp, email, "suspend password");
  await context.close();
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  return email;
}

const statusPanel = (page: Page) => page.getByRole("region", { name: "Account status" });

test("Suspend asks in a dialog first, and says it happened; Reactivate too", async ({ browser }) => {
  const page = await adminPage(browser);
  const email = await personPage(page, browser, "js");
  await hydrated(page);

  await statusPanel(page).getByRole("link", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: statusChangeTexts.suspend.title });
  await expect(dialog.getByRole("heading", { name: `Suspend ${email}?` })).toBeVisible();
  await expect(dialog).toContainText(statusChangeTexts.suspend.consequence);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("suspend-dialog-1280") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(statusPanel(page)).toContainText("Active");

  await statusPanel(page).getByRole("link", { name: "Suspend" }).click();
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText(toasts["user-suspended"].message)).toBeVisible();
  await expect(statusPanel(page)).toContainText("Inactive");
  await page.screenshot({ path: shot("suspended-toast-1280") });

  await statusPanel(page).getByRole("link", { name: "Reactivate" }).click();
  const again = page.getByRole("dialog", { name: statusChangeTexts.reactivate.title });
  await expect(again.getByRole("heading", { name: `Reactivate ${email}?` })).toBeVisible();
  await again.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText(toasts["user-reactivated"].message)).toBeVisible();
  await expect(statusPanel(page)).toContainText("Active");

  // The page that asks without JavaScript (axe needs the page's script to run, so it looks here).
  await page.goto(`${new URL(page.url()).pathname}/status`);
  await expect(page.getByRole("heading", { name: `Suspend ${email}?` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test("without JavaScript, Suspend asks on a page first, and says it happened", async ({ browser }) => {
  const page = await adminPage(browser, { javaScriptEnabled: false });
  const email = await personPage(page, browser, "nojs");
  const userUrl = page.url();

  await statusPanel(page).getByRole("link", { name: "Suspend" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/status$/);
  await expect(page.getByRole("heading", { name: `Suspend ${email}?` })).toBeVisible();
  await page.screenshot({ path: shot("suspend-page-nojs-1280") });
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(userUrl);
  await expect(statusPanel(page)).toContainText("Active");

  await statusPanel(page).getByRole("link", { name: "Suspend" }).click();
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}(\?toast=user-suspended)?$/);
  await expect(page.getByText(toasts["user-suspended"].message)).toBeVisible();
  await expect(statusPanel(page)).toContainText("Inactive");

  await statusPanel(page).getByRole("link", { name: "Reactivate" }).click();
  await expect(page.getByRole("heading", { name: `Reactivate ${email}?` })).toBeVisible();
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText(toasts["user-reactivated"].message)).toBeVisible();
  await expect(statusPanel(page)).toContainText("Active");
  await page.context().close();
});

/** How far the page, and each table's box, would scroll sideways (0: it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => [
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ...[...document.querySelectorAll("table")].map((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
  ]);

test("the Chat Models table fits at 1280 px beside the open sidebars, a test's answer included", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/models");
  await hydrated(page);
  await expect(page.getByRole("complementary", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Chat models" })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([0, 0]);

  fakes.model.nextReply({ text: "Hello from the fake model, with a reply long enough to wrap across the table's width if it had to." });
  await page.getByRole("button", { name: "Test Llama 3.1 70B Instruct" }).click();
  await expect(page.getByText("Llama 3.1 70B Instruct answered: Hello from the fake model")).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([0, 0]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("models-tested-1280") });
  await page.context().close();
});

test("on a phone the admin menu shows each item's label, not its icon alone", async ({ browser }) => {
  const page = await adminPage(browser, { viewport: phone });
  await page.goto("/admin");
  await hydrated(page);
  const links = adminMenu(page).getByRole("link");
  await expect(links).toHaveCount(11);
  for (const label of ["Dashboard", "Users", "Characters", "Character Details", "Chat Models", "Audit log"]) {
    const text = adminMenu(page).getByText(label, { exact: true });
    await expect(text).toBeVisible();
    // Read on screen, not only by a screen reader (a visually hidden label is a 1 px box).
    const box = (await text.boundingBox())!;
    expect(box.width, label).toBeGreaterThan(20);
    expect(box.x + box.width, label).toBeLessThanOrEqual(phone.width);
  }
  expect((await sidewaysOverflow(page))[0]).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("menu-390"), fullPage: true });
  await page.goto("/admin/models");
  await page.screenshot({ path: shot("models-390"), fullPage: true });
  await page.context().close();
});
