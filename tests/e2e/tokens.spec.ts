import { expect, test, type Page } from "@playwright/test";
import { tokenTexts } from "~/lib/tokens";
import { E2E_PORT, E2E_SMTP_PORT, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET } from "../../playwright.config";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { hydrated, signedInAccount } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

let smtp: SmtpCapture;
let stripe: FakeStripe;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
  stripe = await startFakeStripe({
    port: E2E_STRIPE_PORT,
    webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/webhooks/stripe`,
  });
});
test.afterAll(async () => {
  await smtp.close();
  await stripe.close();
});

async function signedInReader(page: Page, label: string) {
  const email = `tokens.${label}.${Date.now()}@example.com`;
  await signedInAccount(page, smtp, email, "token password");
}

for (const javaScriptEnabled of [true, false]) {
  test(`free tokens from the confirmation, then buy a package through Checkout ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const page = await context.newPage();
    await signedInReader(page, javaScriptEnabled ? "js" : "nojs");

    // Confirming the e-mail made the month's claim: its 500 tokens are one row of the history.
    await page.goto("/dashboard/tokens");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByTestId("balance-free")).toHaveText("500");
    await expect(page.getByTestId("header-tokens")).toHaveText("500 Tokens");
    await expect(page.getByRole("cell", { name: "+500" })).toBeVisible();
    const claimed = page.getByRole("button", { name: tokenTexts.alreadyClaimedTitle });
    await expect(claimed).toBeDisabled();

    // A second claim posted anyway (another tab, a replayed form) is refused by the server.
    const second = await page.request.post("/dashboard/tokens", {
      form: { intent: "claim" },
      headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
      maxRedirects: 0,
    });
    expect(second.headers().location).toContain("toast=already-claimed");
    await page.goto("/dashboard/tokens?toast=already-claimed");
    if (javaScriptEnabled) await expect(page.getByRole("status")).toContainText(tokenTexts.alreadyClaimedTitle);
    await expect(page.getByTestId("balance-free")).toHaveText("500");

    await page.getByRole("button", { name: "Buy Now: Standard" }).click();
    await expect(page).toHaveTitle("Fake Stripe Checkout");
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await expect(page.getByText(tokenTexts.paymentSucceeded)).toBeVisible();
    // After 3 seconds, the tokens page (a meta refresh without JavaScript).
    await expect(page).toHaveURL(/\/dashboard\/tokens$/, { timeout: 10_000 });
    await expect(page.getByTestId("balance-purchased")).toHaveText("19,900");
    await expect(page.getByTestId("balance-total")).toHaveText("20,400");
    await expect(page.getByTestId("header-tokens")).toHaveText("20,400 Tokens");
    await expect(page.getByRole("cell", { name: "+19,900" })).toBeVisible();

    // Billing lists the payment from our own records.
    await page.goto("/dashboard/billing");
    await expect(page.getByRole("cell", { name: "Standard package · 19,900 tokens" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "$19.99" })).toBeVisible();
    await context.close();
  });
}

test("subscribe to a plan through Checkout, get its tokens, then cancel and renew", async ({ page }) => {
  await page.setViewportSize(desktop);
  await signedInReader(page, "plan");
  await page.goto("/dashboard/subscription");
  const pro = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pro" }) });
  await expect(pro.getByText("Popular")).toBeVisible();
  // The card lists what the plan's settings give, and only that.
  await expect(pro.getByRole("list", { name: "What the plan includes" }).getByRole("listitem")).toHaveText([
    "5,000 tokens every month",
    "Remembers the last 40 messages",
    "Pictures in chat",
    "Videos in chat",
    "Voice notes in chat",
    "Priority queue for pictures and videos",
    "Early access to new models",
  ]);
  await expect(
    page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Free" }) })
      .getByText("Current Plan"),
  ).toBeVisible();

  await page.getByRole("button", { name: "Subscribe to Pro" }).click();
  await expect(page).toHaveTitle("Fake Stripe Checkout");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/tokens$/, { timeout: 10_000 });
  // Pro's 5,000 tokens each paid month, granted by the paid invoice.
  await expect(page.getByTestId("balance-purchased")).toHaveText("5,000");

  await page.goto("/dashboard/subscription");
  await expect(pro.getByText("Current Plan")).toBeVisible();
  const status = page.getByTestId("subscription-status");
  await expect(status).toHaveText("active");
  await expect(status).toHaveClass(/text-success/);
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(page.getByRole("button", { name: "Renew Subscription" })).toBeVisible();
  await expect(page.getByText("Ends on")).toBeVisible();
  await page.screenshot({ path: shotPath("subscription-desktop.png"), fullPage: true });
  await page.getByRole("button", { name: "Renew Subscription" }).click();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  await expect(page.getByText("Renews on")).toBeVisible();

  await page.goto("/dashboard/usage");
  await page.screenshot({ path: shotPath("usage-desktop.png"), fullPage: true });
  await page.goto("/dashboard");
  await expect(page.getByText("Pro").first()).toBeVisible();
  await page.screenshot({ path: shotPath("overview-desktop.png"), fullPage: true });
});

test("signed out, /tokens shows its page: the packages to read and a sign-up call, no modal", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto("/tokens");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Free Tokens" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create Free Account" })).toHaveAttribute("href", "/signup?redirectTo=/dashboard/tokens");
  const packages = page.getByRole("region", { name: "Need more? Token packages" });
  await expect(packages.getByRole("heading", { name: "Standard" })).toBeVisible();
  await expect(packages.getByText("19,900")).toBeVisible();
  // Read-only: buying is for signed-in people, from their dashboard.
  await expect(packages.getByRole("button")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: shotPath("out-of-tokens/tokens-signed-out-with-stripe-phone.png"), fullPage: true });
});

test("the tokens page on a phone keeps everything inside the screen", async ({ page }) => {
  await signedInReader(page, "phone");
  await page.setViewportSize(phone);
  await page.goto("/dashboard/tokens");
  await expect(page.getByRole("heading", { name: "Buy Tokens" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: shotPath("tokens-phone.png"), fullPage: true });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: shotPath("tokens-desktop.png"), fullPage: true });
});
