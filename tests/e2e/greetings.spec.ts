// A character's own greeting opens its chats at once, with the person's and the character's names
// filled in wherever a person reads them: the overlay, the chat, its other versions, the chat list
// and the details panel. With and without JavaScript.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, seededGreeting, signedInAccount } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const shots = shotPath("greeting");
fs.mkdirSync(shots, { recursive: true });

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
/** A placeholder, in any case. */
const PLACEHOLDER = /\{\{\s*(char|user)\s*\}\}|<(user|bot)>/i;

/** No placeholder is left in what the page shows (the closed Edit agent form keeps them as written, for editing). */
async function noPlaceholders(page: Page) {
  await expect(page.locator("body")).not.toHaveText(PLACEHOLDER, { useInnerText: true });
}

/** A new account (with the month's free tokens its confirmation gave) whose name is the part of its e-mail before @, as sign-up sets it. */
async function newPerson(page: Page, label: string) {
  const name = `${label}.${Date.now()}`;
  await signedInAccount(page, fakes.smtp, `${name}@example.com`, "greeting password");
  return name;
}

/** A seeded character's greeting as this person reads it; the characters a visitor sees first greet them by name. */
function namedGreeting(character: string, person: string) {
  const greeting = seededGreeting(character, person);
  expect(greeting, `${character} greets the person by name`).toContain(person);
  return greeting;
}

test("a new person's first chat opens at once with the character's own greeting, their name filled in", async ({ page }) => {
  await page.setViewportSize(desktop);
  const person = await newPerson(page, "robin");

  // The first character on Explore: its overlay's greeting already names the person.
  await page.goto("/explore");
  await hydrated(page);
  const card = page.getByRole("article").first();
  const character = (await card.getByRole("heading").textContent())!;
  const greeting = namedGreeting(character, person);
  await card.getByRole("link", { name: `View ${character}` }).click();
  const overlay = page.getByRole("dialog", { name: character });
  await expect(overlay.getByRole("blockquote")).toHaveText(`“${greeting}”`);
  await noPlaceholders(page);
  await page.screenshot({ path: `${shots}/overlay-1280.png` });

  // Chat Now: the greeting is there, and no model was asked for it.
  const asked = fakes.model.requests.length;
  await overlay.getByRole("link", { name: /Chat Now/ }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText(greeting);
  expect(fakes.model.requests.length).toBe(asked);
  await hydrated(page);
  await expect(page.getByTestId("session-last-message").first()).toHaveText(greeting);
  await page.getByRole("button", { name: "Show details" }).click();
  await expect(page.getByRole("complementary", { name: "Agent details" })).toBeVisible();
  await noPlaceholders(page);
  await page.screenshot({ path: `${shots}/chat-seeded-1280.png` });

  // The reply's prompt names the person too, and carries no placeholder.
  fakes.model.nextReply({ text: "Good to see you." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello!");
  await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  await expect(messages(page).nth(2)).toContainText("Good to see you.");
  const prompt = JSON.stringify(fakes.model.requests.at(-1)!.body.messages);
  expect(prompt).toContain(greeting.slice(0, 40));
  expect(prompt).not.toMatch(PLACEHOLDER);
});

test("on a phone without JavaScript the greeting names the person just the same", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  const person = await newPerson(page, "kit");
  await page.goto("/");
  const card = page.getByRole("article").nth(1);
  const character = (await card.getByRole("heading").textContent())!;
  const greeting = namedGreeting(character, person);
  await card.getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(messages(page).first()).toContainText(greeting);
  await noPlaceholders(page);
  await page.screenshot({ path: `${shots}/chat-seeded-nojs-390.png` });
  await context.close();
});

/** A card whose every text a person or the model reads names the character and the person. */
function ferryCard(name: string) {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name,
      description: "{{char}} runs the ferry that takes {{user}} across the bay.",
      personality: "Cheerful",
      scenario: "A foggy morning at the pier.",
      first_mes: "Ahoy, {{user}}! {{char}} at your service.",
      alternate_greetings: ["<USER>, you're back! The <BOT> kept your seat.", "{{Char}} waves at {{USER}} from the deck."],
      mes_example: "<START>\n{{user}}: Is it choppy?\n{{char}}: Only a little.",
      system_prompt: "You are {{char}}. The passenger is {{user}}.",
      post_history_instructions: "Stay as {{char}}.",
      tags: ["ferry"],
      creator: "e2e",
      creator_notes: "",
      character_version: "1",
      extensions: {},
      character_book: {
        extensions: {},
        entries: [
          {
            keys: ["fog"],
            content: "{{char}} has ferried {{user}}'s family for years.",
            extensions: {},
            enabled: true,
            insertion_order: 0,
            constant: true,
            use_regex: false,
          },
        ],
      },
    },
  };
}

for (const size of [desktop, phone]) {
  test(`an imported card's greeting, its other versions and its details name the person (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    const person = await newPerson(page, `wren${size.width}`);
    const name = `Wren ${Date.now() % 100000}`;
    await page.goto("/create");
    await hydrated(page);
    await page
      .getByLabel("Import a character card (PNG or JSON)")
      .setInputFiles({ name: "wren.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(ferryCard(name))) });
    // The card names no category: the import asks for one.
    await page.getByRole("region", { name: "Import a character card" }).getByLabel("Category").selectOption({ label: "Anime" });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page).toHaveURL(/imported=/);

    const asked = fakes.model.requests.length;
    await page
      .getByRole("region", { name: "My characters" })
      .getByRole("listitem")
      .filter({ hasText: name })
      .getByRole("link", { name: `Chat with ${name}` })
      .click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const greeting = messages(page).first();
    await expect(greeting).toContainText(`Ahoy, ${person}! ${name} at your service.`);
    expect(fakes.model.requests.length).toBe(asked);

    // The other versions are the card's alternate greetings, named the same way.
    await greeting.getByRole("button", { name: "Next version" }).click();
    await expect(greeting).toContainText(`${person}, you're back! The ${name} kept your seat.`);
    await greeting.getByRole("button", { name: "Next version" }).click();
    await expect(greeting).toContainText(`${name} waves at ${person} from the deck.`);
    await expect(greeting).toContainText("3/3");

    // The details panel (beside the chat on a desktop, a dialog on a phone) shows the bio named.
    if (size.width >= desktop.width) await page.getByRole("button", { name: "Show details" }).click();
    else await page.getByRole("button", { name: "Agent details" }).click();
    const details =
      size.width >= desktop.width ? page.getByRole("complementary", { name: "Agent details" }) : page.getByRole("dialog", { name: "Agent details" });
    await expect(details).toContainText(`${name} runs the ferry that takes ${person} across the bay.`);
    await noPlaceholders(page);
    await page.screenshot({ path: `${shots}/chat-card-${size.width}.png` });
    if (size.width < desktop.width) await page.keyboard.press("Escape");

    // Every text of the card the model reads names them too.
    fakes.model.nextReply({ text: "Hold on tight." });
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Is it foggy today?");
    await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
    await expect(messages(page).nth(2)).toContainText("Hold on tight.");
    const sent = fakes.model.requests.at(-1)!.body.messages as { role: string; content: string }[];
    const system = sent[0]!.content;
    expect(system).toContain(`You are ${name}. The passenger is ${person}.`);
    expect(system).toContain(`${name} has ferried ${person}'s family for years.`);
    expect(system).toContain(`${person}: Is it choppy?\n${name}: Only a little.`);
    expect(sent.at(-1)).toEqual({ role: "system", content: `Stay as ${name}.` });
    expect(JSON.stringify(sent)).not.toMatch(PLACEHOLDER);
  });
}
