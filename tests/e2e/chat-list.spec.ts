// The chat list in pages: a person with more chats than its first page holds sees the newest ones,
// and "Show older chats" adds the rest in place (with JavaScript) or opens the next page (without).
import { expect, test, type Page } from "@playwright/test";
import { chatTexts } from "~/lib/chat";
import { MANY_CHATS } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop, phone } from "./viewports";

const chats = (page: Page) => page.getByRole("list", { name: "Chats" }).locator(":scope > li");
const olderOnes = (page: Page) => chats(page).filter({ hasText: MANY_CHATS.olderAgentName });

async function signedInWithManyChats(page: Page) {
  await signIn(page, MANY_CHATS.email, MANY_CHATS.password);
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

  await olderOnes(page).last().click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: `Conversation with ${MANY_CHATS.olderAgentName}` })).toBeVisible();
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
