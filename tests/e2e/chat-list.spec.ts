// The chat list in pages: a person with more chats than its first page holds sees the newest ones,
// and "Show older chats" adds the rest in place (with JavaScript) or opens the next page (without).
import { expect, test, type Page } from "@playwright/test";
import { chatTexts } from "~/lib/chat";
import { MANY_CHATS, MANY_CHATS_LIVE } from "./fixture-accounts";
import { hydrated, signIn, startChatFromExplore } from "./journeys";
import { desktop, phone } from "./viewports";

const chats = (page: Page) => page.getByRole("list", { name: "Chats" }).locator(":scope > li");
const olderOnes = (page: Page) => chats(page).filter({ hasText: MANY_CHATS.olderAgentName });

async function signedInWithManyChats(page: Page, email = MANY_CHATS.email) {
  await signIn(page, email, MANY_CHATS.password);
  await expect(page).not.toHaveURL(/\/login/);
}

test("older chats are added below the newest, in place, and open like any other", async ({ page }) => {
  await page.setViewportSize(phone);
  await signedInWithManyChats(page);
  await page.goto("/chat");
  await hydrated(page);
  await expect(chats(page)).toHaveCount(MANY_CHATS.newer);
  await expect(olderOnes(page)).toHaveCount(0);

  await page.getByRole("link", { name: chatTexts.olderSessions }).click();
  await expect(chats(page)).toHaveCount(MANY_CHATS.newer + MANY_CHATS.older);
  await expect(olderOnes(page)).toHaveCount(MANY_CHATS.older);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("link", { name: chatTexts.olderSessions })).toHaveCount(0);
  // The newest stays first, the older ones come last.
  await expect(chats(page).first()).not.toContainText(MANY_CHATS.olderAgentName);
  await expect(chats(page).last()).toContainText(MANY_CHATS.olderAgentName);

  // Keyboard and screen-reader users land on the first chat added.
  await expect(olderOnes(page).first().getByRole("link")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: `${MANY_CHATS.older} older chats added` })).toHaveCount(1);

  await olderOnes(page).last().click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: `Conversation with ${MANY_CHATS.olderAgentName}` })).toBeVisible();
  // On a wide screen the list beside the conversation holds the newest chats and the open one.
  await page.setViewportSize(desktop);
  const beside = page.getByRole("complementary", { name: "Chat sessions" });
  await expect(beside.getByRole("list", { name: "Chats" }).locator(":scope > li")).toHaveCount(MANY_CHATS.newer + 1);
  await expect(beside.locator('a[aria-current="page"]')).toContainText(MANY_CHATS.olderAgentName);
});

test("a chat started elsewhere goes on top, and the older chats shown stay, with the one it pushed off the first page", async ({ page, context }) => {
  await page.setViewportSize(phone);
  await signedInWithManyChats(page, MANY_CHATS_LIVE.email);
  await page.goto("/chat");
  await hydrated(page);
  await page.getByRole("link", { name: chatTexts.olderSessions }).click();
  await expect(page.getByRole("link", { name: chatTexts.olderSessions })).toHaveCount(0);
  await expect(olderOnes(page)).toHaveCount(MANY_CHATS.older);
  // Every chat (more than MANY_CHATS's when this test runs again on the same server).
  const listed = await chats(page).count();
  expect(listed).toBeGreaterThanOrEqual(MANY_CHATS.newer + MANY_CHATS.older);

  // Another tab starts a chat with another character (one more each time the test runs): the list reloads its first page.
  const other = await context.newPage();
  const started = await startChatFromExplore(other, 10 + test.info().repeatEachIndex + test.info().retry);
  await expect(chats(page).first()).toContainText(started.name);
  await expect(chats(page)).toHaveCount(listed + 1);
  await expect(olderOnes(page)).toHaveCount(MANY_CHATS.older);
  await expect(page.getByRole("link", { name: chatTexts.olderSessions })).toHaveCount(0);
});

test("older chats that could not be loaded say so and can be asked for again; a new search starts from its first page", async ({ page }) => {
  await page.setViewportSize(desktop);
  await signedInWithManyChats(page);
  await page.goto("/chat");
  await hydrated(page);
  const older = page.getByRole("link", { name: chatTexts.olderSessions });

  await page.route("**/api/chat/sessions?*", (route) => route.fulfill({ status: 500, body: "down" }));
  await older.click();
  await expect(page.getByRole("alert")).toHaveText(chatTexts.olderSessionsFailed);
  await expect(chats(page)).toHaveCount(MANY_CHATS.newer);
  await page.unroute("**/api/chat/sessions?*");
  await older.click();
  await expect(chats(page)).toHaveCount(MANY_CHATS.newer + MANY_CHATS.older);
  await expect(page.getByRole("alert")).toHaveCount(0);

  const search = page.getByRole("searchbox", { name: "Search chats" });
  await search.fill("oldest");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/chat\?q=oldest$/);
  await expect(chats(page)).toHaveCount(MANY_CHATS.older);
  await expect(page.getByRole("link", { name: chatTexts.olderMatches })).toHaveCount(0);

  await search.fill("");
  await search.press("Enter");
  await expect(chats(page)).toHaveCount(MANY_CHATS.newer);
  await expect(older).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: desktop });

  test("the next page of chats is a page of its own, with a way back to the newest", async ({ page }) => {
    await signedInWithManyChats(page);
    await page.goto("/chat");
    await expect(chats(page)).toHaveCount(MANY_CHATS.newer);

    await page.getByRole("link", { name: chatTexts.olderSessions }).click();
    await expect(page).toHaveURL(/\/chat\?older=/);
    await expect(chats(page)).toHaveCount(MANY_CHATS.older);
    await expect(olderOnes(page)).toHaveCount(MANY_CHATS.older);

    await page.getByRole("link", { name: chatTexts.newestSessions }).click();
    await expect(page).toHaveURL(/\/chat\??$/);
    await expect(chats(page)).toHaveCount(MANY_CHATS.newer);
  });
});
