// Moving between chats: older pages stay with their chat, a chat opens at its newest message, and
// the sidebar's Chat item remembers each person's own last chat.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, scroller, scrollToTop, signedInAccount, signIn, startChatFromExplore } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();

const PASSWORD = "chat password";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");

async function signedUp(page: Page, label: string) {
  const email = `switch.${label}.${Date.now()}@example.com`;
  await signedInAccount(page, fakes.smtp, email, PASSWORD);
  return email;
}

/** Messages sent as the composer sends them (one reply stream each), before the chat is looked at. */
async function converse(page: Page, sessionId: string, lines: { text: string; reply?: string }[]) {
  const origin = new URL(page.url()).origin;
  for (const line of lines) {
    if (line.reply) fakes.model.nextReply({ text: line.reply });
    const response = await page.request.post(`/api/chat/${sessionId}/reply`, { form: { message: line.text }, headers: { Origin: origin } });
    expect(response.status()).toBe(200);
    await response.body();
  }
}

const long = (label: string) => `${label}: ${"a long line that fills the bubble and pushes the older ones up. ".repeat(4)}`.trim();

/** A phone-sized chat that opens with a long story (collapsed) and its reply, then `exchanges` long messages and replies. */
async function chatWithStory(page: Page, label: string, card: number, exchanges: number) {
  await page.setViewportSize(phone);
  await signedUp(page, label);
  const chat = await startChatFromExplore(page, card);
  await converse(page, chat.id, [
    { text: `A story: ${"once upon a time, a long way from here, ".repeat(10)}`.trim(), reply: long("Reply A0") },
    ...Array.from({ length: exchanges }, (_, index) => ({ text: long(`A${index + 1}`), reply: long(`Reply A${index + 1}`) })),
  ]);
  return chat;
}

/** Opening the story while reading further up grows it downwards: its start stays put. */
async function expectStoryOpensDownwards(page: Page) {
  const story = messages(page).filter({ hasText: "A story:" });
  const more = story.getByText("Show more", { exact: true });
  await more.scrollIntoViewIfNeeded();
  const storyAt = (await story.boundingBox())!.y;
  await more.click();
  await expect(story.getByText("Show less", { exact: true })).toBeVisible();
  expect((await story.boundingBox())!.y).toBeCloseTo(storyAt, 0);
}

test("older messages loaded in one chat never show up in the next one", async ({ page }) => {
  await page.setViewportSize(desktop);
  await signedUp(page, "older");
  const a = await startChatFromExplore(page, 0);
  const b = await startChatFromExplore(page, 1);
  // 1 greeting + 26 messages: one more page than the 25 a chat opens with.
  await converse(
    page,
    a.id,
    Array.from({ length: 13 }, (_, index) => ({ text: `A-${String(index + 1).padStart(2, "0")} from the first chat` })),
  );

  await page.goto(`/chat/${a.id}`);
  await hydrated(page);
  await expect(messages(page)).toHaveCount(25);
  await scrollToTop(page, () => expect(messages(page).filter({ hasText: "A-01 from the first chat" })).toHaveCount(1, { timeout: 1_000 }));
  await expect(messages(page)).toHaveCount(27);

  // Every page data request, to know when the move to the other chat has settled.
  const loads: string[] = [];
  // Only requests seen starting count: one already on its way (the page's own reload after it
  // opened) would otherwise finish without having started.
  const inFlight = new Set<unknown>();
  page.on("request", (request) => request.url().includes(".data") && inFlight.add(request));
  const settled = (request: { url(): string }) => {
    if (!inFlight.delete(request)) return;
    loads.push(request.url());
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);

  await page.getByRole("complementary", { name: "Chat sessions" }).getByRole("link", { name: b.name }).click();
  await expect(page).toHaveURL(`/chat/${b.id}`);
  await expect.poll(() => loads.filter((url) => url.includes(`/chat/${b.id}.data`)).length).toBeGreaterThanOrEqual(1);
  // A chat started in another tab makes this page reload its data (its list gains the chat), which
  // also reloads the page of older messages fetched in the first chat.
  const c = await startChatFromExplore(await page.context().newPage(), 2);
  await expect(page.getByRole("complementary", { name: "Chat sessions" }).getByRole("link", { name: c.name })).toBeVisible();
  await expect.poll(() => loads.filter((url) => url.includes(`/chat/${b.id}.data`)).length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => inFlight.size).toBe(0);
  await page.waitForTimeout(300);

  await expect(messages(page)).toHaveCount(1);
  await expect(page.getByText(/from the first chat/)).toHaveCount(0);
});

test("another chat opens at its newest message, and my own message is always scrolled to", async ({ page }) => {
  await page.setViewportSize(desktop);
  await signedUp(page, "scroll");
  const a = await startChatFromExplore(page, 2);
  const c = await startChatFromExplore(page, 3);
  await converse(
    page,
    a.id,
    Array.from({ length: 4 }, (_, index) => ({ text: long(`A${index + 1}`), reply: long(`Reply A${index + 1}`) })),
  );
  await converse(
    page,
    c.id,
    Array.from({ length: 4 }, (_, index) => ({ text: long(`C${index + 1}`), reply: long(`Reply C${index + 1}`) })),
  );

  await page.goto(`/chat/${a.id}`);
  await hydrated(page);
  await expect(messages(page).last()).toBeInViewport();
  const scrollDown = page.getByRole("button", { name: "Scroll to the newest message" });
  // The person reads back to the start of this chat...
  await scrollToTop(page, () => expect(scrollDown).toBeVisible({ timeout: 1_000 }));
  // ...then opens the other one: it shows its newest message.
  await page.getByRole("complementary", { name: "Chat sessions" }).getByRole("link", { name: c.name }).click();
  await expect(page).toHaveURL(`/chat/${c.id}`);
  await expect(messages(page).last()).toContainText("Reply C4");
  await expect(messages(page).last()).toBeInViewport();
  await expect(scrollDown).toHaveCount(0);
  await page.screenshot({ path: shotPath("chat-switched-1280.png") });
  // The conversation fills the screen under the header: no footer, and the page itself does not scroll.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(desktop.height);

  // Scrolled up, the person sends a message: the view goes down to it.
  await scrollToTop(page, () => expect(scrollDown).toBeVisible({ timeout: 1_000 }));
  fakes.model.nextReply({ text: "Right here." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Back to the present");
  await page.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
  const sent = messages(page).filter({ hasText: "Back to the present" });
  await expect(sent).toHaveCount(1);
  await expect(sent).toBeInViewport();
  await expect(messages(page).last()).toContainText("Right here.");
  await expect(messages(page).last()).toBeInViewport();
});

test("a long chat opens at its newest message without JavaScript too, and a reply arriving while I read further up leaves my place", async ({
  page,
  browser,
}) => {
  const a = await chatWithStory(page, "bottom", 4, 4);

  // Without JavaScript no script can scroll: the page itself must open at the newest message.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: phone, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`/chat/${a.id}`);
  await expect(messages(plain).last()).toContainText("Reply A4");
  await expect(messages(plain).last()).toBeInViewport();
  await expect(messages(plain).first()).not.toBeInViewport();
  await plain.screenshot({ path: shotPath("chat-long-nojs-390.png") });
  await noScript.close();

  await page.goto(`/chat/${a.id}`);
  await hydrated(page);
  await expect(messages(page).last()).toBeInViewport();
  const scrollDown = page.getByRole("button", { name: "Scroll to the newest message" });
  await scrollToTop(page, () => expect(scrollDown).toBeVisible({ timeout: 1_000 }));
  const reading = messages(page).nth(1);
  const before = await reading.boundingBox();
  // A reply saved from elsewhere (another tab) arrives below while I read the first message.
  await converse(page, a.id, [{ text: "From my other tab", reply: long("Reply from elsewhere") }]);
  await expect(messages(page).last()).toContainText("Reply from elsewhere");
  expect((await reading.boundingBox())?.y).toBeCloseTo(before!.y, 0);
  await expectStoryOpensDownwards(page);
  await scrollDown.click();
  await expect(messages(page).last()).toBeInViewport();
});

test("in a browser without scroll anchoring (Safari) the chat opens at its newest message before its script runs, then lays out from the top: my place stays as I scrolled, as replies arrive and older pages load", async ({
  page,
}) => {
  // Chromium made to look like Safari to the page: no scroll anchoring, and CSS.supports says so.
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
    CSS.supports = ((...args: string[]) => !args.join(" ").includes("overflow-anchor") && supports(...args)) as typeof CSS.supports;
    const observer = new MutationObserver(() => {
      if (!document.head) return;
      observer.disconnect();
      const style = document.createElement("style");
      style.textContent = "* { overflow-anchor: none !important; }";
      document.head.append(style);
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // 1 greeting + 26 messages: one more page than the 25 a chat opens with.
  const a = await chatWithStory(page, "safari", 5, 12);
  const scrollDown = page.getByRole("button", { name: "Scroll to the newest message" });
  const direction = () => scroller(page).evaluate((element) => getComputedStyle(element).flexDirection);
  const y = async (locator: Locator) => (await locator.boundingBox())!.y;
  /** Opens a page with its script held back (a slow phone) until the returned function is called. */
  const openWithLateScript = async (url: string) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**", async (route) => {
      if (route.request().resourceType() === "script") await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: "commit" });
    // Laid out as served, with the stylesheet in (before it comes, nothing is laid out as it will be).
    await expect.poll(direction).toBe("column-reverse");
    return async () => {
      release();
      await hydrated(page);
      await page.unroute("**/assets/**");
    };
  };

  // A new chat: its greeting is at the foot of the conversation, before the script and after it.
  const fresh = await startChatFromExplore(page, 6);
  let scriptRuns = await openWithLateScript(`/chat/${fresh.id}`);
  const greeting = messages(page).first();
  await expect(greeting).toBeVisible();
  const greetingAt = await y(greeting);
  await scriptRuns();
  expect(await direction()).toBe("column");
  expect(Math.abs((await y(greeting)) - greetingAt)).toBeLessThanOrEqual(1);
  const foot = await scroller(page).evaluate((element) => element.getBoundingClientRect().bottom);
  const box = (await greeting.boundingBox())!;
  expect(foot - (box.y + box.height)).toBeLessThan(40);

  // On a slow phone the page's script comes late: the chat is at its newest message already, and
  // a scroll made meanwhile is where the script leaves it.
  scriptRuns = await openWithLateScript(`/chat/${a.id}`);
  await expect(messages(page).last()).toContainText("Reply A12");
  await expect(messages(page).last()).toBeInViewport();
  await expect(messages(page).first()).not.toBeInViewport();
  await scroller(page).evaluate((element) => (element.scrollTop = -600));
  const readingId = await scroller(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    return [...element.querySelectorAll("li[data-message-id]")].find((item) => item.getBoundingClientRect().top >= top)!.getAttribute("data-message-id");
  });
  const firstRead = page.locator(`li[data-message-id="${readingId}"]`);
  const firstReadAt = await y(firstRead);
  await scriptRuns();
  expect(await direction()).toBe("column");
  expect(Math.abs((await y(firstRead)) - firstReadAt)).toBeLessThanOrEqual(1);
  await expect(scrollDown).toBeVisible();

  await page.goto(`/chat/${a.id}`);
  await hydrated(page);
  expect(await direction()).toBe("column");
  await expect(messages(page).last()).toContainText("Reply A12");
  await expect(messages(page).last()).toBeInViewport();

  await scroller(page).evaluate((element) => (element.scrollTop = element.scrollHeight / 2));
  await expect(scrollDown).toBeVisible();
  const reading = messages(page).filter({ hasText: "A6:" }).first();
  const before = (await reading.boundingBox())!.y;
  await converse(page, a.id, [{ text: "From my other tab", reply: long("Reply from elsewhere") }]);
  await expect(messages(page).last()).toContainText("Reply from elsewhere");
  expect((await reading.boundingBox())!.y).toBeCloseTo(before, 0);

  // Scrolled to the top, the older page comes in above what I was looking at, which stays in view.
  // The 25 newest of 27 and the 2 just arrived; the greeting and the story are on the older page.
  await expect(messages(page)).toHaveCount(27);
  await scroller(page).evaluate((element) => (element.scrollTop = 0));
  await expect(messages(page)).toHaveCount(29);
  const story = messages(page).filter({ hasText: "A story:" });
  await expect(messages(page).filter({ hasText: "Reply A0" })).toBeInViewport({ ratio: 1 });
  await expect(story).not.toBeInViewport({ ratio: 0.5 });
  expect(await scroller(page).evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expectStoryOpensDownwards(page);
  await scrollDown.click();
  await expect(messages(page).last()).toBeInViewport();
});

test("the sidebar's Chat goes to my own last chat, never to the one of whoever used the browser before", async ({ page }) => {
  await page.setViewportSize(desktop);
  const chatItem = () => page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Chat", exact: true });
  const logOut = async () => {
    await hydrated(page);
    await page.getByLabel("Profile menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  };

  const first = await signedUp(page, "first");
  const firstChat = await startChatFromExplore(page, 4);
  await logOut();

  // Someone else signs in on the same browser: Chat is their chat list, not the first person's chat.
  await signedUp(page, "second");
  await page.goto("/explore");
  await hydrated(page);
  await chatItem().click();
  await expect(page).toHaveURL(/\/chat$/);
  // The address changes before the page it leads to is drawn: wait for the page itself.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Explore");
  await expect(page.getByText("Page not found")).toHaveCount(0);
  const secondChat = await startChatFromExplore(page, 5);
  await page.goto("/explore");
  await hydrated(page);
  await chatItem().click();
  await expect(page).toHaveURL(`/chat/${secondChat.id}`);
  await expect(page.getByRole("heading", { name: secondChat.name, level: 1 })).toBeVisible();
  await logOut();

  // The first person is back: their own last chat.
  await signIn(page, first, PASSWORD);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  await page.goto("/explore");
  await hydrated(page);
  await chatItem().click();
  await expect(page).toHaveURL(`/chat/${firstChat.id}`);
  await expect(page.getByRole("heading", { name: firstChat.name, level: 1 })).toBeVisible();
});
