// Chat that fits a phone (issue 31): at 390 and at 1280 px, replies show whole, Stop keeps a
// stopped reply charged less than a full one, ← and → move between a reply's versions (→ on the
// last makes a new one), and on a phone the message box keeps most of its row.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { chatTexts } from "~/lib/chat";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount, startChatFromExplore } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const SHOTS = shotPath("chat");
const PRICE = 20; // deepseek-v3's cost_tokens in the seed

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });

/** A confirmed, signed-in person with this month's 500 free tokens, in a new chat. */
async function chatting(page: Page, label: string, card = 0) {
  await signedInAccount(page, fakes.smtp, `phone.${label}.${Date.now()}@example.com`, "phone chat password");
  const chat = await startChatFromExplore(page, card);
  await expect(messages(page)).toHaveCount(1);
  await hydrated(page);
  return chat;
}

/**
 * axe's serious and critical findings (WCAG 2.2 AA and what it builds on) in the conversation as
 * it is now: the site's own frame around it is accessibility.spec.ts's.
 */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-label^="Conversation with"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`);
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** The balance as the tokens page shows it; then back to `back`. */
async function balance(page: Page, back: string) {
  await page.goto("/dashboard/tokens");
  const total = Number(await page.getByTestId("balance-free").textContent());
  await page.goto(back);
  await hydrated(page);
  return total;
}

const LONG_REPLY = `Here is the whole story, from the very beginning. ${"The lighthouse keeper climbed the stairs again, counting every step. ".repeat(6)}THE END`;

for (const viewport of [phone, desktop]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a reply of more than 300 characters shows whole; Stop leaves a stopped reply charged less than a full one", async ({ page }) => {
      const chat = await chatting(page, `stop${viewport.width}`);
      expect(LONG_REPLY.length).toBeGreaterThan(300);
      fakes.model.nextReply({ text: LONG_REPLY, chunkBytes: 64 });
      await send(page, "Tell me the whole story");
      const full = messages(page).nth(2);
      await expect(full.getByText("THE END")).toBeVisible();
      await expect(full.getByText("Show more")).toHaveCount(0);
      await expect(full.getByTestId("reply-stopped")).toHaveCount(0);
      // Whole after a reload too, where it comes from the server.
      await page.reload();
      await expect(messages(page).nth(2).getByText("THE END")).toBeVisible();
      await expect(messages(page).nth(2).getByText("Show more")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/long-reply-${viewport.width}.png` });
      const afterFull = await balance(page, `/chat/${chat.id}`);
      expect(afterFull).toBe(500 - PRICE);

      // The next reply stalls after its first words, until the person stops it.
      fakes.model.nextReply({ text: `The night was long ${"and the sea was loud ".repeat(60)}`, stallAfterChars: 120, stallMs: 60_000 });
      await send(page, "And then?");
      const stopping = messages(page).nth(4);
      await expect(stopping).toContainText("and the sea was loud");
      await page.getByRole("button", { name: "Stop" }).click();
      await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
      const stopped = messages(page).last();
      await expect(stopped.getByTestId("reply-stopped")).toHaveText(chatTexts.stopped);
      await expect(stopped).toContainText("The night was long");
      await page.screenshot({ path: `${SHOTS}/stopped-${viewport.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      // Paid for what it holds: at least 1 token, less than a full reply.
      const afterStop = await balance(page, `/chat/${chat.id}`);
      expect(afterFull - afterStop).toBeGreaterThanOrEqual(1);
      expect(afterFull - afterStop).toBeLessThan(PRICE);
      await expect(messages(page).last().getByTestId("reply-stopped")).toBeVisible();
    });

    test("← and → move between versions, and → on the last makes a new one", async ({ page }) => {
      await chatting(page, `versions${viewport.width}`, 1);
      fakes.model.nextReply({ text: "The first answer." });
      await send(page, "Tell me something");
      const last = () => messages(page).last();
      await expect(last()).toContainText("The first answer.");

      // One version: only →, which makes a new one; each arrow is a 44 px target.
      await expect(last().getByRole("button", { name: chatTexts.previousVersion })).toHaveCount(0);
      const newVersion = last().getByRole("button", { name: chatTexts.newVersion });
      expect(await newVersion.boundingBox()).toMatchObject({ width: 44, height: 44 });
      fakes.model.nextReply({ text: "A second answer." });
      await newVersion.click();
      await expect(last()).toContainText("A second answer.");
      await expect(last()).toContainText("2/2");
      const previous = last().getByRole("button", { name: chatTexts.previousVersion });
      expect(await previous.boundingBox()).toMatchObject({ width: 44, height: 44 });
      await page.screenshot({ path: `${SHOTS}/versions-${viewport.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await previous.click();
      await expect(last()).toContainText("The first answer.");
      await expect(last()).toContainText("1/2");
      await last().getByRole("button", { name: chatTexts.nextVersion }).click();
      await expect(last()).toContainText("A second answer.");
      await expect(last()).toContainText("2/2");

      // The keyboard: from the empty message box, ← and → do the same.
      await composer(page).focus();
      await page.keyboard.press("ArrowLeft");
      await expect(last()).toContainText("The first answer.");
      await expect(last()).toContainText("1/2");
      await page.keyboard.press("ArrowRight");
      await expect(last()).toContainText("2/2");
      // The switch is saved (its arrows are back) before the next key asks for a new version.
      await expect(last().getByRole("button", { name: chatTexts.newVersion })).toBeEnabled();
      await expect(last().getByRole("button", { name: chatTexts.previousVersion })).toBeEnabled();
      fakes.model.nextReply({ text: "A third answer." });
      await page.keyboard.press("ArrowRight");
      await expect(last()).toContainText("A third answer.");
      await expect(last()).toContainText("3/3");
      // And from the conversation itself.
      await page.locator("[data-conversation]").focus();
      await page.keyboard.press("ArrowLeft");
      await expect(last()).toContainText("A second answer.");
      await expect(last()).toContainText("2/3");
      // Typed text keeps the arrows for the caret.
      await composer(page).fill("ab");
      await page.keyboard.press("ArrowLeft");
      await expect(last()).toContainText("2/3");
      await expect(messages(page)).toHaveCount(3);
    });
  });
}

test("at 390 px the message box is at least 250 px wide: the tools, the mic among them, fold into one menu", async ({ page }) => {
  await page.setViewportSize(phone);
  await chatting(page, "composer", 2);
  const box = (await composer(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(250);
  await expect(page.getByRole("button", { name: "Voice input" })).toBeHidden();
  await expect(page.getByLabel("Attach files")).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/composer-390.png` });

  await page.getByLabel(chatTexts.moreTools).click();
  await expect(page.getByText("Attach files")).toBeInViewport();
  for (const tool of [page.getByText("Attach files"), page.getByLabel("Settings: Chat mode")]) {
    expect((await tool.locator("xpath=ancestor-or-self::*[self::label or self::summary][1]").boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  expect((await page.getByRole("button", { name: "Voice input" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.getByLabel("Settings: Chat mode").click();
  await expect(page.getByRole("radio", { name: /^Chat/ })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/composer-390-menu.png` });
  expect(await seriousViolations(page)).toEqual([]);
  // Choosing a mode closes the menu; the box is as wide as before.
  await page.getByRole("radio", { name: /^Vision/ }).check();
  await expect(page.getByLabel("Attach files")).toBeHidden();
  await expect(page.getByLabel("Settings: Vision mode")).toBeHidden();
  expect((await composer(page).boundingBox())!.width).toBeGreaterThanOrEqual(250);

  // Wide, the tools sit beside the box, and there is no menu.
  await page.setViewportSize(desktop);
  await expect(page.getByLabel("Attach files")).toBeVisible();
  await expect(page.getByLabel("Settings: Vision mode")).toBeVisible();
  await expect(page.getByLabel(chatTexts.moreTools)).toBeHidden();
  await expect(page.getByRole("button", { name: "Voice input" })).toBeVisible();
});

test("without JavaScript the phone's tools menu opens, and a file chosen in it posts with the message", async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const chat = await chatting(page, "nojs-menu", 3);
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone, storageState: await context.storageState() });
  const noScript = await plain.newPage();
  await noScript.goto(`/chat/${chat.id}`);
  await expect(noScript.getByLabel("Attach files")).toBeHidden();
  await noScript.getByLabel(chatTexts.moreTools).click();
  await expect(noScript.getByLabel("Attach files")).toBeVisible();
  await noScript.locator('input[type="file"][name="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Bread, milk") });
  fakes.model.nextReply({ text: "A short list." });
  await noScript.getByRole("textbox", { name: "Message", exact: true }).fill("My list");
  await noScript.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(noScript).nth(1).getByRole("link", { name: "notes.txt" })).toBeVisible();
  await expect(messages(noScript).nth(2)).toContainText("A short list.");
  await plain.close();
  await context.close();
});

test("a picture in the chat opens in the media viewer, and the chat list says a picture was sent", async ({ page }) => {
  await page.setViewportSize(desktop);
  const chat = await chatting(page, "picture", 4);
  // A 1×1 PNG, sent alone; the reply fails, so the picture stays the chat's last message.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
  await expect(page.getByLabel("Attachments").getByRole("status")).toHaveText("ready");
  fakes.model.nextReply({ failWith: { status: 500, message: "boom" } });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(chatTexts.replyFailed)).toBeVisible();

  await messages(page).nth(1).getByRole("img", { name: "dot.png" }).click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img", { name: "dot.png" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/viewer-1280.png` });
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  await page.goto("/chat");
  const line = page.getByRole("link", { name: new RegExp(chat.name) }).getByTestId("session-last-message");
  await expect(line).toHaveText("Picture");
  await page.goto(`/chat/${chat.id}`);
  await expect(page.getByRole("complementary", { name: "Chat sessions" }).getByTestId("session-last-message").first()).toHaveText("Picture");
});

test("the chat list searches as you type", async ({ page }) => {
  await page.setViewportSize(phone);
  const first = await chatting(page, "search", 5);
  const second = await startChatFromExplore(page, 6);
  await page.goto("/chat");
  await hydrated(page);
  const list = page.getByRole("list", { name: "Chats" });
  await expect(list.getByRole("link")).toHaveCount(2);
  // Typed, not submitted: the list follows the words as they come.
  const search = page.getByRole("searchbox", { name: "Search chats" });
  await search.pressSequentially(second.name, { delay: 30 });
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === second.name);
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link", { name: new RegExp(second.name) })).toBeVisible();
  await expect(list.getByRole("link", { name: new RegExp(first.name) })).toHaveCount(0);
  await expect(search).toHaveValue(second.name);
  await page.screenshot({ path: `${SHOTS}/search-390.png` });
});
