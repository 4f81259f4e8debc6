// A SillyTavern card goes in through /create's import, is edited in the character form (its
// Character's note among the fields) and comes back out of the JSON export with its own fields:
// character_version, its extensions and a field this app does not know. With JavaScript at 1280
// px, and without it at 390 px.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openSection } from "./character-form";
import { mailAndModelFakes } from "./fakes";
import { signedInAccount } from "./journeys";
import { shotPath } from "./screenshots";
import { desktop, phone } from "./viewports";

const fakes = mailAndModelFakes();

function sillyTavernCard(name: string) {
  const data = {
    name,
    description: "A smuggler with a soft spot for strays.",
    personality: "Wry, loyal.",
    scenario: "",
    first_mes: "You're late.",
    mes_example: "",
    tags: ["space"],
    character_version: "2.1",
    extensions: {
      talkativeness: "0.5",
      fav: false,
      world: "Outer Rim",
      depth_prompt: { prompt: "{{char}} distrusts officials.", depth: 3, role: "system" },
      other_tool: { id: 42 },
    },
    nickname: "Kes",
  };
  return Buffer.from(JSON.stringify({ spec: "chara_card_v3", spec_version: "3.0", creatorcomment: "", data }));
}

const mine = (page: Page, name: string) => page.getByRole("region", { name: "My characters" }).getByRole("listitem").filter({ hasText: name });

async function importAndEdit(page: Page, name: string, label: string, { axe = false } = {}) {
  await page.goto("/create");
  await page
    .getByLabel("Import a character card (PNG or JSON)")
    .setInputFiles({ name: "kes.json", mimeType: "application/json", buffer: sillyTavernCard(name) });
  await page.getByRole("region", { name: "Import a character card" }).getByLabel("Category").selectOption({ label: "Anime" });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(mine(page, name)).toContainText("Private");
  await mine(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  // The section opens by itself, as it holds the card's note.
  const note = page.getByLabel("Character's note");
  await expect(note).toHaveValue("{{char}} distrusts officials.");
  if (!(await note.isVisible())) await openSection(page, "Instructions for the AI");
  await expect(note).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(`cards-note-${label}.png`) });
  if (axe) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
  }
  await note.fill("{{char}} distrusts officials, and says so.");
  await page.getByLabel("Description", { exact: true }).fill("A smuggler who went straight.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/create(\?toast=character-updated)?$/, { timeout: 30_000 });
}

async function exportedCard(page: Page, name: string) {
  const href = await mine(page, name)
    .getByRole("link", { name: `Export ${name} as a JSON card` })
    .getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return (await response.json()) as { spec: string; creatorcomment: string; data: Record<string, unknown> };
}

function expectKept(card: Awaited<ReturnType<typeof exportedCard>>) {
  expect(card.spec).toBe("chara_card_v3");
  expect(card.creatorcomment).toBe("");
  expect(card.data).toMatchObject({
    description: "A smuggler who went straight.",
    character_version: "2.1",
    nickname: "Kes",
    extensions: {
      talkativeness: "0.5",
      fav: false,
      world: "Outer Rim",
      depth_prompt: { prompt: "{{char}} distrusts officials, and says so.", depth: 3, role: "system" },
      other_tool: { id: 42 },
      characterverse: { category: "Anime" },
    },
  });
}

test("with JavaScript at 1280 px: import a SillyTavern card, edit it, and its export keeps the card's own fields", async ({ browser }) => {
  test.slow();
  const name = `Kes Varro ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `cards.js.${Date.now()}@example.com`, "cards password");
  await importAndEdit(page, name, "1280", { axe: true });
  expectKept(await exportedCard(page, name));
  await context.close();
});

test("without JavaScript at 390 px: the same import, edit and export", async ({ browser }) => {
  test.slow();
  const name = `Kes Orrin ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `cards.nojs.${Date.now()}@example.com`, "cards password");
  await importAndEdit(page, name, "390");
  expectKept(await exportedCard(page, name));
  await context.close();
});
