// A month's first minutes for someone whose balance is empty and whose month's claim is open (a new
// account has its first claim made by the confirmation, decision 028; first-ten-minutes.spec.ts):
// the month's free tokens are offered where they land, a message sent before claiming says how to
// get them, and after one tap on the offer the message is answered. With and without JavaScript.
import { expect, test, type Page } from "@playwright/test";
import { tokenTexts } from "~/lib/tokens";
import { toasts } from "~/lib/toasts";
import { mailAndModelFakes } from "./fakes";
import { UNCLAIMED } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop } from "./viewports";

const fakes = mailAndModelFakes();

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const offer = (page: Page) => page.getByRole("region", { name: tokenTexts.claimOffer });

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test(`someone with the month's claim open claims it where they land and sends a message ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const page = await context.newPage();
    const person = javaScriptEnabled ? UNCLAIMED.firstRunWithScript : UNCLAIMED.firstRunWithoutScript;
    await signIn(page, person.email, person.password);

    // Signed in, on home: no tokens, and the month's claim offered there.
    await expect(page).toHaveURL(/\/(\?toast=logged-in)?$/);
    await expect(page.getByTestId("header-tokens")).toHaveText("0 Tokens");
    await expect(offer(page)).toBeVisible();

    // A message sent before claiming is refused, and the refusal offers the claim.
    await page.goto("/explore");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("article").first().getByRole("link", { name: "Chat Now" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(messages(page)).toHaveCount(1);
    if (javaScriptEnabled) await hydrated(page);
    const asked = fakes.model.requests.length;
    await send(page, "Hello, are you there?");
    // Without JavaScript the refusal is the page's answer, shown below the saved messages.
    const refusal = page.getByRole("listitem").filter({ hasText: "You need 20 tokens for this message, and your balance is 0." });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole("link", { name: tokenTexts.claimOffer })).toHaveAttribute("href", "/dashboard/tokens");
    expect(fakes.model.requests.length).toBe(asked);
    const chatUrl = page.url();

    // Back where the sign-up landed: one tap claims, and the offer is gone.
    await page.goto("/");
    if (javaScriptEnabled) await hydrated(page);
    await offer(page).getByRole("button", { name: tokenTexts.claimButton }).click();
    await expect(page).toHaveURL(/\/(\?toast=tokens-claimed)?$/);
    if (javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: toasts["tokens-claimed"].message })).toBeVisible();
    await expect(page.getByTestId("header-tokens")).toHaveText("500 Tokens");
    await expect(offer(page)).toHaveCount(0);

    // The first message is answered, and paid for from the claimed tokens.
    await page.goto(chatUrl);
    await expect(messages(page)).toHaveCount(1);
    if (javaScriptEnabled) await hydrated(page);
    fakes.model.nextReply({ text: "Hello! So glad you came." });
    await send(page, "Hello, are you there?");
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).nth(2)).toContainText("Hello! So glad you came.");
    await expect(page.getByTestId("header-tokens")).toHaveText("480 Tokens");
    await context.close();
  });
}
