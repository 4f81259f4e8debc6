// Search across one's messages, take a chat out (SillyTavern's JSONL, JSON, text) and bring the
// JSONL back in as a new chat with the same messages: with JavaScript, and the core steps without.
import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { chatImportTexts } from "~/lib/chat-transfer";
import { mailAndModelFakes } from "./fakes";
import { signedInAccount, startChatFromExplore } from "./journeys";
import { problemsOn } from "./page-tour";
import { shotPath } from "./screenshots";
import { desktop, phone } from "./viewports";

const fakes = mailAndModelFakes();

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");

/** A signed-in person with a chat holding a message of theirs (with `word` in it) and a reply. */
async function chatWithWord(page: Page, label: string, word: string) {
  await signedInAccount(page, fakes.smtp, `transfer.${label}.${Date.now()}@example.com`, "transfer password");
  const chat = await startChatFromExplore(page, 0);
  fakes.model.nextReply({ text: `A ${word} reply, as you asked.` });
  const origin = new URL(page.url()).origin;
  const sent = await page.request.post(`/api/chat/${chat.id}/reply`, { form: { message: `Tell me about the ${word} tonight` }, headers: { Origin: origin } });
  expect(sent.status()).toBe(200);
  await sent.body();
  return chat;
}

/** The page's script is running; a busy machine may take a while to start it. */
const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });

/** The texts of a chat's messages, as the page shows them. */
const texts = (page: Page) => messages(page).allInnerTexts();

async function saved(download: Download) {
  return fs.readFileSync((await download.path())!, "utf8");
}

test("search finds a message, the chat downloads in three formats, and its JSONL comes back as a new chat", async ({ page }) => {
  await page.setViewportSize(desktop);
  const chat = await chatWithWord(page, "js", "moonflower");

  await page.goto("/chat");
  await page.screenshot({ path: shotPath("transfer-chat-list-1280.png") });
  await page.getByRole("link", { name: "Search messages" }).click();
  await page.getByRole("searchbox", { name: "Search your messages" }).fill("MOONFLOWER");
  await page.getByRole("searchbox", { name: "Search your messages" }).press("Enter");
  const results = page.getByTestId("search-result");
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText(chat.name);
  await expect(results.first().locator("mark")).toHaveText("moonflower");
  await page.screenshot({ path: shotPath("transfer-chat-search-1280.png") });
  expect(await problemsOn(page, "/chat/search?q=moonflower")).toEqual({});
  await results.last().click();
  await expect(page).toHaveURL(`/chat/${chat.id}`);
  await expect(messages(page)).toHaveCount(3);
  const original = await texts(page);

  await hydrated(page);
  await page.getByRole("button", { name: "Show details" }).click();
  const details = page.getByRole("complementary", { name: "Agent details" });
  const files: Record<string, string> = {};
  for (const [label, suffix] of [
    ["SillyTavern (.jsonl)", "jsonl"],
    ["JSON", "json"],
    ["Text", "txt"],
  ] as const) {
    const download = page.waitForEvent("download");
    await details.getByRole("link", { name: label, exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${suffix}$`));
    files[suffix] = await saved(file);
  }
  const [header, ...lines] = files.jsonl!.split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(header).toMatchObject({ character_name: chat.name, chat_metadata: {} });
  expect(lines.map((line) => line.is_user)).toEqual([false, true, false]);
  expect(JSON.parse(files.json!).messages).toHaveLength(3);
  expect(files.txt).toContain(": Tell me about the moonflower tonight");
  await details.screenshot({ path: shotPath("transfer-chat-export-1280.png") });

  await page.goto("/chat/import");
  expect(await problemsOn(page, "/chat/import")).toEqual({});
  await page.getByLabel("Character", { exact: true }).selectOption({ label: chat.name });
  await page
    .getByLabel("SillyTavern chat file (.jsonl)")
    .setInputFiles({ name: "chat.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(files.jsonl!) });
  await page.screenshot({ path: shotPath("transfer-chat-import-1280.png") });
  await page.getByRole("button", { name: "Import chat" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(chat.id);
  await expect(messages(page)).toHaveCount(3);
  expect(await texts(page)).toEqual(original);

  // On a phone the downloads are in the details sheet.
  await page.setViewportSize(phone);
  await page.goto(`/chat/${chat.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Agent details" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "SillyTavern (.jsonl)" })).toHaveAttribute("href", `/chat/${chat.id}/export.jsonl`);
  await page.screenshot({ path: shotPath("transfer-chat-export-390.png") });
  await page.goto("/chat/search?q=moonflower");
  await page.screenshot({ path: shotPath("transfer-chat-search-390.png") });
  expect(await problemsOn(page, "/chat/import")).toEqual({});
  await page.screenshot({ path: shotPath("transfer-chat-import-390.png") });
});

test("without JavaScript, search, export and import work as plain links and forms, at 390 and 1280", async ({ browser, page }) => {
  const chat = await chatWithWord(page, "nojs", "stargazer");
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: phone });
  const plain = await context.newPage();

  await plain.goto("/chat");
  await plain.screenshot({ path: shotPath("transfer-chat-list-390.png") });
  await plain.getByRole("link", { name: "Search messages" }).click();
  await plain.getByRole("searchbox", { name: "Search your messages" }).fill("stargazer");
  await plain.getByRole("searchbox", { name: "Search your messages" }).press("Enter");
  await expect(plain).toHaveURL(/\/chat\/search\?q=stargazer$/);
  await expect(plain.getByTestId("search-result")).toHaveCount(2);
  await plain.getByTestId("search-result").first().click();
  await expect(plain).toHaveURL(`/chat/${chat.id}`);
  const original = await texts(plain);
  expect(original).toHaveLength(3);

  const jsonl = await plain.request.get(`/chat/${chat.id}/export.jsonl`);
  expect(jsonl.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.jsonl"/);
  const file = await jsonl.text();

  await plain.setViewportSize(desktop);
  await plain.goto("/chat/import");
  await plain.getByLabel("Character", { exact: true }).selectOption({ label: chat.name });
  // A file that is not a chat is refused with the reason, and the form is there to try again.
  await plain
    .getByLabel("SillyTavern chat file (.jsonl)")
    .setInputFiles({ name: "notes.jsonl", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
  const refused = plain.waitForResponse((response) => response.url().endsWith("/chat/import") && response.request().method() === "POST");
  await plain.getByRole("button", { name: "Import chat" }).click();
  expect((await refused).status()).toBe(400);
  await expect(plain.getByRole("alert")).toHaveText(chatImportTexts.badLine(1));

  await plain.getByLabel("Character", { exact: true }).selectOption({ label: chat.name });
  await plain.getByLabel("SillyTavern chat file (.jsonl)").setInputFiles({ name: "chat.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(file) });
  await plain.getByRole("button", { name: "Import chat" }).click();
  await expect(plain).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(plain.url()).not.toContain(chat.id);
  expect(await texts(plain)).toEqual(original);
  await context.close();
});
