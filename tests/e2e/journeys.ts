import { expect, type Page } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { readMail, type SmtpCapture } from "../fakes/smtp-capture";

/** Steps a person takes in more than one journey, written once. */
export async function signIn(page: Page, email: string, password: string, { fromCurrentPage = false } = {}) {
  if (!fromCurrentPage) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
}

/** Fills and sends the sign-up form, and waits for the spec's "check your inbox" text. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up Now" }).click();
  await expect(page.getByText(authTexts.signUpSuccess)).toBeVisible();
}

/** Signs up through the pages and follows the confirmation link mailed to `smtp`. */
export async function signUpAndConfirm(page: Page, smtp: SmtpCapture, email: string, password: string) {
  await signUp(page, email, password);
  const mail = readMail((await smtp.waitForMessage((message) => message.to.includes(email))).raw);
  await page.goto(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0]);
}

/** A new, confirmed account, signed in on `page`. */
export async function signedInAccount(page: Page, smtp: SmtpCapture, email: string, password: string) {
  await signUpAndConfirm(page, smtp, email, password);
  await signIn(page, email, password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
}
