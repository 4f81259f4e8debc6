// The chat kept live without reloads: the session list follows chats started and continued in
// another tab, and a message sent here shows once, even when the live feed delivers it before
// the reply stream does.
import { expect, test, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount, startChatFromExplore } from "./journeys";
import { desktop } from "./viewports";

const fakes = mailAndModelFakes();

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const chats = (page: Page) => page.getByRole("list", { name: "Chats" }).getByRole("listitem");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });

async function signedUpWithTokens(page: Page, label: string) {
  await signedInAccount(page, fakes.smtp, `live.${label}.${Date.now()}@example.com`, "chat password");
}

/** A message sent the way the composer sends it, from the given tab. */
async function sendFrom(page: Page, sessionId: string, text: string, reply: string) {
  fakes.model.nextReply({ text: reply });
  const response = await page.request.post(`/api/chat/${sessionId}/reply`, { form: { message: text }, headers: { Origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(200);
  await response.body();
}

/** Marks the document, so a later check can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
const stillSameDocument = (page: Page) => expect(page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true)).resolves.toBe(true);

test("/chat lists a chat started in another tab and moves a chat to the top when it gets a message", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signedUpWithTokens(page, "index");
  await page.goto("/chat");
  await hydrated(page);
  await expect(page.getByText("No chat sessions found")).toBeVisible();
  await markDocument(page);

  const other = await context.newPage();
  const first = await startChatFromExplore(other, 0);
  await expect(chats(page)).toHaveCount(1);
  await expect(chats(page).first()).toContainText(first.name);
  const second = await startChatFromExplore(other, 1);
  await expect(chats(page)).toHaveCount(2);
  await expect(chats(page).first()).toContainText(second.name);

  // A message in the older chat moves it to the top, with that message as its last line.
  await sendFrom(other, first.id, "Hello from the other tab", "Hello back from the first character");
  await expect(chats(page).first()).toContainText(first.name);
  await expect(chats(page).first().getByTestId("session-last-message")).toHaveText("Hello back from the first character");
  await stillSameDocument(page);
  await page.screenshot({ path: "test-results/chat-live-index-desktop.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(chats(page)).toHaveCount(2);
  await page.screenshot({ path: "test-results/chat-live-index-phone.png" });
  await context.close();
});

test("an open conversation's list adds a chat started on another device", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signedUpWithTokens(page, "session");
  const open = await startChatFromExplore(page, 0);
  await hydrated(page);
  await expect(chats(page)).toHaveCount(1);
  await markDocument(page);

  // Another device: a second browser context signed in to the same account.
  const device = await browser.newContext({ viewport: desktop, storageState: await context.storageState() });
  const elsewhere = await startChatFromExplore(await device.newPage(), 2);
  await expect(chats(page)).toHaveCount(2);
  await expect(chats(page).first()).toContainText(elsewhere.name);
  await expect(page).toHaveURL(new RegExp(`/chat/${open.id}$`));
  await stillSameDocument(page);
  await device.close();
  await context.close();
});

test("a sent message shows once even when the live feed delivers it before the reply stream", async ({ page }) => {
  await page.setViewportSize(desktop);
  await signedUpWithTokens(page, "once");
  // The feed's opening reloads the page's data; the send waits for that reload to have come back.
  const seen: string[] = [];
  page.on("response", (response) => {
    const url = response.url();
    if (url.includes("/api/events")) seen.push("feed");
    else if (/\/chat\/[0-9a-f-]{36}\.data/.test(url)) seen.push("data");
  });
  await startChatFromExplore(page, 0);
  await hydrated(page);
  await expect.poll(() => seen.indexOf("data", seen.indexOf("feed") + 1) > 0 && seen.includes("feed")).toBe(true);

  // Holding the reply stream back until it has finished lets the live feed deliver the saved
  // message and reply first; every state the list passes through is recorded.
  await page.route("**/api/chat/*/reply", async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.fulfill({ response, body });
  });
  await page.evaluate(() => {
    const list = document.querySelector('[aria-label="Messages"]')!;
    const record = window as unknown as { mostCopies: Record<string, number> };
    record.mostCopies = {};
    new MutationObserver(() => {
      for (const text of ["Is anyone there?", "Right here, and only once."]) {
        const copies = [...list.querySelectorAll(":scope > li")].filter((item) => item.textContent?.includes(text)).length;
        record.mostCopies[text] = Math.max(record.mostCopies[text] ?? 0, copies);
      }
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });

  fakes.model.nextReply({ text: "Right here, and only once." });
  await composer(page).fill("Is anyone there?");
  await composer(page).press("Enter");
  // The live feed has delivered the reply (the chat list shows it) while the stream is held back.
  await expect(chats(page).first().getByTestId("session-last-message")).toHaveText("Right here, and only once.");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).last()).toContainText("Right here, and only once.");
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  const mostCopies = await page.evaluate(() => (window as unknown as { mostCopies: Record<string, number> }).mostCopies);
  expect(mostCopies).toEqual({ "Is anyone there?": 1, "Right here, and only once.": 1 });
});

/** A new person's only chat, open on a desktop: the chat's line in the list. */
async function onlyChatOpen(page: Page, label: string, nth: number) {
  await page.setViewportSize(desktop);
  await signedUpWithTokens(page, label);
  await startChatFromExplore(page, nth);
  await hydrated(page);
  return chats(page).first().getByTestId("session-last-message");
}

test("a message deleted in another tab goes from the open chat and from its line in the list", async ({ page }) => {
  const lastLine = await onlyChatOpen(page, "deleted", 3);
  const greeting = (await lastLine.textContent())!;
  await markDocument(page);

  // A reply that fails leaves the person's message as the chat's last one.
  fakes.model.nextReply({ failWith: { status: 500, message: "boom" } });
  await composer(page).fill("Only me here");
  await composer(page).press("Enter");
  await expect(lastLine).toHaveText("Only me here");
  const mine = messages(page).filter({ hasText: "Only me here" });
  await expect(mine).toHaveAttribute("data-message-id", /^[0-9a-f-]{36}$/);
  const messageId = (await mine.getAttribute("data-message-id"))!;

  // Deleted in another tab: the same form post that tab's delete button makes.
  const deleted = await page.request.post(page.url(), {
    form: { intent: "delete", messageId },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(deleted.status()).toBe(302);
  await expect(mine).toHaveCount(0);
  await expect(lastLine).toHaveText(greeting);
  await stillSameDocument(page);
});

test("a regenerated reply becomes the chat's line in the list, and the replaced one never comes back", async ({ page }) => {
  const lastLine = await onlyChatOpen(page, "regenerate", 4);
  fakes.model.nextReply({ text: "The first answer." });
  await composer(page).fill("Tell me something");
  await composer(page).press("Enter");
  await expect(lastLine).toHaveText("The first answer.");
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();

  // Every text the chat's line shows from here on is recorded.
  await page.evaluate(() => {
    const list = document.querySelector('[aria-label="Chats"]')!;
    const record = window as unknown as { lines: string[] };
    record.lines = [];
    new MutationObserver(() => {
      const line = list.querySelector('[data-testid="session-last-message"]')?.textContent ?? "";
      if (record.lines.at(-1) !== line) record.lines.push(line);
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });
  fakes.model.nextReply({ text: "A better answer." });
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(messages(page).last()).toContainText("A better answer.");
  await expect(messages(page).filter({ hasText: "The first answer." })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();
  // Time for the feed's events (the new reply, then the old one's deletion) and any reload they cause.
  await page.waitForTimeout(1500);
  await expect(lastLine).toHaveText("A better answer.");
  // Straight from the first answer to the better one: no older line shown in between.
  expect(await page.evaluate(() => (window as unknown as { lines: string[] }).lines)).toEqual(["A better answer."]);
});
