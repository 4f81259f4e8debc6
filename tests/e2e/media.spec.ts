// Generating media with the offline demo image model: the Generate page, its gallery and the
// owner's actions, the viewer's keys, the Collection, the same with JavaScript off, and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { galleryTexts } from "~/lib/gallery";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { hydrated, signIn, startChatFromExplore } from "./journeys";
import { PAID_PLAN } from "./fixture-accounts";
import { fillGenerate as fillGenerateWith, MEDIA_PASSWORD as PASSWORD, paidPerson, personWithTokens as newPersonWithTokens } from "./media-journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const DEMO_MODEL = "Demo Image (offline)";
/** A 1 × 1 PNG picture. */
const SMALL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const fillGenerate = (page: Page, prompt: string, images: number) => fillGenerateWith(page, DEMO_MODEL, prompt, images);
const personWithTokens = (browser: Browser, label: string) => newPersonWithTokens(browser, smtp, label);

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp.close();
});

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);

test("generate two pictures, view them, make one public for others, then delete it", async ({ browser }) => {
  const owner = await personWithTokens(browser, "owner");
  const page = owner.page;
  await page.goto("/generate");
  await hydrated(page);
  await fillGenerate(page, "a lighthouse at dusk", 2);
  await expect(page.getByText("This costs 20 tokens")).toBeVisible();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image generation started" })).toBeVisible();

  const items = page.getByTestId("gallery-item");
  await expect(items).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText(`${galleryTexts.generating}...`)).toBeHidden();
  await page.screenshot({ path: shotPath("media/generate-1280.png"), fullPage: true });

  // The viewer: arrow keys wrap around, Escape closes and gives focus back.
  const opener = items.first().getByRole("button", { name: "Open a lighthouse at dusk" });
  await opener.click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toContainText("1 / 2");
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("2 / 2");
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("1 / 2");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText("2 / 2");
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
  await page.screenshot({ path: shotPath("media/viewer-1280.png") });
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  await expect(items.first().getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "false");
  await items.first().getByRole("switch", { name: "Public" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image is now public" })).toBeVisible();
  await expect(items.first().getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "true");

  // The Collection lists both under the Generate page's creations.
  await page.goto("/collection");
  await expect(page.getByRole("heading", { name: "Generate page" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open a lighthouse at dusk" })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath("media/collection-1280.png"), fullPage: true });
  await page.setViewportSize(phone);
  await page.reload();
  await page.screenshot({ path: shotPath("media/collection-390.png"), fullPage: true });
  await page.setViewportSize(desktop);

  // My Media: a picture added with its progress, then listed.
  await page.goto("/dashboard/media");
  await hydrated(page);
  await page.getByLabel("Choose an image, video or audio file").setInputFiles({ name: "Harbour.png", mimeType: "image/png", buffer: SMALL_PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Media added successfully" })).toBeVisible();
  await expect(page.getByText("Harbour.png")).toBeVisible();
  // The toast (a shared component) goes after 1.5 s; the page itself is checked.
  await expect(page.getByRole("status").filter({ hasText: "Media added successfully" })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath("media/my-media-1280.png"), fullPage: true });
  await page.setViewportSize(phone);
  await page.reload();
  await page.screenshot({ path: shotPath("media/my-media-390.png"), fullPage: true });
  await page.setViewportSize(desktop);

  // Someone else sees the public one under Public, and cannot change it.
  const other = await browser.newContext({ viewport: phone });
  const visitor = await other.newPage();
  await visitor.goto("/generate?filter=public");
  await hydrated(visitor);
  const shown = visitor.getByTestId("gallery-item").filter({ hasText: "a lighthouse at dusk" });
  await expect(shown).toHaveCount(1);
  await expect(shown.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await expect(shown.getByRole("switch")).toHaveCount(0);
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitor.screenshot({ path: shotPath("media/generate-390.png"), fullPage: true });
  await other.close();

  // The owner deletes it.
  await page.goto("/generate?filter=mine");
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(items).toHaveCount(2);
  await items
    .first()
    .getByRole("link", { name: /Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete image" });
  await expect(confirm).toContainText(galleryTexts.confirmDelete);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted successfully" })).toBeVisible();
  await expect(items).toHaveCount(1);
  await owner.context.close();
});

test("generate without JavaScript: the form posts, the page shows the job, a reload shows the picture", async ({ browser }) => {
  const { context, email } = await personWithTokens(browser, "nojs");
  await context.close();
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await plain.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  await page.goto("/generate");
  await page.getByLabel("Number of images").selectOption("1");
  await page.getByLabel("Prompt").fill("a paper boat on a pond");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page).toHaveURL(/filter=mine/);
  await expect(
    page
      .getByTestId("gallery-item")
      .or(page.getByText(`${galleryTexts.generating}...`))
      .first(),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("gallery-item").filter({ hasText: "a paper boat on a pond" })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await plain.close();
});

test("in a chat, image mode asks the character for a picture, and it arrives live", async ({ browser }) => {
  const { context, page } = await paidPerson(browser, PAID_PLAN.people.mediaChat);
  const chat = await startChatFromExplore(page, 0);
  await page.getByLabel("Settings: Chat mode").click();
  await page.getByRole("radio", { name: /^Image/ }).check();
  await expect(page.getByLabel("Settings: Image mode")).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill("Send me a picture of you");
  await page.getByRole("button", { name: "Send" }).click();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Send me a picture of you")).toBeVisible();
  await expect(messages.getByRole("img", { name: "A picture from the chat" })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: shotPath("media/chat-picture-1280.png") });

  // The Collection files it under the character.
  await page.goto("/collection");
  await expect(page.getByRole("heading", { name: chat.name })).toBeVisible();

  // The same request without JavaScript: the form posts, the page shows the pending reply, a reload the picture.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: desktop, storageState: await context.storageState() });
  const noScript = await plain.newPage();
  await noScript.goto(`/chat/${chat.id}`);
  await noScript.getByLabel("Settings: Chat mode").click();
  await noScript.getByRole("radio", { name: /^Image/ }).check();
  await noScript.getByLabel("Message", { exact: true }).fill("Can I see you at the beach?");
  await noScript.getByRole("button", { name: "Send" }).click();
  const list = noScript.getByRole("list", { name: "Messages" });
  await expect(list.getByText("Can I see you at the beach?")).toBeVisible();
  await expect(async () => {
    await noScript.reload();
    await expect(list.getByRole("img", { name: "A picture from the chat" })).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await plain.close();
  await context.close();
});
