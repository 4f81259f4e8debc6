import { expect, test, type Page } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { confirmWithPassword, signIn, signUp } from "./journeys";
import { desktop } from "./viewports";

// The app (started by Playwright) sends its mail to this real SMTP server.
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(() => smtp.close());

async function mailedLink(email: string, subject: string, page: string) {
  const message = await smtp.waitForMessage((candidate) => candidate.to.includes(email) && readMail(candidate.raw).subject === subject);
  return new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`).exec(readMail(message.raw).text)![0];
}

/** A confirmed account, made through the pages, and this browser signed out again. */
async function confirmedAccount(page: Page, email: string, password: string) {
  await signUp(page, email, password);
  await page.goto(await mailedLink(email, "Confirm your e-mail for CharacterVerse", "verify-email"));
  await confirmWithPassword(page, password);
  await page.context().clearCookies();
}

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set new password" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test(`forgot password from the login page, reset once by the mailed link ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const otherDevice = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const page = await context.newPage();
    const elsewhere = await otherDevice.newPage();
    const email = `forgetful.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;
    const oldPassword = "correct horse";
    const newPassword = "battery staple";

    await confirmedAccount(page, email, oldPassword);
    await signIn(elsewhere, email, oldPassword);
    await expect(elsewhere.getByLabel("Profile menu")).toBeVisible();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that e-mail, we have sent a link to reset the password.")).toBeVisible();

    const link = await mailedLink(email, "Reset your CharacterVerse password", "reset-password");
    await page.goto(link);
    // A new password the form refuses says what is wrong with it, and leaves the link live.
    await page.getByLabel("New password").fill("123");
    await page.getByLabel("Confirm password").fill("456");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText(authTexts.passwordTooShort).last()).toBeVisible();
    await expect(page.getByText(authTexts.passwordsDiffer)).toBeVisible();
    await chooseNewPassword(page, newPassword);
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

    await signIn(page, email, oldPassword);
    await expect(page.getByRole("alert")).toHaveText(authTexts.invalidCredentials);
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/(\?toast=logged-in)?$/);
    await expect(page.getByLabel("Profile menu")).toContainText(email.split("@")[0]);

    // The device signed in with the old password is signed out.
    await elsewhere.reload();
    await expect(elsewhere.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(elsewhere.getByLabel("Profile menu")).toHaveCount(0);

    // The link worked once only, and opened again it says so before asking for a password.
    await page.goto(link);
    await expect(page.getByText(authTexts.resetLinkInvalid)).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Send a new link" })).toHaveAttribute("href", "/forgot-password");
    await context.close();
    await otherDevice.close();
  });
}
