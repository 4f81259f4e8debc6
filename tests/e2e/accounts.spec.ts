import { expect, test } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { toasts } from "~/lib/toasts";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { hydrated, signIn, signUp } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

// The app (started by Playwright) sends its mail to this real SMTP server.
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(() => smtp.close());

for (const javaScriptEnabled of [true, false]) {
  test(`sign up, confirm by e-mail, sign in and out ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const page = await context.newPage();
    const email = `reader.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;
    const password = "correct horse";

    await signUp(page, email, password);

    await signIn(page, email, password);
    await expect(page.getByRole("alert")).toHaveText(authTexts.unconfirmedEmailPage);

    const mail = readMail((await smtp.waitForMessage((message) => message.to.includes(email))).raw);
    expect(mail.subject).toBe("Confirm your e-mail for CharacterVerse");
    const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0];
    await page.goto(link);
    // The link's page names the account and asks for its password: following the link alone confirms nothing.
    await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(authTexts.invalidCredentials);
    await page.screenshot({ path: shotPath(`verify-email-desktop-${javaScriptEnabled ? "js" : "nojs"}.png`) });
    await page.setViewportSize(phone);
    await page.goto(link);
    await page.screenshot({ path: shotPath(`verify-email-phone-${javaScriptEnabled ? "js" : "nojs"}.png`) });
    await page.setViewportSize(desktop);
    await page.goto(link);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(page).toHaveURL(/\/(\?toast=email-confirmed)?$/);
    if (javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: toasts["email-confirmed"].message })).toBeVisible();
    const menu = page.getByLabel("Profile menu");
    await expect(menu).toContainText(email.split("@")[0]);
    // Hydrating closes a menu opened before it (the page's script starts with every menu shut).
    if (javaScriptEnabled) await hydrated(page);
    await menu.click();
    for (const item of ["Dashboard", "Subscription", "Settings", "Logout"]) {
      await expect(page.getByRole("menuitem", { name: item })).toBeVisible();
    }
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);

    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Profile menu")).toHaveCount(0);

    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/(\?toast=logged-in)?$/);
    if (javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: authTexts.loggedIn })).toBeVisible();
    await expect(page.getByLabel("Profile menu")).toContainText(email.split("@")[0]);

    // The link worked once only.
    await page.goto(link);
    await expect(page.getByText("This confirmation link is invalid, has expired or was already used.")).toBeVisible();
    await context.close();
  });
}

test("the owner of an address someone else signed up with cancels that sign-up from its link", async ({ browser }) => {
  const strangers = await browser.newContext({ viewport: desktop });
  const email = `not.me.${Date.now()}@example.com`;
  await signUp(await strangers.newPage(), email, "strangers password");
  await strangers.close();

  const mail = readMail((await smtp.waitForMessage((message) => message.to.includes(email))).raw);
  expect(mail.text).toContain('choose "I did not sign up"');
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)![0];
  const owners = await browser.newContext({ viewport: phone });
  const page = await owners.newPage();
  await page.goto(link);
  await page.getByRole("button", { name: "I did not sign up" }).click();
  await expect(page.getByRole("heading", { name: "Sign-up cancelled" })).toBeVisible();
  await expect(page.getByText("No account was confirmed, and the links mailed for this sign-up no longer work.")).toBeVisible();
  await page.screenshot({ path: shotPath("sign-up-cancelled-phone.png") });

  await page.goto(link);
  await expect(page.getByText("This confirmation link is invalid, has expired or was already used.")).toBeVisible();
  await signIn(page, email, "strangers password");
  await expect(page.getByRole("alert")).toHaveText(authTexts.invalidCredentials);
  await owners.close();
});

test("sign-up explains what is wrong with the form, and keeps nothing", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("123");
  await page.getByLabel("Confirm password").fill("456");
  await page.getByRole("button", { name: "Sign Up Now" }).click();
  await expect(page.getByText(authTexts.invalidEmail)).toBeVisible();
  await expect(page.getByText(authTexts.passwordTooShort).last()).toBeVisible();
  await expect(page.getByText(authTexts.passwordsDiffer)).toBeVisible();
});
