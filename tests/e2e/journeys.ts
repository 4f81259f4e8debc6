import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { seedCharacters } from "../../prisma/seed/catalogue-data";
import { readMail, type SmtpCapture } from "../fakes/smtp-capture";

/** Steps a person takes in more than one journey, written once. */
export async function signIn(page: Page, email: string, password: string, { fromCurrentPage = false } = {}) {
  if (!fromCurrentPage) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
}

/**
 * Each journey's person signs up from a network of their own: the server counts sign-ups per
 * client address (20 an hour), and the whole suite would otherwise be one address. The test
 * server sits behind no proxy but trusts loopback as one (TRUST_PROXY, playwright.config.ts), so
 * X-Forwarded-For names the address.
 */
async function fromOwnNetwork(page: Page) {
  const address = `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

/** Fills and sends the sign-up form, and waits for the spec's "check your inbox" text. */
export async function signUp(page: Page, email: string, password: string) {
  await fromOwnNetwork(page);
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up Now" }).click();
  // Hashing a password is slow on purpose, and slower on a busy machine.
  await expect(page.getByText(authTexts.signUpSuccess)).toBeVisible({ timeout: 20_000 });
}

/** On a confirmation link's page: enters the sign-up's password, which confirms the account and signs in. */
export async function confirmWithPassword(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 20_000 });
}

/** A new account, signed up through the pages and confirmed by the link mailed to `smtp`: signed in on `page`. */
export async function signedInAccount(page: Page, smtp: SmtpCapture, email: string, password: string) {
  await signUp(page, email, password);
  const mail = readMail((await smtp.waitForMessage((message) => message.to.includes(email))).raw);
  await page.goto(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0]);
  await confirmWithPassword(page, password);
}

/** On a loaded two-core machine a page's script can take longer to run than an ordinary check waits. */
const HYDRATION_MS = 15_000;

/** The page's script is running (before that, a click is a plain link or form). */
export const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: HYDRATION_MS });

/**
 * A seeded character's greeting as a person reads it: `person` is their name (a new account's is
 * the part of its e-mail before @). Only plain {{user}} and {{char}} are written in the seed.
 */
export function seededGreeting(character: string, person: string) {
  const seeded = seedCharacters.find((candidate) => candidate.name === character);
  if (!seeded) throw new Error(`${character} is not a seeded character`);
  return seeded.welcomeMessage.replaceAll("{{user}}", person).replaceAll("{{char}}", character);
}

/** Chat Now on the nth character of Explore: the chat's id and the character's name. */
export async function startChatFromExplore(page: Page, nth: number) {
  await page.goto("/explore");
  await hydrated(page);
  await page.getByRole("article").nth(nth).getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversation = page.getByRole("region", { name: /^Conversation with / });
  await expect(conversation).toBeVisible();
  const name = (await conversation.getAttribute("aria-label"))!.replace("Conversation with ", "");
  return { id: page.url().split("/chat/")[1]!, name };
}

/** A chat page's conversation scroller (around the Messages list and its one inner block). */
export const scroller = (page: Page) => page.getByRole("list", { name: "Messages" }).locator("../..");

/** The person scrolls to the top of the conversation (again, if the page was still starting up). */
export async function scrollToTop(page: Page, until: () => Promise<void>) {
  await expect(async () => {
    // The conversation lays out from the bottom: its top is the most negative scrollTop.
    await scroller(page).evaluate((element) => (element.scrollTop = -element.scrollHeight));
    await until();
  }).toPass({ timeout: 10_000 });
}
