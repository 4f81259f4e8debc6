// An admin adds a banner and sees it on home, with and without JavaScript; an admin sets a plan's
// perks and its card lists them; an admin grants 1,000 tokens to a person, who sees them in their balance.
import { expect, test, type Browser } from "@playwright/test";
import sharp from "sharp";
import { mailAndModelFakes } from "./fakes";
import { CONSOLE_ADMIN } from "./fixture-accounts";
import { hydrated, signedInAccount, signIn } from "./journeys";
import { desktop } from "./viewports";

const fakes = mailAndModelFakes();

async function adminPage(browser: Browser, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
  const page = await context.newPage();
  await signIn(page, CONSOLE_ADMIN.email, CONSOLE_ADMIN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return page;
}

async function widePicture() {
  const buffer = await sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 60, g: 40, b: 140 } } })
    .png()
    .toBuffer();
  return { name: "banner.png", mimeType: "image/png", buffer };
}

for (const javaScriptEnabled of [true, false]) {
  test(`an admin adds a banner and it shows on home ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const title = `Winter Stars ${javaScriptEnabled ? "JS" : "NoJS"} ${Date.now() % 10000}`;
    const page = await adminPage(browser, { javaScriptEnabled });
    await page.goto("/admin/banners");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("link", { name: "Add Banner" }).click();
    await expect(page).toHaveURL(/\/admin\/banners\/new$/);
    await page.getByLabel("Banner image").setInputFiles(await widePicture());
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Description", { exact: true }).fill("New characters every night");
    await page.getByLabel("CTA Title").fill("Explore");
    await page.getByLabel("CTA URL").fill("/explore");
    await page.getByRole("checkbox", { name: "Published", exact: true }).check();
    await page.getByRole("button", { name: "Add Banner" }).click();
    await expect(page).toHaveURL(/\/admin\/banners(\?toast=[\w-]+)?$/);
    await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();

    // Anyone, signed out, sees it on home (all categories by default, starting today).
    const visitor = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const home = await visitor.newPage();
    await home.goto("/");
    await expect(home.getByTestId("banner-slide").filter({ hasText: title })).toHaveCount(1);
    await visitor.close();

    // Off home again, so the specs after this one meet the seeded banners.
    const published = page.getByRole("switch", { name: `Published: ${title}` });
    await published.click();
    await expect(page.getByRole("switch", { name: `Published: ${title}` })).toHaveAttribute("aria-checked", "false");
    await page.context().close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`an admin sets a plan's perks and its card lists them ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    // Inactive and free, so no other spec meets it on the Subscription page and no Stripe price is made.
    const name = `Perks ${javaScriptEnabled ? "JS" : "NoJS"} ${Date.now() % 10000}`;
    const page = await adminPage(browser, { javaScriptEnabled });
    await page.goto("/admin/plans");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("link", { name: "New Plan" }).click();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Memory (earlier messages)").fill("0");
    await page.getByRole("checkbox", { name: "Videos in chat" }).uncheck();
    await page.getByRole("checkbox", { name: /Early access to new models/ }).check();
    await page.getByRole("checkbox", { name: /Active/ }).uncheck();
    // The browser's own check would stop 0 before the server sees it; the server says the same.
    await page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Create Plan" }) })
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create Plan" }).click();
    await expect(page.getByText("Memory must be at least 1").first()).toBeVisible();
    await page.getByLabel("Memory (earlier messages)").fill("33");
    await page.getByRole("button", { name: "Create Plan" }).click();
    await expect(page).toHaveURL(/\/admin\/plans(\?toast=[\w-]+)?$/);

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    const perks = card.getByRole("list", { name: "What the plan includes" });
    await expect(perks.getByRole("listitem")).toHaveText([
      "500 free tokens every month",
      "Remembers the last 33 messages",
      "Pictures in chat",
      "Videos in chat",
      "Voice notes in chat",
      "Priority queue for pictures and videos",
      "Early access to new models",
    ]);
    await expect(perks.getByRole("listitem").filter({ hasText: "Videos in chat" }).getByLabel("Not included")).toBeVisible();
    await expect(perks.getByRole("listitem").filter({ hasText: "Early access to new models" }).getByLabel("Included")).toBeVisible();

    // Edit Plan shows the settings as saved, and a change shows on the card.
    await card.getByRole("link", { name: `Edit Plan ${name}` }).click();
    await expect(page.getByLabel("Memory (earlier messages)")).toHaveValue("33");
    await expect(page.getByRole("checkbox", { name: "Videos in chat" })).not.toBeChecked();
    await page.getByLabel("Memory (earlier messages)").fill("120");
    await page.getByRole("checkbox", { name: "Priority queue for pictures and videos" }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(perks.getByRole("listitem").filter({ hasText: "Remembers the last 120 messages" })).toBeVisible();
    await expect(perks.getByRole("listitem").filter({ hasText: "Priority queue" }).getByLabel("Included")).toBeVisible();

    await card.getByRole("link", { name: `Delete Plan ${name}` }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { name })).toHaveCount(0);
    await page.context().close();
  });
}

test("an admin grants 1,000 tokens to a person, who sees them in their balance", async ({ browser }) => {
  const email = `granted.${Date.now()}@example.com`;
  const personContext = await browser.newContext({ viewport: desktop });
  const person = await personContext.newPage();
  await signedInAccount(person, fakes.smtp, email, "granted password");
  await person.goto("/dashboard/tokens");
  // The month's free tokens came with the confirmation.
  await expect(person.getByTestId("balance-free")).toHaveText("500");

  const page = await adminPage(browser);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Grant or deduct tokens" });
  await panel.getByLabel("Amount").fill("1000");
  await panel.getByLabel("Reason (shown in their token history)").fill("Welcome gift");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Tokens granted.")).toBeVisible();

  await person.reload();
  await expect(person.getByTestId("balance-free")).toHaveText("1,500");
  await expect(person.getByText("Welcome gift")).toBeVisible();
  await personContext.close();
  await page.context().close();
});
