// A person builds a character of their own on /create, chats with it while it is private, submits
// it, an admin approves it, another visitor finds it on Explore, and its card goes out and back in.
// The same build without JavaScript, with its delete confirmation as a page.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { openSection } from "./character-form";
import { mailAndModelFakes } from "./fakes";
import { CONSOLE_ADMIN } from "./fixture-accounts";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const CHAT_MODEL = "Llama 3.1 70B Instruct";
const shots = shotPath("create");

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

async function avatarPicture() {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 60, g: 140, b: 200 } } })
    .png()
    .toBuffer();
  return { name: "avatar.png", mimeType: "image/png", buffer };
}

async function fillBasics(page: Page, name: string) {
  // The card import beside the form asks for a category too.
  await page.getByRole("form", { name: "Build a character" }).getByLabel("Category", { exact: true }).selectOption({ label: "Anime" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("A lighthouse keeper who tells stories about the sea.");
  await page.getByLabel("Welcome message").fill(`Ahoy, I'm ${name}.`);
  await openSection(page, "Models");
  await page.getByLabel("Chat model").selectOption(CHAT_MODEL);
}

const mine = (page: Page, name: string) => page.getByRole("region", { name: "My characters" }).getByRole("listitem").filter({ hasText: name });

test("build a character, chat with it, submit it, an admin approves it, it is on Explore, and its card comes back in", async ({ browser }) => {
  test.slow();
  const name = `Marin Keeper ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: desktop, acceptDownloads: true });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `create.js.${Date.now()}@example.com`, "create password");

  // The sidebar leads to the page.
  await page.goto("/explore");
  await hydrated(page);
  await page.getByRole("link", { name: "Create Character" }).first().click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole("heading", { name: "Create Character", level: 1 })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText("You haven't created any characters yet")).toBeVisible();

  await page.getByRole("button", { name: "Save Character" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Missing required fields: Category, Name, Description");
  await expect(page.getByRole("alert").first()).toContainText("Please fill in all required fields");

  // Its avatar is drawn from its appearance by an image model, paid in tokens; a lorebook entry tells the model about its lantern.
  await fillBasics(page, name);
  await page.getByLabel("Image prompt", { exact: true }).fill("An old lighthouse keeper with a red scarf and a brass lantern");
  await page.getByLabel("Generate the avatar from the image prompt").check();
  await openSection(page, "Lorebook");
  await page.getByRole("button", { name: "Add entry" }).click();
  await page.getByLabel("Lorebook entry 1 keys").fill("lantern");
  await page.getByLabel("Lorebook entry 1 content").fill("The brass lantern was a gift from Captain Ilse of the Northern Star.");
  await page.getByRole("button", { name: "Save Character" }).click();
  await expect(page.getByText("Character saved: its avatar is being generated")).toBeVisible();
  // The form starts blank again for the next character.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Lorebook entry 1 keys")).toHaveCount(0);
  await expect(mine(page, name)).toContainText("Private");
  await expect(mine(page, name).locator("img").first()).toHaveAttribute("src", /\/avatars\/[0-9a-f-]{36}\//, { timeout: 20_000 });
  await expect(mine(page, name)).not.toContainText("Generating avatar");
  await page.goto("/dashboard/tokens");
  await expect(page.getByTestId("balance-free")).not.toHaveText("500");
  await page.goto("/create");
  await hydrated(page);

  // Screenshots and axe, with one character in the list.
  fs.mkdirSync(shots, { recursive: true });
  for (const [label, size] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto("/create");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${shots}/create-${label}-${size.width}.png`, fullPage: true });
    expect(await seriousViolations(page), label).toEqual([]);
  }

  // The owner chats with it while it is private.
  await mine(page, name)
    .getByRole("link", { name: `Chat with ${name}` })
    .click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await hydrated(page);
  fakes.model.nextReply({ text: "The lamp is lit; the sea is calm tonight." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("How is the sea? And where is your lantern from?");
  await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("The lamp is lit; the sea is calm tonight.");
  // The lorebook entry whose key is in the message went to the model with the prompt.
  const prompt = JSON.stringify((fakes.model.requests.at(-1)!.body as { messages: unknown[] }).messages);
  expect(prompt).toContain("The brass lantern was a gift from Captain Ilse of the Northern Star.");

  await page.goto("/create");
  await hydrated(page);
  const exportLink = mine(page, name).getByRole("link", { name: `Export ${name} as a PNG card` });
  const characterId = /\/characters\/([0-9a-f-]{36})\//.exec((await exportLink.getAttribute("href"))!)![1]!;
  // Nobody else sees it yet.
  const visitor = await browser.newContext({ viewport: desktop });
  const other = await visitor.newPage();
  await signedInAccount(other, fakes.smtp, `create.other.${Date.now()}@example.com`, "other password");
  await other.goto(`/explore?q=${encodeURIComponent(name)}`);
  await expect(other.getByText("No characters found")).toBeVisible();

  await mine(page, name)
    .getByRole("button", { name: `Submit ${name} for review` })
    .click();
  await expect(page.getByText("Submitted for review").first()).toBeVisible();
  await expect(mine(page, name)).toContainText("Waiting for review");

  // An admin approves it from the Submitted list.
  const adminContext = await browser.newContext({ viewport: desktop });
  const admin = await adminContext.newPage();
  await signIn(admin, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
  await expect(admin.getByLabel("Profile menu")).toBeVisible();
  await admin.goto("/admin/characters");
  await admin.getByLabel("Status").selectOption("submitted");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/published=submitted/);
  await admin.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(admin.getByText("Character approved and published")).toBeVisible();

  await page.reload();
  await expect(mine(page, name)).toContainText("Published");
  await other.goto(`/explore?q=${encodeURIComponent(name)}`);
  await hydrated(other);
  const found = other.getByRole("article").filter({ hasText: name });
  await expect(found).toBeVisible();
  // The other person favorites it and finds it on /favorites.
  await found.getByRole("button", { name: `Add ${name} to favorites` }).click();
  await expect(other.getByText(`${name} added to favorites`)).toBeVisible();
  await other.goto("/favorites");
  await expect(other.getByRole("region", { name: /Characters/ }).getByRole("heading", { name })).toBeVisible();
  await visitor.close();

  // Its card goes out as a PNG and comes back in as a new private character.
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  const card = fs.readFileSync((await download.path())!);
  expect(card.includes(Buffer.from("ccv3\0", "latin1"))).toBe(true);
  const json = await page.request.get(`/characters/${characterId}/card.json`);
  expect(await json.json()).toMatchObject({ spec: "chara_card_v3", data: { name } });
  await page.getByLabel("Import a character card (PNG or JSON)").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: card });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/imported=/);
  await expect(mine(page, name)).toHaveCount(2);
  await expect(mine(page, name).first()).toContainText("Private");
  await context.close();

  // Off the catalogue again, so the specs after this one meet the seeded catalogue.
  await admin.goto(`/admin/characters?q=${encodeURIComponent(name)}`);
  await admin.getByRole("switch", { name: `Published: ${name}`, checked: true }).click();
  await expect(admin.getByRole("switch", { name: `Published: ${name}`, checked: true })).toHaveCount(0);
  await adminContext.close();
});

test("build a character without JavaScript, edit it, and delete it after the confirmation page", async ({ browser }) => {
  const name = `Juniper Quay ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `create.nojs.${Date.now()}@example.com`, "create password");
  await page.goto("/create");
  await page.getByLabel("Description", { exact: true }).fill("Only a description.");
  await page.getByRole("button", { name: "Save Character" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Missing required fields: Category, Name");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Only a description.");

  await fillBasics(page, name);
  await page.getByLabel("Avatar", { exact: true }).setInputFiles(await avatarPicture());
  await openSection(page, "Traits and tags");
  await page.getByLabel("Tags").fill(" Sea, Lamp ,Sea");
  await page.getByRole("button", { name: "Save Character" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-saved)?$/);
  await expect(mine(page, name)).toContainText("Private");

  await mine(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Tags")).toHaveValue("Sea, Lamp");
  // A lorebook entry added without JavaScript: the server shows the form again with a new entry.
  await openSection(page, "Lorebook");
  await page.getByRole("button", { name: "Add entry" }).click();
  await page.getByLabel("Lorebook entry 1 keys").fill("fog, harbour");
  await page.getByLabel("Lorebook entry 1 content").fill("Fog rolls into the harbour every evening at six.");
  await page.getByLabel("Name", { exact: true }).fill(`${name} II`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-updated)?$/);
  await expect(mine(page, `${name} II`)).toBeVisible();
  await mine(page, name)
    .getByRole("link", { name: `Edit ${name} II` })
    .click();
  await expect(page.getByLabel("Lorebook entry 1 keys")).toHaveValue("fog, harbour");
  await openSection(page, "Lorebook");
  await page.screenshot({ path: `${shots}/create-edit-lorebook-phone-390.png`, fullPage: true });
  await page.goto("/create");

  // Submitted, then declined with a reason by an admin on the review page (a page without JavaScript).
  await mine(page, name)
    .getByRole("button", { name: `Submit ${name} II for review` })
    .click();
  await expect(page).toHaveURL(/\/create(\?toast=character-submitted)?$/);
  await expect(mine(page, name)).toContainText("Waiting for review");
  const adminContext = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const admin = await adminContext.newPage();
  await signIn(admin, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
  await expect(admin.getByLabel("Profile menu")).toBeVisible();
  await admin.goto("/admin/characters?published=submitted");
  await admin.getByRole("link", { name: `Decline ${name} II` }).click();
  await expect(admin).toHaveURL(/\/review\?published=submitted$/);
  await admin.getByRole("button", { name: "Decline" }).click();
  await expect(admin.getByText("Please give a reason").first()).toBeVisible();
  await admin.getByLabel("Reason for declining").fill("Tell us more about the lighthouse.");
  await admin.getByRole("button", { name: "Decline" }).click();
  await expect(admin).toHaveURL(/published=submitted(&toast=character-declined)?$/);
  await expect(admin.getByText("Character declined")).toBeVisible();
  await adminContext.close();
  await page.goto("/create");
  await expect(mine(page, name)).toContainText("Declined: Tell us more about the lighthouse.");

  await mine(page, name)
    .getByRole("link", { name: `Delete ${name} II` })
    .click();
  await expect(page).toHaveURL(/\/create\/[0-9a-f-]{36}\/delete$/);
  await expect(page.getByText("Are you sure you want to delete this character?")).toBeVisible();
  await page.screenshot({ path: `${shots}/create-delete-phone-390.png` });
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-deleted)?$/);
  await expect(page.getByText("Character deleted successfully")).toBeVisible();
  await expect(mine(page, name)).toHaveCount(0);
  await context.close();
});

/** A Tavern V2 card as other apps write it: no category. */
function tavernCard(name: string) {
  const data = { name, description: "A ferry captain who knows every tide.", personality: "Gruff, fair, fond of puns.", first_mes: "All aboard." };
  return Buffer.from(JSON.stringify({ spec: "chara_card_v2", spec_version: "2.0", data: { ...data, scenario: "", mes_example: "", extensions: {} } }));
}

test("without JavaScript: fill the advanced settings, add and remove alternate greetings, save; import a card that has no category", async ({ browser }) => {
  test.slow();
  const name = `Wren Harbour ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `create.card.${Date.now()}@example.com`, "create password");
  await page.goto("/create");
  // The advanced settings are folded until opened.
  await expect(page.getByLabel("Scenario")).toBeHidden();
  await fillBasics(page, name);
  await page.getByLabel("Personality", { exact: true }).fill("Quiet, precise, fond of old maps.");

  await openSection(page, "Story and greetings");
  await page.getByLabel("Scenario").fill("A harbour office at dawn; {{user}} brings a torn map.");
  // Each press is a round trip: the section stays open with everything typed.
  await page.getByRole("button", { name: "Add greeting" }).click();
  await page.getByLabel("Alternate greeting 1", { exact: true }).fill("The tide waits for no one.");
  await page.getByRole("button", { name: "Add greeting" }).click();
  await page.getByLabel("Alternate greeting 2", { exact: true }).fill("A greeting to remove.");
  await page.getByRole("button", { name: "Add greeting" }).click();
  await page.getByLabel("Alternate greeting 3", { exact: true }).fill("Fog today. Mind the ropes.");
  await page.getByRole("button", { name: "Remove alternate greeting 2" }).click();
  await expect(page.getByLabel(/^Alternate greeting \d$/)).toHaveCount(2);
  await expect(page.getByLabel("Alternate greeting 1", { exact: true })).toHaveValue("The tide waits for no one.");
  await expect(page.getByLabel("Alternate greeting 2", { exact: true })).toHaveValue("Fog today. Mind the ropes.");
  await expect(page.getByLabel("Scenario")).toHaveValue("A harbour office at dawn; {{user}} brings a torn map.");
  await expect(page.getByLabel("Personality", { exact: true })).toHaveValue("Quiet, precise, fond of old maps.");
  await page.getByLabel("Example dialogue").fill("<START>\n{{user}}: Can you read it?\n{{char}}: Every line.");
  await openSection(page, "Instructions for the AI");
  await page.getByLabel("Post-history instructions").fill("Answer like a harbour master.");
  await openSection(page, "Creator notes");
  await page.getByLabel("Creator notes").fill("Made for the no-JavaScript test.");
  await page.getByRole("button", { name: "Save Character" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-saved)?$/);
  await expect(mine(page, name)).toContainText("Private");

  await mine(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await expect(page.getByLabel("Personality", { exact: true })).toHaveValue("Quiet, precise, fond of old maps.");
  await expect(page.getByLabel("Scenario")).toHaveValue("A harbour office at dawn; {{user}} brings a torn map.");
  await expect(page.getByLabel("Alternate greeting 2", { exact: true })).toHaveValue("Fog today. Mind the ropes.");
  await expect(page.getByLabel("Example dialogue")).toHaveValue("<START>\n{{user}}: Can you read it?\n{{char}}: Every line.");
  await expect(page.getByLabel("Post-history instructions")).toHaveValue("Answer like a harbour master.");
  await expect(page.getByLabel("Creator notes")).toHaveValue("Made for the no-JavaScript test.");
  await page.goto("/create");

  // A card from elsewhere has no category: the import asks for one, then the character saves as it is.
  const captain = `Tidewell ${Date.now() % 100000}`;
  const card = { name: "tidewell.json", mimeType: "application/json", buffer: tavernCard(captain) };
  await page.getByLabel("Import a character card (PNG or JSON)").setInputFiles(card);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/cardError=noCategory/);
  await expect(page.getByRole("alert").filter({ hasText: "Choose a category for the imported character" })).toBeVisible();
  await expect(mine(page, captain)).toHaveCount(0);
  await page.getByLabel("Import a character card (PNG or JSON)").setInputFiles(card);
  await page.getByRole("region", { name: "Import a character card" }).getByLabel("Category").selectOption({ label: "Anime" });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/imported=/);
  await expect(mine(page, captain)).toContainText("Private");
  await mine(page, captain)
    .getByRole("link", { name: `Edit ${captain}` })
    .click();
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel("Personality", { exact: true })).toHaveValue("Gruff, fair, fond of puns.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-updated)?$/);
  await context.close();
});
