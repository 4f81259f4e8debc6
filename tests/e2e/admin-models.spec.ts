// An admin adds a chat model that talks to the fake OpenAI server, publishes it and presses
// Test to see its answer, with and without JavaScript; adds a character detail with object
// options, reorders and deletes it; then the Chat Models and Character Details pages are photographed at phone and desktop widths (screenshots.ts:
// admin/).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { detailTexts, modelTexts } from "~/lib/admin-models";
import { E2E_OPENAI_PORT } from "../../playwright.config";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import { MODELS_ADMIN } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

let fake: FakeOpenAi;
test.beforeAll(async () => {
  fake = await startFakeOpenAi({ port: E2E_OPENAI_PORT });
});
test.afterAll(() => fake.close());

const FAKE_URL = `http://127.0.0.1:${E2E_OPENAI_PORT}/v1`;

async function adminPage(browser: Browser, { javaScriptEnabled = true, viewport = desktop } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  const page = await context.newPage();
  await signIn(page, MODELS_ADMIN.email, MODELS_ADMIN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return page;
}

/** Fills the Add Model form (dialog or page) for a chat model at the fake server. */
async function fillModel(page: Page, name: string, apiKey: string) {
  const form = page.getByRole("dialog", { name: "Add Model" });
  await form.getByLabel("Chat Model").fill(name);
  await form.getByLabel("Model ID").fill("gpt-e2e");
  await form.getByLabel("AI Platform").fill("openai");
  await form.getByLabel("Model Type").selectOption("chat");
  await form.getByLabel("Description").fill("A model the e2e tests talk to");
  await form.getByLabel("Setting 1 name").fill("temperature");
  await form.getByLabel("Setting 1 options").fill("0.6, 1");
  await form.getByLabel("Tokens").fill("0");
  await form.getByLabel("API URL").fill(FAKE_URL);
  await form.getByLabel("API Key").fill(apiKey);
  await form.getByRole("button", { name: "Add Model" }).click();
}

const shot = (name: string) => shotPath(`admin/${name}.png`);

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

for (const javaScriptEnabled of [true, false]) {
  test(`an admin adds a chat model, publishes it and tests it ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const page = await adminPage(browser, { javaScriptEnabled });
    const name = `E2E Model ${javaScriptEnabled ? "JS" : "NoJS"}`;
    const apiKey = `sk-e2e-${javaScriptEnabled ? "js" : "nojs"}-secret-key`;

    await page.goto("/admin/models");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("link", { name: "Add Model" }).click();
    await expect(page).toHaveURL(/\/admin\/models\/new$/);
    await expect(page.getByRole("dialog", { name: "Add Model" })).toBeVisible();
    await fillModel(page, name, apiKey);

    await expect(page).toHaveURL(/\/admin\/models(\?toast=model-added)?$/);
    await expect(page.getByText(modelTexts.added)).toBeVisible();
    await expect(row(page, name)).toContainText("Free");
    await expect(row(page, name)).toContainText("openai");

    const published = page.getByRole("switch", { name: `Published: ${name}` });
    await expect(published).toHaveAttribute("aria-checked", "false");
    await published.click();
    await expect(published).toHaveAttribute("aria-checked", "true");
    await page.reload();
    await expect(page.getByRole("switch", { name: `Published: ${name}` })).toHaveAttribute("aria-checked", "true");

    const answer = `Hello from ${name}.`;
    fake.nextReply({ text: answer });
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("button", { name: `Test ${name}` }).click();
    await expect(page.getByText(`${name} answered: ${answer}`)).toBeVisible();
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${apiKey}`);

    // The key is write-only: the edit form says one is stored, and no page holds it.
    await page.goto("/admin/models");
    await row(page, name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await expect(page.getByText("A key is stored (encrypted; it is never shown). Leave blank to keep it.")).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("API Key")).toHaveValue("");
    expect(await page.content()).not.toContain(apiKey);
    await page.context().close();
  });
}

test("an admin adds a character detail whose options are objects, moves it up and deletes it", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/character-details");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Detail" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Character Detail" });
  await dialog.getByRole("button", { name: "Add Detail" }).click();
  await expect(dialog.getByText(detailTexts.nameRequired).first()).toBeVisible();

  await dialog.getByLabel("Name").fill("Home town");
  await dialog.getByRole("radio", { name: "Objects with fields" }).check();
  await dialog.getByLabel("New field name").fill("country");
  await dialog.getByRole("button", { name: "Add field" }).click();
  await dialog.getByLabel("Option 1 name").fill("Paris");
  await dialog.getByLabel("Option 1 country").fill("France");
  await dialog.getByRole("button", { name: "Add option" }).click();
  await dialog.getByLabel("Option 2 name").fill("Tokyo");
  await dialog.getByLabel("Option 2 country").fill("Japan");
  await dialog.getByRole("button", { name: "Move option 2 up" }).click();
  await expect(dialog.getByLabel("Option 1 name")).toHaveValue("Tokyo");
  await dialog.getByRole("button", { name: "Add Detail" }).click();

  await expect(page.getByText(detailTexts.saved)).toBeVisible();
  const added = row(page, "Home town");
  await expect(added).toContainText("2");
  await added.getByRole("link", { name: "Edit Home town" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Character Detail" }).getByLabel("Option 1 country")).toHaveValue("Japan");
  await page.getByRole("link", { name: "Cancel" }).click();

  // It was added last; one move up puts it before the one above.
  const names = () => page.getByRole("row").locator("td:first-child").allTextContents();
  const before = await names();
  await row(page, "Home town").getByRole("button", { name: "Move Home town up" }).click();
  await expect.poll(names).toEqual([...before.slice(0, -2), before.at(-1), before.at(-2)]);

  await row(page, "Home town").getByRole("link", { name: "Delete Home town" }).click();
  await expect(page.getByRole("dialog", { name: "Delete Character Detail" })).toContainText(detailTexts.deleteQuestion);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(detailTexts.deleted)).toBeVisible();
  await expect(row(page, "Home town")).toHaveCount(0);
  await page.context().close();
});

test("the Chat Models and Character Details pages at phone and desktop widths", async ({ browser }) => {
  for (const [width, viewport] of [
    ["390", phone],
    ["1280", desktop],
  ] as const) {
    const page = await adminPage(browser, { viewport });
    await page.goto("/admin/models");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Chat Models" })).toBeVisible();
    await page.screenshot({ path: shot(`models-${width}`), fullPage: true });

    await page.getByRole("link", { name: "Add Model" }).click();
    await expect(page.getByRole("dialog", { name: "Add Model" })).toBeVisible();
    await page.getByLabel("Model Type").selectOption("image");
    await expect(page.getByLabel("Setting 1 name")).toHaveValue("image_size");
    await page.screenshot({ path: shot(`models-new-${width}`) });

    await page.goto("/admin/character-details");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Character Details" })).toBeVisible();
    await expect(page.getByText(detailTexts.empty)).toHaveCount(0);
    await page.screenshot({ path: shot(`character-details-${width}`), fullPage: true });

    await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Edit Character Detail" })).toBeVisible();
    await page.screenshot({ path: shot(`character-details-edit-${width}`) });
    await page.context().close();
  }
});
