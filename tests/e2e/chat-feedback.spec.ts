// What the chat tells a person when something does not work: a send whose connection fails,
// copying, attachments the server will not take, deleting, and the mic.
import { expect, test, type Page } from "@playwright/test";
import { attachmentTexts, ATTACHMENTS_PER_MESSAGE } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { mailAndModelFakes } from "./fakes";
import { UNCLAIMED } from "./fixture-accounts";
import { hydrated, scrollToTop, seededGreeting, signedInAccount, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();

/** A new person chatting with the nth character of Explore: the character's greeting as they read it. */
async function chatting(page: Page, label: string, nth = 0, { javaScript = true } = {}) {
  const person = `feedback.${label}.${Date.now()}`;
  await signedInAccount(page, fakes.smtp, `${person}@example.com`, "chat password");
  await page.goto("/explore");
  const card = page.getByRole("article").nth(nth);
  const character = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(messages(page)).toHaveCount(1);
  if (javaScript) await hydrated(page);
  return seededGreeting(character, person);
}

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function say(page: Page, text: string, reply: string) {
  const before = await messages(page).count();
  fakes.model.nextReply({ text: reply });
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(messages(page)).toHaveCount(before + 2);
  await expect(messages(page).last()).toContainText(reply);
}

test.describe("sending", () => {
  test("a send whose connection drops says 'Failed to send message' and gives the text back", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "dropped");
    await page.route("**/api/chat/*/reply", (route) => route.abort("connectionreset"));
    await composer(page).fill("Are you still there?");
    await composer(page).press("Enter");

    await expect(toast(page, chatTexts.sendFailed)).toBeVisible();
    await expect(composer(page)).toHaveValue("Are you still there?");
    // No message left greyed out as if it were still on its way.
    await expect(messages(page)).toHaveCount(1);
    await expect(page.getByText(chatTexts.thinking)).toHaveCount(0);

    // Back online, the same text goes with one key.
    await page.unroute("**/api/chat/*/reply");
    fakes.model.nextReply({ text: "Still here, always." });
    await composer(page).press("Enter");
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).nth(1)).toContainText("Are you still there?");
    await expect(messages(page).nth(2)).toContainText("Still here, always.");
    await expect(composer(page)).toHaveValue("");
  });
});

test.describe("a reply that does not come", () => {
  test("a failed reply can be asked for again with Regenerate; only the reply that came is paid, and the header says so", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "retry");
    await expect(page.getByTestId("header-tokens")).toHaveText("500 Tokens");
    fakes.model.nextReply({ failWith: { status: 500, message: "upstream exploded" } });
    await composer(page).fill("Tell me a story");
    await composer(page).press("Enter");
    await expect(messages(page).last()).toContainText(chatTexts.replyFailed);
    await expect(messages(page)).toHaveCount(3);

    fakes.model.nextReply({ text: "Once upon a time, the second try worked." });
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(messages(page).last()).toContainText("Once upon a time, the second try worked.");
    await expect(messages(page)).toHaveCount(3);
    await expect(page.getByText(chatTexts.replyFailed)).toHaveCount(0);
    await expect(page.getByTestId("header-tokens")).toHaveText("480 Tokens");

    // After a reload the same holds: the question and the one answer.
    await page.reload();
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).nth(1)).toContainText("Tell me a story");
    await expect(messages(page).nth(2)).toContainText("Once upon a time, the second try worked.");
  });

  test("a send refused for want of tokens says 'Failed to send message', shows why with a way to buy, and gives the text back", async ({ page }) => {
    await page.setViewportSize(desktop);
    // Someone with no tokens left and this month's claim not made yet (a new account has it made).
    await signIn(page, UNCLAIMED.refusedSend.email, UNCLAIMED.refusedSend.password);
    await expect(page.getByLabel("Profile menu")).toBeVisible();
    await page.goto("/explore");
    await page.getByRole("article").nth(1).getByRole("link", { name: "Chat Now" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const asked = fakes.model.requests.length;
    await composer(page).fill("Can we talk?");
    await composer(page).press("Enter");

    await expect(toast(page, chatTexts.sendFailed)).toBeVisible();
    await expect(messages(page).last()).toContainText("You need 20 tokens for this message");
    // Buy leads to the packages, and back to this chat after paying.
    await expect(messages(page).last().getByRole("link", { name: "Buy tokens" })).toHaveAttribute(
      "href",
      `/dashboard/tokens?${new URLSearchParams({ returnTo: new URL(page.url()).pathname })}#buy`,
    );
    await expect(composer(page)).toHaveValue("Can we talk?");
    // Nothing was kept to answer, so there is nothing to regenerate.
    await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
    expect(fakes.model.requests.length).toBe(asked);
  });
});

test.describe("the conversation", () => {
  test("older messages loaded by scrolling up stay when new replies push the newest page on", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "older", 2);
    // 13 exchanges after the greeting: 27 messages, two more than a page.
    for (let turn = 1; turn <= 13; turn += 1) await say(page, `Question ${turn}`, `Answer ${turn}`);
    await page.reload();
    await hydrated(page);
    await expect(messages(page)).toHaveCount(25);
    // Scrolled up as a person would, until the older page is in.
    await scrollToTop(page, () => expect(messages(page)).toHaveCount(27, { timeout: 1_000 }));
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);

    await say(page, "Question 14", "Answer 14");
    await say(page, "Question 15", "Answer 15");
    await expect(messages(page)).toHaveCount(31);
    await expect(messages(page).nth(1)).toContainText("Question 1");
    await expect(messages(page).nth(3)).toContainText("Question 2");
    await expect(messages(page).nth(4)).toContainText("Answer 2");
  });

  test("Markdown in a reply keeps its shape, and a long code line scrolls inside the bubble on a phone", async ({ page }) => {
    await page.setViewportSize(phone);
    await chatting(page, "markdown", 3);
    const code = "const reply = " + "'a long line of code that is wider than any phone screen'".repeat(3) + ";";
    fakes.model.nextReply({ text: `Here you go:\n\n- first point\n- second point\n\n\`\`\`\n${code}\n\`\`\`` });
    await composer(page).fill("Show me a list");
    await composer(page).press("Enter");
    const reply = messages(page).nth(2);
    await expect(reply).toContainText("second point");
    await expect(reply.getByRole("listitem")).toHaveCount(2);
    // The reply streams in and is drawn again once saved: read its shape once the whole code
    // line has come, polling, as an element read mid-redraw has no style yet.
    const block = reply.locator("pre");
    await expect(block).toContainText(code);
    await expect.poll(() => reply.locator("ul").evaluate((list) => getComputedStyle(list).listStyleType)).toBe("disc");
    await expect.poll(() => block.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(phone.width);
    const bubble = (await reply.locator("div").first().boundingBox())!;
    expect(bubble.x + bubble.width).toBeLessThanOrEqual(phone.width);
  });

  test("on a phone the sidebar's Chat opens the list of chats, where a conversation would fill the screen", async ({ page }) => {
    await page.setViewportSize(phone);
    await chatting(page, "phone-list", 5);
    const name = await page.getByRole("heading", { level: 1 }).textContent();
    await page.goto("/explore");
    await hydrated(page);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Chat", exact: true }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("list", { name: "Chats" }).getByRole("link", { name: new RegExp(`^${name}\\b`) })).toBeVisible();
  });

  test("searching the chat list says 'Loading sessions...' until the answer comes", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "search", 6);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await page.goto("/chat");
    await hydrated(page);
    // A slow network: the search's data takes a second to come.
    await page.route("**/chat.data?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const search = page.getByRole("searchbox", { name: "Search chats" });
    await search.fill(name.slice(0, 3));
    await search.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: chatTexts.loadingSessions })).toBeVisible();
    await expect(page.getByRole("list", { name: "Chats" }).getByRole("link", { name: new RegExp(`^${name}\\b`) })).toBeVisible();
    await expect(page.getByText(chatTexts.loadingSessions)).toHaveCount(0);
  });

  test("at 1280 px the details panel waits to be asked for, so the conversation keeps its room", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "panel", 4);
    const panel = page.getByRole("complementary", { name: "Agent details" });
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Show details" }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Edit" })).toBeVisible();
    await page.getByRole("button", { name: "Hide details" }).click();
    await expect(panel).toBeHidden();
  });
});

/** Copy on the first message (the greeting), as a person hovers and clicks it. */
async function copyGreeting(page: Page) {
  const greeting = messages(page).first();
  await greeting.hover();
  await greeting.getByRole("button", { name: "Copy message" }).click();
  return greeting;
}

/** Opens the prompt guide and copies its first Ask Me prompt. */
async function copyFirstPrompt(page: Page) {
  await page.getByRole("button", { name: "Prompt guide" }).click();
  const guide = page.getByRole("dialog", { name: "Prompt guide" });
  const prompt = (await guide.getByRole("region", { name: "Ask Me" }).getByRole("button").first().textContent())!;
  await guide.getByRole("button", { name: `Copy "${prompt}"` }).click();
  return { guide, prompt };
}

test.describe("writing", () => {
  test("near the 4,000-character limit the composer counts, and a paste past it is cut there with the limit said", async ({ page }) => {
    await page.setViewportSize(phone);
    await chatting(page, "limit");
    const count = page.getByRole("status").filter({ hasText: "characters" });
    await composer(page).focus();
    await page.keyboard.insertText("a".repeat(3_000));
    await expect(count).toHaveCount(0);
    await page.keyboard.insertText("b".repeat(700));
    await expect(count).toHaveText("3,700 / 4,000 characters");
    await page.keyboard.insertText("c".repeat(1_000));
    await expect(composer(page)).toHaveValue(/^a{3000}b{700}c{300}$/);
    await expect(count).toHaveText("4,000 / 4,000 characters: the most a message can hold");
    await expect(composer(page)).toHaveAttribute("aria-describedby", (await count.getAttribute("id"))!);
    await page.screenshot({ path: shotPath("chat-composer-limit-390.png") });

    // Sent, the box is empty again and the count goes.
    fakes.model.nextReply({ text: "That was a lot." });
    await composer(page).press("Enter");
    await expect(messages(page).last()).toContainText("That was a lot.");
    await expect(composer(page)).toHaveValue("");
    await expect(count).toHaveCount(0);
  });
});

test.describe("copying", () => {
  test("copying a message and a prompt says so, and the text is on the clipboard", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(desktop);
    const greetingText = await chatting(page, "copy", 1);
    const greeting = await copyGreeting(page);
    await expect(toast(page, chatTexts.messageCopied)).toBeVisible();
    await expect(greeting.getByText("Copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(greetingText);
    // Spec: the confirmation lasts 2 s.
    await expect(greeting.getByText("Copied!")).toBeHidden({ timeout: 3_000 });

    const { guide, prompt } = await copyFirstPrompt(page);
    await expect(toast(page, chatTexts.promptCopied)).toBeVisible();
    await expect(guide.getByRole("button", { name: "Copied" })).toBeVisible();
    await page.screenshot({ path: shotPath("chat-prompt-copied.png") });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);
  });

  test("on a plain-HTTP address (no Clipboard API) copying still works, the older way", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
    await page.setViewportSize(desktop);
    const greetingText = await chatting(page, "httpcopy", 2);
    const greeting = await copyGreeting(page);
    await expect(toast(page, chatTexts.messageCopied)).toBeVisible();
    await expect(greeting.getByText("Copied!")).toBeVisible();
    // Read back from another tab, where the Clipboard API is there.
    const reader = await context.newPage();
    await reader.goto("/aboutus");
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(greetingText);
  });

  test("when the browser will not copy, the person is told so and nothing says 'Copied'", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
      document.execCommand = () => false;
    });
    await page.setViewportSize(desktop);
    await chatting(page, "nocopy", 3);
    const greeting = await copyGreeting(page);
    await expect(toast(page, chatTexts.copyMessageFailed)).toBeVisible();
    await expect(greeting.getByText("Copied!")).toHaveCount(0);

    const { guide } = await copyFirstPrompt(page);
    await expect(toast(page, chatTexts.copyPromptFailed)).toBeVisible();
    await expect(guide.getByRole("button", { name: "Copied" })).toHaveCount(0);
  });
});

test.describe("attachments", () => {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const file = (name: string) => ({ name, mimeType: "image/png", buffer: png });

  test("a fifth file is refused before it is uploaded, with the limit explained", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "fivefiles", 4);
    const uploads: string[] = [];
    page.on("request", (request) => request.url().endsWith("/api/chat/uploads") && uploads.push(request.url()));
    await page.locator('input[type="file"][multiple]').setInputFiles(["a", "b", "c", "d", "e"].map((letter) => file(`${letter}.png`)));
    const attachments = page.getByLabel("Attachments");
    await expect(toast(page, attachmentTexts.tooMany)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: attachmentTexts.tooMany })).toBeVisible();
    await expect(attachments.getByRole("status").filter({ hasText: "ready" })).toHaveCount(ATTACHMENTS_PER_MESSAGE);
    await expect(attachments.getByRole("button", { name: "Remove e.png" })).toHaveCount(0);
    expect(uploads).toHaveLength(ATTACHMENTS_PER_MESSAGE);
  });

  test("an upload answered with a proxy's HTML page or plain text is removed with 'Failed to upload', and sending still works", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "badupload", 5);
    const picker = page.locator('input[type="file"][multiple]');
    const attachments = page.getByLabel("Attachments");

    await page.route("**/api/chat/uploads", (route) =>
      route.fulfill({ status: 413, contentType: "text/html", body: "<html><body><h1>413 Request Entity Too Large</h1><hr>nginx</body></html>" }),
    );
    await picker.setInputFiles(file("big.png"));
    await expect(toast(page, attachmentTexts.uploadFailed("big.png"))).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: attachmentTexts.uploadFailed("big.png") })).toBeVisible();
    await expect(attachments.getByRole("button", { name: "Remove big.png" })).toHaveCount(0);

    await page.unroute("**/api/chat/uploads");
    await page.route("**/api/chat/uploads", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }));
    await picker.setInputFiles(file("crash.png"));
    await expect(page.getByRole("alert").filter({ hasText: attachmentTexts.uploadFailed("crash.png") })).toBeVisible();
    await expect(attachments.getByRole("button", { name: "Remove crash.png" })).toHaveCount(0);

    // Nothing is left holding the message back.
    await page.unroute("**/api/chat/uploads");
    await say(page, "Did my picture arrive?", "No picture this time.");
  });
});

test.describe("deleting", () => {
  test("deleting my message says 'Message deleted successfully'; one already deleted elsewhere says 'Failed to delete message' and the chat stays", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "delete", 6);
    await say(page, "First thought", "Noted.");
    await say(page, "Second thought", "Noted again.");

    const first = messages(page).nth(1);
    await first.hover();
    await first.getByRole("button", { name: "Delete message" }).click();
    await expect(toast(page, chatTexts.messageDeleted)).toBeVisible();
    await expect(messages(page).filter({ hasText: "First thought" })).toHaveCount(0);

    // The live feed is down, so this tab does not hear of a delete made in another one.
    await page.route("**/api/events", (route) => route.abort());
    await page.reload();
    await hydrated(page);
    const second = messages(page).filter({ hasText: "Second thought" });
    await expect(second).toHaveCount(1);
    const other = await context.newPage();
    await other.goto(page.url());
    await hydrated(other);
    const elsewhere = messages(other).filter({ hasText: "Second thought" });
    await elsewhere.hover();
    await elsewhere.getByRole("button", { name: "Delete message" }).click();
    await expect(toast(other, chatTexts.messageDeleted)).toBeVisible();

    await second.hover();
    await second.getByRole("button", { name: "Delete message" }).click();
    await expect(toast(page, chatTexts.deleteFailed)).toBeVisible();
    await expect(page.getByText("Page not found")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Messages" })).toBeVisible();
    // The list is read again: the message that is gone leaves it.
    await expect(second).toHaveCount(0);
  });

  test("messages deleted in another tab while the live feed was down leave the chat when it is back, older pages included, even if the first check fails", async ({
    page,
  }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "feedgap", 3);
    // 13 exchanges after the greeting: 27 messages, two more than a page.
    for (let turn = 1; turn <= 13; turn += 1) await say(page, `Question ${turn}`, `Answer ${turn}`);
    const chatUrl = page.url();
    const sessionId = chatUrl.split("/").at(-1)!;

    // The live feed opens once, is cut at once (the browser reconnects by itself), and is then
    // refused with a 503 (the browser gives up; the page tries again) until let back.
    let feedDown = true;
    let feedRequests = 0;
    await page.route("**/api/events", (route) => {
      feedRequests += 1;
      if (feedRequests === 1) return route.fulfill({ status: 200, headers: { "Content-Type": "text/event-stream" }, body: "retry: 300\n\n" });
      return feedDown ? route.fulfill({ status: 503, body: "Service Unavailable" }) : route.continue();
    });
    const checksAsked: string[] = [];
    page.on("request", (request) => request.url().includes("/messages?since=") && checksAsked.push(request.url()));
    await page.reload();
    await hydrated(page);
    await expect(messages(page)).toHaveCount(25);
    await scrollToTop(page, () => expect(messages(page)).toHaveCount(27, { timeout: 1_000 }));
    await expect.poll(() => feedRequests).toBeGreaterThan(2);
    // A feed that opened at the first try asks nothing.
    expect(checksAsked).toEqual([]);

    // Elsewhere: the first question (on the older page here) and the second (at the top of the
    // newest page) are deleted, and one more exchange pushes the newest page on.
    const idOf = (question: number) =>
      messages(page)
        .filter({ hasText: new RegExp(`Question ${question}(?!\\d)`) })
        .getAttribute("data-message-id");
    const origin = new URL(chatUrl).origin;
    for (const question of [1, 2]) {
      const deleted = await page.request.post(chatUrl, { form: { intent: "delete", messageId: (await idOf(question))! }, headers: { Origin: origin } });
      expect(deleted.ok()).toBe(true);
    }
    fakes.model.nextReply({ text: "Answer 14" });
    const reply = await page.request.post(`/api/chat/${sessionId}/reply`, { form: { message: "Question 14" }, headers: { Origin: origin } });
    expect(reply.status()).toBe(200);
    await reply.body();
    // This tab has not heard of any of it.
    await page.waitForTimeout(1_000);
    await expect(messages(page).filter({ hasText: /Question [12](?!\d)/ })).toHaveCount(2);
    await expect(messages(page).filter({ hasText: "Answer 14" })).toHaveCount(0);

    // The feed comes back; the first check fails too (the server is still starting, say) and is tried again.
    let checks = 0;
    await page.route(`**/api/chat/${sessionId}/messages?*`, (route) => ((checks += 1) === 1 ? route.abort() : route.continue()));
    feedDown = false;
    // The page's next try comes within the back-off (1, 2, 4, 8 s so far).
    await expect(messages(page).filter({ hasText: "Answer 14" })).toHaveCount(1, { timeout: 20_000 });
    await expect(messages(page).filter({ hasText: /Question [12](?!\d)/ })).toHaveCount(0);
    // Everything else stays, in order: the greeting and the first answer on the older page too.
    await expect(messages(page)).toHaveCount(27);
    await expect(messages(page).nth(1)).toContainText("Answer 1");
    await expect(messages(page).nth(2)).toContainText("Answer 2");
    await expect(messages(page).last()).toContainText("Answer 14");
    expect(checks).toBe(2);
  });

  test("after a feed that failed at first, and for another chat the feed brought a message to, a message deleted meanwhile does not show", async ({ page }) => {
    await page.setViewportSize(desktop);
    await chatting(page, "feedgapother", 4);
    const other = page.url().split("/chat/")[1]!;
    const otherName = (await page.getByRole("region", { name: /^Conversation with / }).getAttribute("aria-label"))!.replace("Conversation with ", "");
    await page.goto("/explore");
    // The chat's own feed is open before the one under test: a late start must not count as its first.
    const feedOpened = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.getByRole("article").nth(5).getByRole("link", { name: "Chat Now" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await feedOpened;
    const here = page.url().split("/chat/")[1]!;

    // The feed is refused at first; the page tries again, and that feed brings a message for the
    // other chat, then drops. That message is deleted while the feed is refused (its deletion is
    // never heard of), and the feed is let back.
    const gone = {
      id: "6d1f3c2e-0000-4000-8000-000000000001",
      senderType: "agent",
      message: "A note deleted while you were away",
      messageType: "chat",
      createdAt: new Date().toISOString(),
    };
    let feedDown = false;
    let feedRequests = 0;
    await page.route("**/api/events", (route) => {
      feedRequests += 1;
      if (feedRequests === 1 || feedDown) return route.fulfill({ status: 503, body: "Service Unavailable" });
      if (feedRequests === 2) {
        feedDown = true;
        const event = `event: message\ndata: ${JSON.stringify({ sessionId: other, message: gone })}\n\n`;
        return route.fulfill({ status: 200, headers: { "Content-Type": "text/event-stream" }, body: `retry: 300\n\n${event}` });
      }
      return route.continue();
    });
    const checksAsked: string[] = [];
    page.on("request", (request) => request.url().includes("/messages?since=") && checksAsked.push(new URL(request.url()).pathname));
    await page.reload();
    await hydrated(page);
    // The feed that opened after a failure has this chat checked at once.
    await expect.poll(() => checksAsked).toEqual([`/api/chat/${here}/messages`]);
    const sessions = page.getByRole("complementary", { name: "Chat sessions" });
    await expect(sessions.getByText(gone.message)).toBeVisible();
    await expect.poll(() => feedRequests).toBeGreaterThan(3);

    const back = page.waitForResponse((response) => response.url().endsWith("/api/events") && response.status() === 200);
    feedDown = false;
    await back;
    await sessions.getByRole("link", { name: otherName }).click();
    await expect(page).toHaveURL(`/chat/${other}`);
    await expect.poll(() => checksAsked.filter((path) => path === `/api/chat/${other}/messages`).length).toBe(1);
    await expect(messages(page).filter({ hasText: gone.message })).toHaveCount(0);
    await expect(messages(page)).toHaveCount(1);
  });

  test("without JavaScript, deleting a message already deleted keeps the chat and says 'Failed to delete message'", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await chatting(page, "deletenojs", 7, { javaScript: false });
    const chatUrl = page.url();
    for (const [text, reply] of [
      ["Delete me twice", "Plain and simple."],
      ["Delete me once", "Fair enough."],
    ]) {
      fakes.model.nextReply({ text: reply! });
      await composer(page).fill(text!);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(messages(page).filter({ hasText: reply! })).toHaveCount(1);
    }
    const twice = messages(page).filter({ hasText: "Delete me twice" });
    const messageId = (await twice.getAttribute("data-message-id"))!;

    // Deleted elsewhere (another tab, another device) while this page still shows it.
    const gone = await page.request.post(chatUrl, { form: { intent: "delete", messageId }, headers: { Origin: new URL(chatUrl).origin }, maxRedirects: 0 });
    expect(gone.status()).toBe(302);
    await twice.getByRole("button", { name: "Delete message" }).click();
    await expect(page.getByText(chatTexts.deleteFailed)).toBeVisible();
    await expect(page.getByText("Page not found")).toHaveCount(0);
    await expect(messages(page).filter({ hasText: "Plain and simple." })).toHaveCount(1);

    // And a delete that works says so, without JavaScript too.
    await page.goto(chatUrl);
    await messages(page).filter({ hasText: "Delete me once" }).getByRole("button", { name: "Delete message" }).click();
    await expect(toast(page, chatTexts.messageDeleted)).toBeVisible();
    await expect(messages(page).filter({ hasText: "Delete me once" })).toHaveCount(0);
    await context.close();
  });
});

test("the mic shows only where the browser offers speech recognition, on a phone or on a desktop (issue 32)", async ({ page }) => {
  // A browser without speech recognition (Firefox, for one).
  await page.addInitScript(() => {
    for (const name of ["SpeechRecognition", "webkitSpeechRecognition"]) delete (window as unknown as Record<string, unknown>)[name];
  });
  await page.setViewportSize(phone);
  await chatting(page, "mic", 8);
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await expect(composer(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Voice input" })).toHaveCount(0);
  }
  // Chromium has it: the mic sits beside the box once the page's script runs.
  const withRecognition = await page.context().newPage();
  await withRecognition.setViewportSize(desktop);
  await withRecognition.goto(page.url());
  await hydrated(withRecognition);
  await expect(withRecognition.getByRole("button", { name: "Voice input" })).toBeVisible();
});
