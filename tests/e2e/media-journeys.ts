import { expect, type Browser, type Page } from "@playwright/test";
import type { SmtpCapture } from "../fakes/smtp-capture";
import { PAID_PLAN } from "./fixture-accounts";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop } from "./viewports";

export const MEDIA_PASSWORD = "media password";

/** A new signed-in person with this month's 500 free tokens claimed. */
export async function personWithTokens(browser: Browser, smtp: SmtpCapture, label: string) {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  const email = `media.${label}.${Date.now()}@example.com`;
  // The first pages of a fresh server are slow to answer; the sign-up's own checks wait 5 s.
  await page.goto("/signup");
  await hydrated(page);
  await signedInAccount(page, smtp, email, MEDIA_PASSWORD);
  return { context, page, email };
}

/**
 * A person on the paid plan (fixture-accounts.ts), signed in with this month's free tokens: picture
 * and video requests in chat are a paid plan's.
 */
export async function paidPerson(browser: Browser, email: string, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ viewport: desktop, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, email, PAID_PLAN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return { context, page, email };
}

/** Fills the Generate form: `images` pictures of `prompt` by `model`. */
export async function fillGenerate(page: Page, model: string, prompt: string, images: number) {
  await page.getByLabel("Model", { exact: true }).selectOption(model);
  // Choosing a model puts it in the address (its settings come with it) before the rest is filled.
  await expect.poll(() => new URL(page.url()).searchParams.get("model")).toBe(model);
  await page.getByLabel("Number of images").selectOption(String(images));
  await page.getByLabel("Prompt").fill(prompt);
}
