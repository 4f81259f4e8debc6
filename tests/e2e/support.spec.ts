// Support: a person writes from /contactus, follows the ticket in their dashboard, an admin
// answers from /admin/tickets, the person reads the reply (and its mail), answers and closes the
// ticket; once with JavaScript and once without. Axe checks the person's pages, and the pages
// are photographed at 390 and 1280 px (screenshots.ts: support/).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ticketTexts } from "~/lib/tickets";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { SUPPORT } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(() => smtp.close());

const SHOTS = shotPath("support");

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, on: violation.nodes.map((node) => node.target.join(" ")) }));
}

/** The page as it is, at a phone's and a desktop's width. */
async function photograph(page: Page, name: string) {
  for (const [size, viewport] of [
    ["390", phone],
    ["1280", desktop],
  ] as const) {
    // Loaded at the size, as a person on that screen would open it.
    await page.setViewportSize(viewport);
    await page.reload();
    await hydrated(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
}

async function signedInPage(browser: Browser, account: { email: string; password: string }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  return page;
}

/** The mail sent to `email` whose subject starts with `subject`. */
async function mailTo(email: string, subject: string) {
  const message = await smtp.waitForMessage((candidate) => candidate.to.includes(email) && readMail(candidate.raw).subject.startsWith(subject));
  return readMail(message.raw);
}

for (const javaScriptEnabled of [true, false]) {
  const person = javaScriptEnabled ? SUPPORT.withScript : SUPPORT.withoutScript;
  test(`a ticket from the contact form to the staff inbox and back, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }, testInfo) => {
    // A second run (a retry) finds the first one's ticket: its own has another topic.
    const topic = `Tokens missing, try ${testInfo.retry + 1} (${javaScriptEnabled ? "with" : "without"} JavaScript)`;
    const page = await signedInPage(browser, person, javaScriptEnabled);
    const ready = () => (javaScriptEnabled ? hydrated(page) : Promise.resolve());

    // The person writes from /contactus and finds the ticket under their recent tickets.
    await page.goto("/contactus");
    await ready();
    await expect(page.getByRole("heading", { name: "Sign in required" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Topic", exact: true }).fill(topic);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("I bought 1,000 tokens\nbut my balance did not change.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(ticketTexts.sent)).toBeVisible();
    const recent = page.getByRole("region", { name: "Your recent tickets" });
    await expect(recent.getByText(topic)).toBeVisible();
    if (javaScriptEnabled) {
      // The toast card fails axe's button-name rule on its own (toaster.tsx), so the page is checked once it is gone.
      await expect(page.getByText(ticketTexts.sent)).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
    }

    // …and in their dashboard, pending.
    await recent.getByRole("link", { name: `View Details: ${topic}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets\?id=[0-9a-f-]{36}$/);
    const ticketUrl = page.url();
    await expect(page.getByRole("heading", { level: 1, name: topic })).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();
    await expect(page.getByText("but my balance did not change.")).toBeVisible();

    // Support is mailed, and an admin answers from the inbox.
    const notice = await mailTo(SUPPORT.staff.email, `New support ticket: ${topic}`);
    expect(notice.text).toContain("> but my balance did not change.");
    const staff = await signedInPage(browser, SUPPORT.staff, javaScriptEnabled);
    await staff.goto("/admin/tickets");
    const row = staff.getByRole("row").filter({ hasText: topic });
    await expect(row.getByText("Awaiting reply")).toBeVisible();
    await row.getByRole("link", { name: topic }).click();
    await expect(staff.getByRole("link", { name: person.name })).toHaveAttribute("href", /\/admin\/users\/[0-9a-f-]{36}$/);
    if (javaScriptEnabled) await hydrated(staff);
    await staff.getByLabel(/^Reply to /).fill("We found the payment.\nYour tokens are there now.");
    await staff.getByRole("button", { name: "Send Reply" }).click();
    await expect(staff.getByRole("list", { name: "Conversation" }).getByText("CharacterVerse Support")).toBeVisible();
    await expect(staff.getByText("In Progress", { exact: true })).toBeVisible();

    // The person is mailed a link to the ticket, sees a new reply counted in the sidebar, and reads it as the staff's.
    const mail = await mailTo(person.email, "Reply to your ticket");
    expect(mail.text).toContain("> We found the payment.");
    const link = /https?:\/\/\S+\/dashboard\/tickets\?id=[0-9a-f-]{36}/.exec(mail.text)![0];
    expect(new URL(link).search).toBe(new URL(ticketUrl).search);
    await page.goto("/dashboard");
    await expect(
      page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: /^Tickets\s*1 ticket with a new reply$/ }),
    ).toBeVisible();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await ready();
    const conversation = page.getByRole("list", { name: "Conversation" });
    await expect(conversation.getByText("CharacterVerse Support")).toBeVisible();
    await expect(conversation.getByText("Your tokens are there now.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Tickets", exact: true })).toBeVisible();

    // The person answers, then closes the ticket; a closed ticket offers neither again.
    const send = page.getByRole("button", { name: "Send Reply" });
    if (javaScriptEnabled) await expect(send).toBeDisabled();
    await page.getByLabel("Your reply").fill("Thank you, all good!");
    await send.click();
    await expect(page.getByText(ticketTexts.replied)).toBeVisible();
    await expect(conversation.getByText("Thank you, all good!")).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByText(ticketTexts.replied)).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
      await staff.goto("/admin/tickets");
      await photograph(staff, "admin-tickets");
      await staff.goto(ticketUrl.replace(/\/dashboard\/tickets\?id=/, "/admin/tickets/"));
      await photograph(staff, "admin-ticket");
      await page.goto(ticketUrl);
      await hydrated(page);
      await photograph(page, "dashboard-ticket");
      await page.setViewportSize(desktop);
    }
    await page.getByRole("button", { name: "Close Ticket" }).click();
    await expect(page.getByText(ticketTexts.closed)).toBeVisible();
    await expect(page.getByText("Closed", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Reply" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Close Ticket" })).toHaveCount(0);

    await page.goto("/dashboard/tickets");
    await ready();
    await expect(page.getByRole("list", { name: "Your tickets" }).getByText(topic)).toBeVisible();
    if (javaScriptEnabled) {
      expect(await seriousViolations(page)).toEqual([]);
      await photograph(page, "dashboard-tickets");
      await page.goto("/contactus");
      await hydrated(page);
      await photograph(page, "contactus");
    }
    await page.context().close();
    await staff.context().close();
  });
}

test("a signed-out visitor is asked to sign in, and the message waits for them", async ({ page }) => {
  await page.goto("/contactus");
  await hydrated(page);
  const prompt = page.getByRole("region", { name: "Sign in required" });
  await expect(prompt.getByText(ticketTexts.signInRequired)).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  await expect(prompt.getByRole("link", { name: "Login" })).toHaveAttribute("href", /^\/login/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("textbox", { name: "Topic", exact: true }).fill("Before I sign up");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Is there a family plan?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByText(ticketTexts.signInRequired)).toBeVisible();

  await page.goto("/contactus");
  await expect(page.getByRole("textbox", { name: "Topic", exact: true })).toHaveValue("Before I sign up");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Is there a family plan?");
});
