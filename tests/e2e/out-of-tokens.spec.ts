// Running out of tokens, as a person lives it (issue 31). On a server without Stripe nothing looks
// buyable: the refusal in chat and on /generate names the day the next free tokens come, and the
// token, plan and admin pages say payments are off. With Stripe (the fake), Buy in the refusal
// leads to the packages, Checkout and back to the same chat with the unsent text still in the box.
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatDayMonth } from "~/lib/dates";
import { tokenTexts } from "~/lib/tokens";
import { E2E_OPENAI_PORT, E2E_PORT, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET } from "../../playwright.config";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { CONSOLE_ADMIN, OUT_OF_TOKENS } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { startServer, tempDir, waitUntilHealthy, type Server } from "./server-process";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const SHOTS = shotPath("out-of-tokens");
const sizes = [
  ["phone", phone],
  ["desktop", desktop],
] as const;

/** "Your next 500 free tokens arrive on 1 December": the 1st of next month (UTC). */
function nextFreeText(now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  return tokenTexts.nextFreeTokens(500, formatDayMonth(next));
}

/** The accessibility suite's rule set (WCAG 2.0-2.2 A and AA): these pages exist only without Stripe, so it does not see them. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, on: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`) }));
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });
const refusal = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li").last();

async function signedIn(browser: Browser, baseURL: string, viewport: { width: number; height: number }, email: string, password: string) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 20_000 });
  return { context, page };
}

/** Opens the person's chat and sends a message that their balance cannot pay for. */
async function sendWithoutTokens(page: Page, chatId: string, text: string) {
  await page.goto(`/chat/${chatId}`);
  await hydrated(page);
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(refusal(page)).toContainText(/You need \d+ tokens for this message, and your balance is 0\./);
}

test.describe("on a server without Stripe", () => {
  test.describe.configure({ timeout: 300_000 });
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const dataDir = tempDir();
    // The same people as the e2e server's (prepare-data.ts), on a server with no STRIPE_* settings.
    execFileSync(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "tests/e2e/prepare-data.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: "inherit",
    });
    server = startServer({ DATA_DIR: dataDir, MEDIA_DEMO_DELAY_MS: "0" });
    await waitUntilHealthy(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const [size, viewport] of sizes) {
    test(`out of tokens with the claim used, chat and /generate name the next free day and offer no Buy (${size})`, async ({ browser }) => {
      const person = OUT_OF_TOKENS.people[`off-${size}`];
      const { context, page } = await signedIn(browser, server.url, viewport, person.email, OUT_OF_TOKENS.password);

      await sendWithoutTokens(page, person.chatId, "Are you still up?");
      await expect(refusal(page)).toContainText(nextFreeText());
      await expect(page.getByRole("link", { name: /buy/i })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /buy/i })).toHaveCount(0);
      await expect(refusal(page).getByRole("link", { name: tokenTexts.claimOffer })).toHaveCount(0);
      // Nothing was lost: the text is back in the box.
      await expect(composer(page)).toHaveValue("Are you still up?");
      await page.getByRole("button", { name: "Dismiss" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/chat-without-stripe-${size}.png` });

      // The same message, from the same component, on /generate.
      await page.goto("/generate");
      await hydrated(page);
      await page.getByLabel("Prompt").fill("an owl under the moon");
      await page.getByRole("button", { name: "Generate", exact: true }).click();
      const alert = page.getByRole("alert").filter({ hasText: /You need \d+ tokens/ });
      await expect(alert).toContainText(nextFreeText());
      await expect(page.getByRole("link", { name: /buy/i })).toHaveCount(0);

      // The tokens and plans pages say plainly that buying is not offered, with no dead buttons.
      await page.goto("/dashboard/tokens");
      await expect(page.getByText(tokenTexts.paymentsNotConfigured)).toBeVisible();
      await expect(page.getByRole("region", { name: "Monthly Free Tokens" })).toContainText(nextFreeText());
      await expect(page.getByRole("button", { name: /buy/i })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/dashboard-tokens-without-stripe-${size}.png`, fullPage: true });
      await page.goto("/dashboard/subscription");
      await expect(page.getByText(tokenTexts.plansNotOffered)).toBeVisible();
      await expect(page.getByRole("button", { name: /subscribe|change plan/i })).toHaveCount(0);
      await context.close();
    });

    test(`signed out, /tokens shows its page with a sign-up call, and says buying is not offered (${size})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      const page = await context.newPage();
      await page.goto("/tokens");
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Free Tokens" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create Free Account" })).toHaveAttribute("href", "/signup?redirectTo=/dashboard/tokens");
      await expect(page.getByText(tokenTexts.paymentsNotConfigured)).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("link", { name: /buy/i })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/tokens-signed-out-without-stripe-${size}.png`, fullPage: true });
      await context.close();
    });
  }

  test("the admin dashboard, packages and plans say payments are off and which settings turn them on", async ({ browser }) => {
    for (const [size, viewport] of sizes) {
      const { context, page } = await signedIn(browser, server.url, viewport, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
      for (const path of ["/admin", "/admin/tokens", "/admin/plans"]) {
        await page.goto(path);
        const notice = page.getByRole("region", { name: tokenTexts.paymentsOffTitle });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText("STRIPE_SECRET_KEY");
        await expect(notice).toContainText("STRIPE_WEBHOOK_SECRET");
        expect(await seriousViolations(page)).toEqual([]);
        if (path === "/admin") await page.screenshot({ path: `${SHOTS}/admin-dashboard-without-stripe-${size}.png` });
      }
      await context.close();
    }
  });
});

test.describe("with the fake Stripe", () => {
  let stripe: FakeStripe;
  let model: FakeOpenAi;
  test.beforeAll(async () => {
    model = await startFakeOpenAi({ port: E2E_OPENAI_PORT });
    stripe = await startFakeStripe({
      port: E2E_STRIPE_PORT,
      webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/webhooks/stripe`,
    });
  });
  test.afterAll(async () => {
    await stripe.close();
    await model.close();
  });

  for (const [size, viewport] of sizes) {
    test(`out of tokens in chat: Buy, a package, pay, and back in the same chat with the draft kept (${size})`, async ({ browser, baseURL }) => {
      const person = OUT_OF_TOKENS.people[`on-${size}`];
      const { context, page } = await signedIn(browser, baseURL!, viewport, person.email, OUT_OF_TOKENS.password);
      const draft = "Tell me about the stars you can see tonight.";
      await sendWithoutTokens(page, person.chatId, draft);
      await expect(refusal(page)).toContainText(nextFreeText());
      await page.getByRole("button", { name: "Dismiss" }).click();
      await page.screenshot({ path: `${SHOTS}/chat-with-stripe-${size}.png` });

      // Tap one: Buy, to the packages.
      await refusal(page).getByRole("link", { name: tokenTexts.buyTokens }).click();
      await expect(page).toHaveURL(/\/dashboard\/tokens\?returnTo=/);
      await expect(page.getByText(tokenTexts.pickPackage)).toBeVisible();
      // Tap two: a package, to Checkout.
      await page.getByRole("button", { name: "Buy Now: Basic" }).click();
      await expect(page).toHaveTitle("Fake Stripe Checkout");
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

      // Back in the same chat, the unsent text still in the box, and the tokens there.
      await expect(page).toHaveURL(new RegExp(`/chat/${person.chatId}$`), { timeout: 10_000 });
      await expect(composer(page)).toHaveValue(draft);
      if (size === "desktop") await expect(page.getByTestId("header-tokens")).toHaveText("4,990 Tokens");

      // The kept message goes, is answered and paid for, and Usage counts that one reply.
      model.nextReply({ text: "Orion is up, and Venus is low in the west." });
      await composer(page).press("Enter");
      await expect(page.getByRole("list", { name: "Messages" })).toContainText("Orion is up");
      await expect(composer(page)).toHaveValue("");
      await page.goto("/dashboard/usage");
      const chat = page.getByTestId("usage-chat");
      await expect(chat).toContainText("1 reply");
      const spent = Number((await chat.getByText(/tokens$/).textContent())!.replace(/\D/g, ""));
      expect(spent).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/usage-${size}.png`, fullPage: true });
      await page.goto("/dashboard/tokens");
      await expect(page.getByTestId("balance-purchased")).toHaveText((4990 - spent).toLocaleString("en-US"));
      await context.close();
    });
  }
});
