import { expect, test, type Page } from "@playwright/test";
import { attachmentTexts } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();

/** A confirmed, signed-in person with this month's 500 free tokens. */
async function readyToChat(page: Page, label: string) {
  const email = `chat.${label}.${Date.now()}@example.com`;
  await signedInAccount(page, fakes.smtp, email, "chat password");
  return { email };
}

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");

test("start a chat from a card, watch the reply stream, reload, and see it live in another tab", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await readyToChat(page, "stream");

  await page.goto("/");
  const card = page.getByRole("article").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(messages(page)).toHaveCount(1);
  await hydrated(page);
  await expect(messages(page).first()).toHaveAttribute("data-sender", "agent");
  await expect(page.getByTestId("agent-model")).toHaveText("deepseek-v3");

  // A second tab on the same account, open on the same conversation.
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(messages(other)).toHaveCount(1);

  const reply = "The *stars* are out tonight — shall we **watch** them together?";
  fakes.model.nextReply({ text: reply, chunkBytes: 24, delayMsPerChunk: 15 });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("What are you doing tonight?");
  await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  await expect(messages(page).nth(1)).toContainText("What are you doing tonight?");
  // The reply arrives in pieces: the Stop button shows while it streams.
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(messages(page).nth(2)).toContainText("The stars are out tonight — shall we watch them together?");
  await expect(messages(page).nth(2).locator("em")).toHaveText("stars");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();

  // The other tab got both messages live, without a reload.
  await expect(messages(other)).toHaveCount(3);
  await expect(messages(other).nth(2)).toContainText("shall we watch them together?");

  await page.reload();
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(1)).toContainText("What are you doing tonight?");
  await expect(page.getByTestId("header-tokens")).toHaveText("480 Tokens");
  // The chat's line in the list is the reply as plain words, without Markdown's marks.
  await expect(page.getByTestId("session-last-message")).toHaveText("The stars are out tonight — shall we watch them together?");
  expect(fakes.model.requests.at(-1)!.headers.authorization).toBe("Bearer nebius-e2e-key");
  await page.screenshot({ path: shotPath("chat-desktop.png") });
  await context.close();
});

test("the same conversation without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await readyToChat(page, "nojs");
  await page.goto("/explore");
  await page.getByRole("article").first().getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(messages(page)).toHaveCount(1);

  fakes.model.nextReply({ text: "Plain HTML works for me too." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Can you hear me without scripts?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(1)).toContainText("Can you hear me without scripts?");
  await expect(messages(page).nth(2)).toContainText("Plain HTML works for me too.");

  // The paperclip's files post with the form too.
  fakes.model.nextReply({ text: "Your list looks complete." });
  await page
    .locator('input[type="file"][name="file"]')
    .setInputFiles({ name: "list.txt", mimeType: "text/plain", buffer: Buffer.from("Tent, stove, matches") });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Check my list");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page)).toHaveCount(5);
  await expect(messages(page).nth(3).getByRole("link", { name: "list.txt" })).toBeVisible();
  await expect(messages(page).nth(4)).toContainText("Your list looks complete.");
  const sent = (fakes.model.requests.at(-1)!.body as { messages: { content: unknown }[] }).messages.at(-1)!.content;
  expect(sent).toEqual([
    { type: "text", text: "Check my list" },
    { type: "text", text: "Attached file list.txt:\nTent, stove, matches" },
  ]);
  // A send refused for its file keeps its text in the box, and nothing is kept or sent.
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Keep this text");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(attachmentTexts.notSupported("exe"))).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Keep this text");
  await expect(messages(page)).toHaveCount(5);

  // A long reply shows whole without scripts too (issue 31: no "Show more" on replies), and keeps
  // the model's line breaks; a long message of the person's own opens in full from its toggle.
  fakes.model.nextReply({ text: `First line\nSecond line, ${"and then some more words ".repeat(15)}THE END` });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(`Tell me a long one, ${"because I have time tonight ".repeat(12)}MY END`);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page)).toHaveCount(7);
  const long = messages(page).nth(6);
  await expect(long.getByText("THE END")).toBeVisible();
  await expect(long.getByText("Show more", { exact: true })).toHaveCount(0);
  await expect(long.locator("br")).not.toHaveCount(0);
  const mine = messages(page).nth(5);
  await expect(mine.getByText("MY END")).toBeHidden();
  await mine.getByText("Show more", { exact: true }).click();
  await expect(mine.getByText("MY END")).toBeVisible();
  await expect(mine.getByText("Show less", { exact: true })).toBeVisible();
  // Regenerate posts the page's form too: the new reply takes the old one's place.
  fakes.model.nextReply({ text: "A shorter one, then." });
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(messages(page)).toHaveCount(7);
  await expect(messages(page).nth(6)).toContainText("A shorter one, then.");
  await page.screenshot({ path: shotPath("chat-phone-nojs.png") });
  await context.close();
});

test("a failed reply shows the spec's text, keeps the message and refunds the tokens", async ({ page }) => {
  await page.setViewportSize(desktop);
  await readyToChat(page, "fail");
  await page.goto("/explore");
  await page.getByRole("article").nth(1).getByRole("link", { name: "Chat Now" }).click();
  await expect(messages(page)).toHaveCount(1);
  await hydrated(page);
  fakes.model.nextReply({ failWith: { status: 500, message: "boom" } });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Are you there?");
  await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  await expect(page.getByText(chatTexts.replyFailed)).toBeVisible();
  await page.reload();
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByText(chatTexts.thinking)).toHaveCount(0);
  await expect(page.getByTestId("header-tokens")).toHaveText("500 Tokens");
});

test("quick prompts and the prompt guide write into the composer; the sidebar's Chat reopens the last chat", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await readyToChat(page, "guide");
  await page.goto("/");
  await page.getByRole("article").nth(2).getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await hydrated(page);
  const chatUrl = page.url();
  const composer = page.getByRole("textbox", { name: "Message", exact: true });

  const quick = page.getByRole("complementary", { name: "Agent details" });
  await quick.getByRole("button", { name: "Ask Me" }).click();
  const asked = await composer.inputValue();
  expect(asked.length).toBeGreaterThan(5);

  await quick.getByRole("button", { name: "How to Use" }).click();
  const guide = page.getByRole("dialog", { name: "Prompt guide" });
  await expect(guide.getByRole("region", { name: "Ask Me" })).toContainText(asked);
  // One search across every section.
  const word = asked
    .split(/\s+/)
    .find((part) => part.length > 4)!
    .replace(/[^\p{L}]/gu, "");
  await guide.getByRole("searchbox", { name: "Search prompts" }).fill(word);
  await expect(guide.getByRole("button", { name: asked, exact: true })).toBeVisible();
  await guide.getByRole("searchbox", { name: "Search prompts" }).fill("zzzz no such prompt");
  await expect(guide.getByText("No prompts match your search.")).toBeVisible();
  await guide.getByRole("searchbox", { name: "Search prompts" }).fill("");
  const chatBasics = guide.getByRole("region", { name: "Chat Basics" }).getByRole("button").first();
  const picked = (await chatBasics.textContent())!;
  await chatBasics.click();
  await expect(guide).toBeHidden();
  await expect(composer).toHaveValue(picked);

  // The person's own copy of the character can be renamed.
  await quick.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit agent" });
  await edit.getByLabel("Name").fill("My Own Guide");
  await edit.getByLabel("Chat model").selectOption("Demo Chat (offline)");
  await page.screenshot({ path: shotPath("edit-agent.png") });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Agent updated successfully" })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { name: "My Own Guide", level: 1 })).toBeVisible();
  // Spec: model names over 16 characters show 13 and an ellipsis; the full name is the title.
  await expect(page.getByTestId("agent-model")).toHaveText("Demo Chat (of…");
  await expect(page.getByTestId("agent-model")).toHaveAttribute("title", "Demo Chat (offline)");

  // A picture that is not one: the spec's error toast, and the form stays open with the reason.
  await quick.getByRole("button", { name: "Edit" }).click();
  await edit.getByLabel("Avatar").setInputFiles({ name: "face.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Failed to upload image" })).toBeVisible();
  await expect(edit.getByRole("alert")).toContainText("Failed to upload image");
  await expect(page.getByRole("heading", { name: "My Own Guide", level: 1 })).toBeVisible();
  // Closed and opened again, the form starts afresh; a name of blanks takes the focus to the name, marked invalid.
  await edit.getByRole("button", { name: "Cancel" }).click();
  await quick.getByRole("button", { name: "Edit" }).click();
  await expect(edit.getByRole("alert")).toHaveCount(0);
  await expect(edit.getByLabel("Name")).toHaveValue("My Own Guide");
  await edit.getByLabel("Name").fill("   ");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(edit.getByLabel("Name")).toBeFocused();
  await edit.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/explore");
  // The last chat is remembered in the browser: the sidebar's script reads it.
  await hydrated(page);
  await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL(chatUrl);
});

test("attach a picture and a refused file in the composer; the picture goes with the message", async ({ page }) => {
  await page.setViewportSize(desktop);
  await readyToChat(page, "files");
  await page.goto("/explore");
  await page.getByRole("article").nth(3).getByRole("link", { name: "Chat Now" }).click();
  await expect(messages(page)).toHaveCount(1);
  await hydrated(page);
  // The details say where a picture goes, and what it costs there.
  await expect(page.getByTestId("agent-picture-model")).toHaveText("Qwen2.5 VL 72… · 20 tokens per message");
  // A 1×1 PNG.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const picker = page.locator('input[type="file"][multiple]');
  await picker.setInputFiles({ name: "notes.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  // Spec section 8: an error toast, and the reason stays above the composer.
  await expect(page.getByRole("status").filter({ hasText: "File type .exe not supported" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "File type .exe not supported" })).toBeVisible();
  await picker.setInputFiles({ name: "dot.PNG", mimeType: "image/png", buffer: png });
  const attachments = page.getByLabel("Attachments");
  await expect(attachments.getByText("dot.PNG")).toBeVisible();
  await expect(attachments.getByRole("status")).toHaveText("ready");

  fakes.model.nextReply({ text: "A tiny dot, how minimalist." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("What is this?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page).nth(1).getByRole("img", { name: "dot.PNG" })).toBeVisible();
  await expect(messages(page).nth(2)).toContainText("A tiny dot, how minimalist.");
  const asked = fakes.model.requests.at(-1)!.body as { model: string; messages: { content: unknown }[] };
  expect(asked.model).toBe("Qwen/Qwen2.5-VL-72B-Instruct"); // the seeded model that reads images, not the character's
  expect((asked.messages.at(-1)!.content as { type: string }[]).map((part) => part.type)).toEqual(["text", "image_url"]);
  await page.reload();
  await expect(messages(page).nth(1).getByRole("img", { name: "dot.PNG" })).toBeVisible();
});

test("on a phone the chat is full-screen, with quick actions and the agent details in a sheet; the list of chats keeps the site around it", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await readyToChat(page, "mobile");
  await page.goto("/explore");
  await page.getByRole("article").nth(4).getByRole("link", { name: "Chat Now" }).click();
  await expect(messages(page)).toHaveCount(1);
  await hydrated(page);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const quick = page.getByRole("group", { name: "Quick actions" }).or(page.getByLabel("Quick actions"));
  await quick.getByRole("button", { name: "Weather" }).click();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(/weather/i);
  await quick.getByRole("button", { name: "Photos" }).click();
  const sheet = page.getByRole("dialog", { name: "Agent details" });
  await expect(sheet.getByRole("heading", { name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: shotPath("chat-phone.png") });
  await sheet.getByRole("button", { name: "Close" }).click();
  // The conversation has the screen: no site header or bottom bar, and the page itself does not
  // scroll (no footer below), so only the messages do and the composer stays at the foot.
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Quick navigation" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(phone.height);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: shotPath("chat-phone-full-screen.png") });
  await page.getByRole("link", { name: "All chats" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  // The list of chats keeps the site's header and bottom bar, and fills the screen between them.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Quick navigation" })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(phone.height);
  await page.screenshot({ path: shotPath("chat-list-phone.png") });
});
