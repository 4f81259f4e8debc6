import { expect, test, type Page } from "@playwright/test";
import { authTexts } from "~/lib/auth-forms";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(() => smtp.close());

/** A confirmed account, made through the pages, and this browser signed out again. */
async function confirmedAccount(page: Page, label: string) {
  const email = `modal.${label}.${Date.now()}@example.com`;
  const password = "modal password";
  await signedInAccount(page, smtp, email, password);
  await page.context().clearCookies();
  return { email, password };
}

async function firstCharacterNames(page: Page) {
  await page.goto("/explore");
  return page
    .getByRole("article")
    .getByRole("heading")
    .allTextContents()
    .then((names) => names.slice(0, 5));
}

test("Create Account opens the sign-up modal; its button waits for a valid form, and the account is created", async ({ page }) => {
  await page.setViewportSize(desktop);
  const firstFive = await firstCharacterNames(page);
  await page.goto("/aboutus");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Create Account" }).click();

  const dialog = page.getByRole("dialog", { name: "Create Free Account" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/aboutus$/);
  // One of the first five published characters is shown beside the form.
  expect(firstFive).toContain(await dialog.getByTestId("auth-modal-picture").getAttribute("alt"));
  await expect(dialog.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await page.screenshot({ path: shotPath("auth-modal-desktop.png") });

  const create = dialog.getByRole("button", { name: "Create Free Account" });
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password", { exact: true }).fill("long enough");
  await expect(create).toBeDisabled();
  const email = `modal.signup.${Date.now()}@example.com`;
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("12345");
  await expect(create).toBeDisabled();
  await expect(dialog.getByText(authTexts.passwordTooShort)).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill("123456");

  // Show/hide password.
  const password = dialog.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await create.click();
  await expect(dialog.getByText(authTexts.signUpSuccess)).toBeVisible();
  const mail = readMail((await smtp.waitForMessage((message) => message.to.includes(email))).raw);
  expect(mail.subject).toBe("Confirm your e-mail for CharacterVerse");

  // The cross link leads to the sign-in view, where the unconfirmed e-mail gets the modal's text.
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const signInDialog = page.getByRole("dialog", { name: "Sign In" });
  await signInDialog.getByLabel("Email").fill(email);
  await signInDialog.getByLabel("Password", { exact: true }).fill("123456");
  await signInDialog.getByLabel("Password", { exact: true }).press("Enter");
  await expect(signInDialog.getByRole("alert")).toHaveText(authTexts.unconfirmedEmailModal);
  await expect(page.getByLabel("Profile menu")).toHaveCount(0);
});

test("the Login modal signs in and leaves the person on the page they were on", async ({ page }) => {
  await page.setViewportSize(desktop);
  const { email, password } = await confirmedAccount(page, "stay");
  await page.goto("/explore?q=a&page=1");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("wrong password");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(authTexts.invalidCredentials);

  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: authTexts.loggedIn })).toBeVisible();
  await expect(page).toHaveURL(/\/explore\?q=a&page=1/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Profile menu")).toContainText(email.split("@")[0]!);
});

test("Chat Now and the heart open the sign-in modal with the spec's reason", async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto("/");
  await hydrated(page);
  const first = page.getByRole("article").first();
  const name = await first.getByRole("heading").textContent();
  await first.getByRole("link", { name: "Chat Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toContainText(`Please sign in to chat with ${name}`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await first.getByRole("link", { name: /add .* to favorites/i }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toContainText("Please sign in to add favorites");
  // The modal's cross link switches to sign-up.
  await page.getByRole("dialog").getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("dialog", { name: "Create Free Account" })).toBeVisible();
});

test("on a phone, the bottom bar's Chat asks a signed-out visitor to sign in, then opens chat", async ({ page }) => {
  const { email, password } = await confirmedAccount(page, "phone");
  await page.setViewportSize(phone);
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Quick navigation" }).getByRole("link", { name: "Chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: shotPath("auth-modal-phone.png") });

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/chat(\?toast=logged-in)?$/);
  await expect(page.getByRole("heading", { name: "Chat" })).toBeVisible();
});

test("without JavaScript, a page that needs an account goes through /login and comes back", async ({ browser }) => {
  const setup = await browser.newPage();
  const { email, password } = await confirmedAccount(setup, "nojs");
  await setup.close();

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: desktop });
  const page = await context.newPage();
  await page.goto("/favorites");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffavorites$/);
  await signIn(page, email, password, { fromCurrentPage: true });
  await expect(page).toHaveURL(/\/favorites(\?toast=logged-in)?$/);
  await expect(page.getByRole("heading", { name: "My Favorites" })).toBeVisible();
  await expect(page.getByText("No favorites found")).toBeVisible();
  await context.close();
});

test("when the session ends while a page is open, the next click goes through /login and back to the page it was for", async ({ page, context }) => {
  const { email, password } = await confirmedAccount(page, "ended");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/(\?toast=logged-in)?$/);
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Dashboard navigation" })).toBeVisible();
  await hydrated(page);
  // Signed out elsewhere (or expired): the page in this tab still shows the dashboard.
  await context.clearCookies();
  await page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Settings" }).click();
  // The client-side navigation's data request is refused; the person is sent to the page's own address, not its data URL.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fsettings$/);
  await signIn(page, email, password, { fromCurrentPage: true });
  await expect(page).toHaveURL(/\/dashboard\/settings(\?toast=logged-in)?$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
});
