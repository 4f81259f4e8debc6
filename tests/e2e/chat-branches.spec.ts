// Issue 36, items 2 and 3: several chats with one character (New chat, rename, delete), editing a
// message and regenerating from it, editing a reply, and branching from a message, at 390 and 1280
// px, and the core steps without JavaScript.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount, startChatFromExplore } from "./journeys";
import { desktop, phone } from "./viewports";

const fakes = mailAndModelFakes();
const SHOTS = "/tmp/shots-36";
const PASSWORD = "branches password";

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const bubble = (page: Page, text: string) => messages(page).filter({ hasText: text });
const menu = (page: Page) => page.getByTestId("character-chats");

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

/** A chat with two questions answered, sent as the composer sends them. */
async function chatWithHistory(page: Page, label: string) {
  await signedInAccount(page, fakes.smtp, `branches.${label}.${Date.now()}@example.com`, PASSWORD);
  const chat = await startChatFromExplore(page, 0);
  const origin = new URL(page.url()).origin;
  for (const [text, reply] of [
    ["Where shall we start?", "At the old lighthouse."],
    ["And after that?", "The harbour, at dusk."],
  ]) {
    fakes.model.nextReply({ text: reply });
    const response = await page.request.post(`/api/chat/${chat.id}/reply`, { form: { message: text! }, headers: { Origin: origin } });
    expect(response.status()).toBe(200);
    await response.body();
  }
  return chat;
}

async function openMenu(page: Page) {
  await menu(page).locator("summary").click();
  await expect(menu(page).getByRole("button", { name: "New chat" })).toBeVisible();
}

async function journey(page: Page, size: "390" | "1280") {
  const first = await chatWithHistory(page, `js${size}`);
  await page.goto(`/chat/${first.id}`);
  await hydrated(page);

  // New chat: another with the same character, its greeting first; the menu lists both, latest first.
  await openMenu(page);
  await menu(page).getByRole("button", { name: "New chat" }).click();
  await expect(page).not.toHaveURL(new RegExp(first.id));
  await expect(messages(page)).toHaveCount(1);
  const second = page.url().split("/chat/")[1]!;
  await openMenu(page);
  await menu(page).getByLabel("Name this chat").fill("Evening plans");
  await menu(page).getByRole("button", { name: "Rename" }).click();
  const listed = menu(page).getByRole("list").getByRole("link");
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText("Evening plans");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/threads-menu-${size}.png` });

  // Back to the first chat: edit a message; the replies after it stay, and it offers to write them again.
  await listed.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${first.id}$`));
  await bubble(page, "Where shall we start?").getByRole("link", { name: "Edit message" }).click();
  await page.getByRole("textbox", { name: "Message text" }).fill("Where shall we start, at dawn?");
  await page.screenshot({ path: `${SHOTS}/threads-edit-${size}.png` });
  await page.getByRole("button", { name: "Save" }).click();
  const edited = bubble(page, "Where shall we start, at dawn?");
  await expect(edited.getByTestId("message-edited")).toBeVisible();
  await expect(bubble(page, "The harbour, at dusk.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/threads-stale-${size}.png` });

  // While the new reply is written, the one it replaces is already off the screen.
  // (About 30 pieces of the provider's stream, 100 ms apart: some three seconds of writing.)
  fakes.model.nextReply({ text: "At dawn, the lighthouse is quiet.", chunkBytes: 64, delayMsPerChunk: 100 });
  await edited.getByRole("button", { name: "Regenerate from here" }).click();
  const stop = page.getByRole("button", { name: "Stop" });
  await expect(stop).toBeVisible();
  await expect(bubble(page, "The harbour, at dusk.")).toHaveCount(0);
  await expect(stop).toBeVisible();
  await expect(bubble(page, "At dawn, the lighthouse is quiet.")).toBeVisible({ timeout: 20_000 });
  await expect(bubble(page, "The harbour, at dusk.")).toHaveCount(0);
  await expect(messages(page)).toHaveCount(3);
  await expect(edited.getByRole("button", { name: "Regenerate from here" })).toHaveCount(0);
  expect(JSON.stringify(fakes.model.requests.at(-1)!.body.messages)).toContain("Where shall we start, at dawn?");

  // The character's reply, edited in place.
  await bubble(page, "At dawn, the lighthouse is quiet.").getByRole("link", { name: "Edit message" }).click();
  await page.getByRole("textbox", { name: "Message text" }).fill("At dawn, the lighthouse hums.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(bubble(page, "At dawn, the lighthouse hums.")).toBeVisible();

  // Branch from the edited message: a new chat with the history up to it.
  await edited.getByRole("button", { name: "Branch from here" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/chat/${first.id}$`));
  await expect(messages(page)).toHaveCount(2);
  await expect(bubble(page, "Where shall we start, at dawn?")).toBeVisible();

  // Delete it, after asking; another tab open on it leaves for the list of chats.
  const otherTab = await page.context().newPage();
  await otherTab.setViewportSize(page.viewportSize()!);
  await otherTab.goto(page.url());
  await hydrated(otherTab);
  await page.bringToFront();
  await openMenu(page);
  await expect(menu(page).getByRole("list").getByRole("link")).toHaveCount(3);
  await menu(page).getByRole("link", { name: "Delete this chat" }).click();
  await expect(page.getByRole("heading", { name: "Delete chat" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/threads-delete-${size}.png` });
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Chat deleted")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/chat/(${first.id}|${second})$`));
  await expect(otherTab).toHaveURL(/\/chat$/);
  await otherTab.close();
  await openMenu(page);
  await expect(menu(page).getByRole("list").getByRole("link")).toHaveCount(2);
}

test("several chats, edit, regenerate from here, branch and delete on a phone", async ({ page }) => {
  await page.setViewportSize(phone);
  await journey(page, "390");
});

test("the same at 1280 px, then the core steps without JavaScript", async ({ page, browser }) => {
  await page.setViewportSize(desktop);
  await journey(page, "1280");
  await withoutJavaScript(browser, await page.context().storageState());
});

async function withoutJavaScript(browser: Browser, storageState: Awaited<ReturnType<BrowserContext["storageState"]>>) {
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: desktop, storageState });
  const page = await plain.newPage();
  // Without the page's script Chat Now is a plain link: followed from this site it opens the chat.
  await page.goto("/explore");
  await page.getByRole("article").nth(1).getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chat = { id: page.url().split("/chat/")[1]! };
  fakes.model.nextReply({ text: "Plain answer." });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Plain question?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(bubble(page, "Plain answer.")).toBeVisible();

  // Edit is a form on the page's ?edit= state; Regenerate from here posts it.
  await bubble(page, "Plain question?").getByRole("link", { name: "Edit message" }).click();
  await expect(page).toHaveURL(/\?edit=/);
  await page.getByRole("textbox", { name: "Message text" }).fill("Plain question, edited?");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(bubble(page, "Plain answer.")).toBeVisible();
  fakes.model.nextReply({ text: "A plain new answer." });
  await bubble(page, "Plain question, edited?").getByRole("button", { name: "Regenerate from here" }).click();
  await expect(bubble(page, "A plain new answer.")).toBeVisible();
  await expect(bubble(page, "Plain answer.")).toHaveCount(0);

  // New chat and rename through the header's disclosure; branch is a button; delete asks on its page.
  await openMenu(page);
  await menu(page).getByRole("button", { name: "New chat" }).click();
  await expect(page).not.toHaveURL(new RegExp(chat.id));
  await openMenu(page);
  await menu(page).getByLabel("Name this chat").fill("Quiet one");
  await menu(page).getByRole("button", { name: "Rename" }).click();
  await openMenu(page);
  await expect(menu(page).getByRole("list").getByRole("link").first()).toContainText("Quiet one");
  await menu(page).getByRole("link", { name: "Delete this chat" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chat.id}\\?toast=chat-deleted$`));
  await expect(page.getByText("Chat deleted")).toBeVisible();
  await bubble(page, "Plain question, edited?").getByRole("button", { name: "Branch from here" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/chat/${chat.id}$`));
  await expect(messages(page)).toHaveCount(2);
  await plain.close();
}
