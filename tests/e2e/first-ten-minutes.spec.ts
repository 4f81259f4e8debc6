// The first ten minutes, as a new person lives them (issue 31), at 390 and at 1280 px: a visitor
// opens a character, presses Chat Now, signs up, confirms from the mail and lands in that
// character's chat with the month's 500 free tokens in the header and the character's own greeting
// naming them; a long reply shows whole, Stop charges less than a full reply, and ← and → move
// between versions. Without JavaScript the destination survives sign-up the same way.
import { expect, test, type Page } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { chatTexts } from "~/lib/chat";
import { tokenTexts } from "~/lib/tokens";
import { readMail } from "../fakes/smtp-capture";
import { mailAndModelFakes } from "./fakes";
import { hydrated, seededGreeting } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const fakes = mailAndModelFakes();
const SHOTS = shotPath("intent");
const PASSWORD = "first ten minutes";
const PRICE = 20; // deepseek-v3's cost_tokens in the seed
const LONG_REPLY = `Once upon a time, in a harbour town. ${"The lighthouse keeper climbed the stairs again, counting every step. ".repeat(5)}THE END`;
const CHAT_URL = /\/chat\/[0-9a-f-]{36}(\?toast=email-confirmed)?$/;

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });
/** The balance in whichever header shows at this width (a conversation has its own on a phone). */
const balance = (page: Page) => page.getByRole("link", { name: /^[\d,]+ Tokens$/ });
const tokensShown = async (page: Page) => Number((await balance(page).textContent())!.replace(/\D/g, ""));

/**
 * Each person signs up from a network of their own: the server counts sign-ups per client address
 * (see journeys.ts).
 */
async function fromOwnNetwork(page: Page) {
  const address = `203.0.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

/** The confirmation link mailed to `email`, with everything it carries. */
async function mailedLink(email: string) {
  const message = await fakes.smtp.waitForMessage((candidate) => candidate.to.includes(email), 20_000);
  return /https?:\/\/\S+\/verify-email\?\S+/.exec(readMail(message.raw).text)![0];
}

/** The confirm page: the sign-up's password, and the person is in. */
async function confirm(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(CHAT_URL, { timeout: 20_000 });
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

for (const viewport of [phone, desktop]) {
  test(`at ${viewport.width} px a visitor's Chat Now leads through sign-up into that character's chat, with 500 tokens and its greeting`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await fromOwnNetwork(page);
    const person = `ten.${viewport.width}.${Date.now()}`;
    const email = `${person}@example.com`;

    // A visitor opens a character and presses Chat Now: the sign-in modal, then its sign-up.
    await page.goto("/explore");
    await hydrated(page);
    const card = page.getByRole("article").first();
    const character = (await card.getByRole("heading").textContent())!;
    const greeting = seededGreeting(character, person);
    expect(greeting, `${character}'s greeting names the person`).toContain(person);
    await card.getByRole("link", { name: `View ${character}` }).click();
    await page
      .getByRole("dialog", { name: character })
      .getByRole("link", { name: /Chat Now/ })
      .click();
    const signInModal = page.getByRole("dialog", { name: "Sign In" });
    await expect(signInModal.getByText(`Please sign in to chat with ${character}`)).toBeVisible();
    await signInModal.getByRole("button", { name: "Sign up" }).click();
    const signUpModal = page.getByRole("dialog", { name: "Create Free Account" });
    await signUpModal.getByLabel("Email").fill(email);
    await signUpModal.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signUpModal.getByRole("button", { name: "Create Free Account" }).click();
    await expect(signUpModal.getByText(authTexts.signUpSuccess)).toBeVisible({ timeout: 20_000 });

    // The mail's link carries where they were going; confirming lands them in that chat.
    const link = await mailedLink(email);
    expect(new URL(link).searchParams.get("redirectTo")).toMatch(/^\/chat\/start\/[0-9a-f-]{36}$/);
    await confirm(page, link);
    const conversation = page.getByRole("region", { name: `Conversation with ${character}` });
    await expect(conversation).toBeVisible();
    await expect(balance(page)).toHaveText("500 Tokens");
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText(greeting);
    await expect(messages(page).first()).not.toContainText("{{");
    await hydrated(page);
    await page.screenshot({ path: `${SHOTS}/landed-${viewport.width}.png` });
    if (viewport === phone) expect((await composer(page).boundingBox())!.width).toBeGreaterThanOrEqual(250);

    // A reply of more than 300 characters shows whole.
    expect(LONG_REPLY.length).toBeGreaterThan(300);
    fakes.model.nextReply({ text: LONG_REPLY, chunkBytes: 64 });
    await send(page, "Tell me a story");
    const story = messages(page).nth(2);
    await expect(story.getByText("THE END")).toBeVisible();
    await expect(story.getByText("Show more")).toHaveCount(0);
    await expect(balance(page)).toHaveText(`${500 - PRICE} Tokens`);

    // Stop during a long, slow reply: the reply is marked stopped, and cost less than a full one.
    fakes.model.nextReply({ text: `The night was long ${"and the sea was loud ".repeat(60)}`, stallAfterChars: 120, stallMs: 60_000 });
    await send(page, "And then?");
    await expect(messages(page).nth(4)).toContainText("and the sea was loud");
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(messages(page).nth(4).getByTestId("reply-stopped")).toHaveText(chatTexts.stopped);
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    // The balance holds a whole reply's price while the reply is open, and gives back the unused
    // share when the stopped reply is settled: it ends between one and two replies' prices down.
    await expect
      .poll(
        async () => {
          const shown = await tokensShown(page);
          return shown < 500 - PRICE && shown > 500 - 2 * PRICE;
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // Versions: → on the last makes a new one; ← and → (keys and 44 px buttons) move between them.
    fakes.model.nextReply({ text: "The first answer." });
    await send(page, "Tell me something else");
    const last = () => messages(page).last();
    await expect(last()).toContainText("The first answer.");
    const newVersion = last().getByRole("button", { name: chatTexts.newVersion });
    expect(await newVersion.boundingBox()).toMatchObject({ width: 44, height: 44 });
    fakes.model.nextReply({ text: "A second answer." });
    await newVersion.click();
    await expect(last()).toContainText("A second answer.");
    await expect(last()).toContainText("2/2");
    const previous = last().getByRole("button", { name: chatTexts.previousVersion });
    expect(await previous.boundingBox()).toMatchObject({ width: 44, height: 44 });
    await composer(page).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(last()).toContainText("The first answer.");
    await expect(last()).toContainText("1/2");
    await page.keyboard.press("ArrowRight");
    await expect(last()).toContainText("2/2");
    // The switch is saved (its arrows are back) before → asks for a new version.
    await expect(last().getByRole("button", { name: chatTexts.newVersion })).toBeEnabled();
    await expect(last().getByRole("button", { name: chatTexts.previousVersion })).toBeEnabled();
    fakes.model.nextReply({ text: "A third answer." });
    await page.keyboard.press("ArrowRight");
    await expect(last()).toContainText("A third answer.");
    await expect(last()).toContainText("3/3");

    // The balance is a way to the tokens page, from the phone's header too.
    await balance(page).click();
    await expect(page).toHaveURL(/\/dashboard\/tokens$/);
    await expect(balance(page)).toBeVisible();
    if (viewport === phone) await page.screenshot({ path: `${SHOTS}/header-balance-390.png`, clip: { x: 0, y: 0, width: 390, height: 120 } });
    await context.close();
  });
}

test("without JavaScript, Chat Now's destination survives sign-in, sign-up, the mail and the confirm page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await fromOwnNetwork(page);
  const person = `ten.nojs.${Date.now()}`;
  const email = `${person}@example.com`;

  await page.goto("/explore");
  const character = (await page.getByRole("article").first().getByRole("heading").textContent())!;
  await page.getByRole("article").first().getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchat%2Fstart%2F[0-9a-f-]{36}$/);
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fchat%2Fstart%2F[0-9a-f-]{36}$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up Now" }).click();
  await expect(page.getByText(authTexts.signUpSuccess)).toBeVisible({ timeout: 20_000 });

  await confirm(page, await mailedLink(email));
  await expect(page.getByRole("region", { name: `Conversation with ${character}` })).toBeVisible();
  await expect(messages(page).first()).toContainText(seededGreeting(character, person));
  await expect(balance(page)).toHaveText("500 Tokens");
  // Home keeps the sign-up's promise, and asks for no claim: the month's was made with the confirmation.
  await page.goto("/");
  await expect(balance(page)).toHaveText("500 Tokens");
  await expect(page.getByRole("region", { name: tokenTexts.claimOffer })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/home-after-confirm-390.png` });
  await context.close();
});
