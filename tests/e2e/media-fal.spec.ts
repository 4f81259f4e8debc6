// Generating pictures with the fal FLUX model through the fake fal queue API (real HTTP, polled):
// on /generate, made public and seen by someone else, deleted by the owner; a chat's picture
// request in image mode arriving live; and both again with JavaScript off.
import { expect, test, type Page } from "@playwright/test";
import { galleryTexts } from "~/lib/gallery";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { falFake } from "./fakes";
import { hydrated, signIn, startChatFromExplore } from "./journeys";
import { PAID_PLAN } from "./fixture-accounts";
import { fillGenerate, paidPerson, personWithTokens } from "./media-journeys";
import { desktop, phone } from "./viewports";

const FAL_MODEL = "FLUX.1 [schnell]";

const fakes = falFake();
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp.close();
});

/** The prompts fal was asked to draw, in order. */
const promptsAtFal = () => [...fakes.fal.requests.values()].map((request) => String(request.input.prompt));

/** Chooses the fal model as the agent's image model in the chat's Edit agent dialog. */
async function agentDrawsWithFal(page: Page) {
  // The agent details panel shows beside the chat from 1440 px.
  await page.setViewportSize({ width: 1440, height: 900 });
  await hydrated(page);
  await page.getByRole("complementary", { name: "Agent details" }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit agent" });
  await edit.getByLabel("Image model").selectOption(FAL_MODEL);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Agent updated successfully" })).toBeVisible();
  await expect(edit).toBeHidden();
  await page.setViewportSize(desktop);
}

test("a fal picture generated on /generate appears, is public for another person who cannot delete it, and the owner deletes it", async ({ browser }) => {
  const owner = await personWithTokens(browser, smtp, "fal-owner");
  const page = owner.page;
  await page.goto("/generate");
  await hydrated(page);
  await fillGenerate(page, FAL_MODEL, "a red kite over the dunes", 1);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image generation started" })).toBeVisible();

  const items = page.getByTestId("gallery-item").filter({ hasText: "a red kite over the dunes" });
  await expect(items).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText(`${galleryTexts.generating}...`)).toBeHidden();
  await expect(items.getByRole("img").first()).toBeVisible();
  expect(promptsAtFal().some((prompt) => prompt.includes("a red kite over the dunes"))).toBe(true);

  await expect(items.getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "false");
  await items.getByRole("switch", { name: "Public" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image is now public" })).toBeVisible();
  await expect(items.getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "true");

  // Another signed-in person sees it under Public, with nothing to change it by.
  const other = await personWithTokens(browser, smtp, "fal-other");
  await other.page.goto("/generate?filter=public");
  await hydrated(other.page);
  const shown = other.page.getByTestId("gallery-item").filter({ hasText: "a red kite over the dunes" });
  await expect(shown).toHaveCount(1);
  await expect(shown.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await expect(shown.getByRole("switch")).toHaveCount(0);
  await other.context.close();

  await page.goto("/generate?filter=mine");
  await hydrated(page);
  await items.getByRole("link", { name: /Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete image" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted successfully" })).toBeVisible();
  await expect(items).toHaveCount(0);
  await page.goto("/generate?filter=public");
  await expect(page.getByTestId("gallery-item").filter({ hasText: "a red kite over the dunes" })).toHaveCount(0);
  await owner.context.close();
});

test("in a chat whose agent draws with fal, image mode's picture arrives live", async ({ browser }) => {
  const { context, page } = await paidPerson(browser, PAID_PLAN.people.falChat);
  await startChatFromExplore(page, 1);
  await agentDrawsWithFal(page);
  const before = fakes.fal.requests.size;
  await page.getByLabel("Settings: Chat mode").click();
  await page.getByRole("radio", { name: /^Image/ }).check();
  await expect(page.getByLabel("Settings: Image mode")).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill("Send me a picture of you");
  await page.getByRole("button", { name: "Send" }).click();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Send me a picture of you")).toBeVisible();
  await expect(messages.getByRole("img", { name: "A picture from the chat" })).toBeVisible({ timeout: 30_000 });
  expect(fakes.fal.requests.size).toBe(before + 1);
  expect(promptsAtFal().at(-1)).toContain("Send me a picture of you");
  await context.close();
});

test("without JavaScript, a fal picture on /generate and a chat's picture request both arrive", async ({ browser }) => {
  const { context, page, email } = await paidPerson(browser, PAID_PLAN.people.falWithoutScript);
  const chat = await startChatFromExplore(page, 2);
  await agentDrawsWithFal(page);
  await context.close();

  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const noScript = await plain.newPage();
  await signIn(noScript, email, PAID_PLAN.password);
  await expect(noScript.getByLabel("Profile menu")).toBeVisible();
  await noScript.goto("/generate");
  await noScript.getByLabel("Model", { exact: true }).selectOption(FAL_MODEL);
  await noScript.getByLabel("Number of images").selectOption("1");
  await noScript.getByLabel("Prompt").fill("a glass teapot in the rain");
  await noScript.getByRole("button", { name: "Generate" }).click();
  await expect(noScript).toHaveURL(/filter=mine/);
  await expect(async () => {
    await noScript.reload();
    await expect(noScript.getByTestId("gallery-item").filter({ hasText: "a glass teapot in the rain" })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(promptsAtFal().some((prompt) => prompt.includes("a glass teapot in the rain"))).toBe(true);

  await noScript.setViewportSize(desktop);
  await noScript.goto(`/chat/${chat.id}`);
  await noScript.getByLabel("Settings: Chat mode").click();
  await noScript.getByRole("radio", { name: /^Image/ }).check();
  await noScript.getByLabel("Message", { exact: true }).fill("Send me a picture of you");
  await noScript.getByRole("button", { name: "Send" }).click();
  const list = noScript.getByRole("list", { name: "Messages" });
  await expect(list.getByText("Send me a picture of you")).toBeVisible();
  await expect(async () => {
    await noScript.reload();
    await expect(list.getByRole("img", { name: "A picture from the chat" })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(promptsAtFal().at(-1)).toContain("Send me a picture of you");
  await plain.close();
});
