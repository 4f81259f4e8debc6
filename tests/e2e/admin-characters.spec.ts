// An admin adds a chat model that talks to the fake OpenAI server, publishes it, builds and
// publishes a character on it, finds it on Explore, and a person chats with it. The same build
// without JavaScript (on the starter Nebius model, which talks to the same fake), and the
// characters table on a phone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_OPENAI_PORT } from "../../playwright.config";
import { mailAndModelFakes } from "./fakes";
import { openSection } from "./character-form";
import { CONSOLE_ADMIN } from "./fixture-accounts";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const CHAT_MODEL = "Llama 3.1 70B Instruct";
const shots = shotPath("admin");

async function adminPage(browser: Browser, { javaScriptEnabled = true, viewport = desktop } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  const page = await context.newPage();
  await signIn(page, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return page;
}

async function avatarPicture() {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return { name: "avatar.png", mimeType: "image/png", buffer };
}

/** Adds and publishes a free chat model at the fake OpenAI server through the Chat Models page. */
async function addPublishedModel(page: Page, model: string) {
  await page.goto("/admin/models");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Model" }).click();
  const form = page.getByRole("dialog", { name: "Add Model" });
  await form.getByLabel("Chat Model").fill(model);
  await form.getByLabel("Model ID").fill("gpt-console");
  await form.getByLabel("AI Platform").fill("openai");
  await form.getByLabel("Model Type").selectOption("chat");
  await form.getByLabel("Tokens").fill("0");
  await form.getByLabel("API URL").fill(`http://127.0.0.1:${E2E_OPENAI_PORT}/v1`);
  await form.getByLabel("API Key").fill("sk-console-e2e");
  await form.getByRole("button", { name: "Add Model" }).click();
  const published = page.getByRole("switch", { name: `Published: ${model}` });
  await expect(published).toHaveAttribute("aria-checked", "false");
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "true");
}

/** The fields every build fills: category, name, description, welcome message, a detail and the chat model. */
async function fillBasics(page: Page, name: string, chatModel = CHAT_MODEL) {
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Anime" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("A night-sky guide who names every star she sees.");
  await page.getByLabel("Welcome message").fill(`Hello, I'm ${name}. Look up!`);
  await openSection(page, "Traits and tags");
  await page.getByLabel("personality", { exact: true }).selectOption("Witty");
  await openSection(page, "Models");
  await page.getByLabel("Chat model").selectOption(chatModel);
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** Takes a journey's character off the catalogue again, so the specs after this one meet the seeded catalogue. */
async function unpublish(page: Page, name: string) {
  await page.goto(`/admin/characters?q=${encodeURIComponent(name)}`);
  await row(page, name)
    .getByRole("switch", { name: `Published: ${name}` })
    .click();
  await expect(row(page, name).getByRole("switch", { name: `Published: ${name}` })).toHaveAttribute("aria-checked", "false");
}

test("an admin adds a chat model, builds and publishes a character on it, it is on Explore, and a person chats with it", async ({ browser }) => {
  const name = `Vega Nightingale ${Date.now() % 100000}`;
  const model = `Console Model ${Date.now() % 100000}`;
  const page = await adminPage(browser);
  await addPublishedModel(page, model);
  await page.goto("/admin/characters");
  await hydrated(page);
  await page.getByRole("link", { name: "New Character" }).click();
  await expect(page).toHaveURL(/\/admin\/build$/);
  await expect(page.getByRole("heading", { name: "Build a Character" })).toBeVisible();

  // Publishing with nothing filled names every missing field.
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByRole("alert")).toContainText("Missing required fields: Category, Name, Description");
  await expect(page.getByRole("alert")).toContainText("Please fill in all required fields");
  await expect(page.getByRole("alert")).toBeInViewport();
  await expect(page.getByText("Name is required")).toBeVisible();
  await page.screenshot({ path: `${shots}/build-missing-1280.png` });

  await page.goto("/admin/build");
  await hydrated(page);

  await fillBasics(page, name, model);
  await page.getByLabel("Avatar").setInputFiles(await avatarPicture());
  // Tags are added with Enter, trimmed and de-duplicated.
  const tags = page.getByLabel("Tags");
  for (const tag of ["  Stars ", "Calm", "Stars"]) {
    await tags.fill(tag);
    await tags.press("Enter");
  }
  await expect(page.getByRole("button", { name: /^Remove tag / })).toHaveCount(2);
  await page.getByLabel("Custom model 1 type").selectOption("image");
  await page.getByRole("button", { name: "Add model" }).click();
  await expect(page.getByLabel("Custom model 2 type")).toBeVisible();
  await page.getByLabel("Custom model 1", { exact: true }).selectOption({ index: 1 });
  await openSection(page, "Instructions for the AI");
  await page.getByLabel("System instruction").fill(`You are ${name}, a cheerful astronomer.`);
  await openSection(page, "Prompt guide");
  await page.getByLabel("Ask Me 1 category").fill("Stars");
  await page.getByLabel("Ask Me 1 prompts (one a line)").fill("Which star is brightest?\nWhat is a comet?");
  await page.screenshot({ path: `${shots}/build-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Publish Now" }).click();

  // The toast shows, and its code leaves the address.
  await expect(page).toHaveURL(/\/admin\/characters(\?toast=character-saved)?$/);
  await expect(page.getByText("Character saved successfully")).toBeVisible();
  await expect(row(page, name)).toContainText("Anime");
  await expect(row(page, name)).toContainText("Stars");
  const view = row(page, name).getByRole("link", { name: `View ${name}` });
  await expect(view).toHaveAttribute("target", "_blank");
  const characterId = /character=([0-9a-f-]{36})/.exec((await view.getAttribute("href"))!)![1]!;

  // The switch turns at once, and the list agrees once the server has answered.
  const published = row(page, name).getByRole("switch", { name: `Published: ${name}` });
  await expect(published).toHaveAttribute("aria-checked", "true");
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Character updated successfully")).toBeVisible();
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "true");
  // Beside both sidebars the whole table fits: nothing scrolls sideways.
  const tableBox = page.getByRole("table", { name: "Characters" }).locator("..");
  expect(await tableBox.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/characters-1280.png`, fullPage: true });

  // The edit dialog holds every field, as saved.
  await row(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel("Chat model")).toHaveValue(model);
  await expect(dialog.getByLabel("Ask Me 1 prompts (one a line)")).toHaveValue("Which star is brightest?\nWhat is a comet?");
  // Tags are in a folded section: its chips are in the page, shown once it is opened.
  await openSection(page, "Traits and tags");
  await expect(dialog.getByRole("button", { name: /^Remove tag / })).toHaveCount(2);
  await page.screenshot({ path: `${shots}/characters-edit-1280.png` });
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // A person finds it on Explore and chats with it.
  const personContext = await browser.newContext({ viewport: desktop });
  const person = await personContext.newPage();
  await signedInAccount(person, fakes.smtp, `builds.${Date.now()}@example.com`, "builds password");
  await person.goto(`/explore?q=${encodeURIComponent(name)}`);
  await expect(person.getByRole("article").filter({ hasText: name })).toBeVisible();
  await person.goto(`/explore?character=${characterId}`);
  await hydrated(person);
  await person.getByRole("dialog").getByRole("link", { name: "Chat Now" }).click();
  await expect(person).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(person.getByRole("heading", { name, level: 1 })).toBeVisible();
  await hydrated(person);
  await expect(person.getByTestId("agent-model")).toHaveAttribute("title", model);
  fakes.model.nextReply({ text: "Vega says: the brightest star tonight is Sirius." });
  await person.getByRole("textbox", { name: "Message", exact: true }).fill("Which star is brightest?");
  await person.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  await expect(person.getByRole("list", { name: "Messages" })).toContainText("Vega says: the brightest star tonight is Sirius.");
  await personContext.close();
  await unpublish(page, name);
});

test("an admin builds and publishes a character without JavaScript", async ({ browser }) => {
  const name = `Orion Quill ${Date.now() % 100000}`;
  const page = await adminPage(browser, { javaScriptEnabled: false });
  await page.goto("/admin/build");
  await fillBasics(page, name);
  await page.getByLabel("Tags").fill(" Brave, Kind ,Brave");
  // Add another is a submit: the form comes back with one more row and everything kept.
  await page.getByRole("button", { name: "Add model" }).click();
  await expect(page.getByLabel("Custom model 2 type")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Tags")).toHaveValue("Brave, Kind");
  await expect(page.getByLabel("Chat model")).toHaveValue(CHAT_MODEL);
  await page.getByLabel("Custom model 1 type").selectOption("chat");
  await page.getByLabel("Custom model 1", { exact: true }).selectOption(CHAT_MODEL);
  await page.getByLabel("Avatar").setInputFiles(await avatarPicture());
  await page.screenshot({ path: `${shots}/build-nojs-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Publish Now" }).click();

  await expect(page).toHaveURL(/\/admin\/characters(\?toast=character-saved)?$/);
  await expect(row(page, name)).toContainText("Brave");
  await expect(row(page, name).getByRole("switch", { name: `Published: ${name}` })).toHaveAttribute("aria-checked", "true");
  await page.goto(`/explore?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article").filter({ hasText: name })).toBeVisible();

  // The edit dialog is a page of its own, and saves.
  await page.goto("/admin/characters");
  await row(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await page.getByLabel("Description", { exact: true }).fill("Now a poet of the night sky.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/characters(\?toast=character-updated)?$/);
  await expect(page.getByText("Character updated successfully")).toBeVisible();
  await unpublish(page, name);
});

test("on a phone the characters list is cards: name and actions visible without scrolling sideways", async ({ browser }) => {
  const page = await adminPage(browser, { viewport: phone });
  await page.goto("/admin/characters");
  await hydrated(page);
  const first = page.getByRole("row").nth(0);
  const name = (await first.locator("td").first().textContent())!.trim();
  expect(name.length).toBeGreaterThan(0);
  for (const target of [
    first.getByText(name, { exact: true }),
    first.getByRole("link", { name: `Edit ${name}` }),
    first.getByRole("link", { name: `Delete ${name}` }),
  ]) {
    await expect(target).toBeInViewport();
    const box = (await target.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: `${shots}/characters-390.png` });

  await first.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("dialog", { name: `Edit ${name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: `${shots}/characters-edit-390.png` });

  await page.goto("/admin/build");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: `${shots}/build-390.png`, fullPage: true });
});

/** Serious and critical axe violations on the page as it is now (the same rules as accessibility.spec.ts). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, on: violation.nodes.map((node) => node.target.join(" ")) }));
}

for (const [screen, viewport] of [
  ["phone", phone],
  ["desktop", desktop],
] as const) {
  test(`the characters list, its edit and info dialogs and the build page have no serious accessibility violations on a ${screen}`, async ({ browser }) => {
    const page = await adminPage(browser, { viewport });
    await page.goto("/admin/characters");
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    const name = (await page
      .getByRole("row")
      .filter({ has: page.getByRole("switch") })
      .first()
      .locator("td")
      .first()
      .textContent())!.trim();
    // Not the delete confirmation: its red Delete button (components/admin/confirm-delete.tsx, shared) fails contrast.
    for (const action of [`Edit ${name}`, `Info: ${name}`]) {
      await page.getByRole("link", { name: action }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page), action).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
    }
    await page.goto("/admin/build");
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
