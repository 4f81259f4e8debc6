// Chat modes that do what they say (issue 32, decision 034), all offline: Vision answers about a
// picture with the demo model that reads pictures, Design redraws the chat's last picture with the
// demo image-to-image model, a voice note comes back as a sound that plays; with JavaScript and
// without. A person on the free plan sees the picture and video modes as not in their plan, and the
// server refuses them. The mic dictates where the browser recognises speech. Screens at 390 and
// 1280 px, and axe on the chat page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { chatModeTexts } from "~/lib/chat-modes";
import { FREE_PLAN, PAID_PLAN } from "./fixture-accounts";
import { hydrated, signIn, startChatFromExplore } from "./journeys";
import { paidPerson } from "./media-journeys";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const SHOTS = shotPath("chat-modes");
const VISION_MODEL = "Demo Vision (offline)";

const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);

/** A picture of one colour, as a file the person picks. */
async function picture(name: string, colour: { r: number; g: number; b: number }, width = 640, height = 480) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The agent's chat model, chosen in the Edit agent dialog: the offline demo model that reads pictures. */
async function agentReadsWithDemo(page: Page) {
  // The agent details panel shows beside the chat from 1440 px.
  await page.setViewportSize({ width: 1440, height: 900 });
  await hydrated(page);
  await page.getByRole("complementary", { name: "Agent details" }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit agent" });
  await edit.getByLabel("Chat model").selectOption(VISION_MODEL);
  await expect(edit.getByText("Speaks voice notes.")).toBeVisible();
  await expect(edit.getByLabel("Music model")).toHaveCount(0);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Agent updated successfully" })).toBeVisible();
  await expect(edit).toBeHidden();
  await page.setViewportSize(desktop);
}

/** A paid person's new chat whose agent answers with the demo Vision model. */
async function paidChat(browser: Browser, email: string, nth: number) {
  const person = await paidPerson(browser, email);
  const chat = await startChatFromExplore(person.page, nth);
  await agentReadsWithDemo(person.page);
  return { ...person, chat };
}

async function chooseMode(page: Page, current: string, mode: RegExp) {
  await page.getByLabel(`Settings: ${current} mode`).click();
  await page.getByRole("radio", { name: mode }).check();
}

/** The chat as it is now, at 1280 px, and as a phone opening it shows it at 390 px. */
async function shoot(page: Page, name: string) {
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  const onPhone = await page.context().newPage();
  await onPhone.setViewportSize(phone);
  await onPhone.goto(page.url());
  await hydrated(onPhone);
  await onPhone.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await onPhone.close();
}

test("with JavaScript: Vision reads the attached picture, Design redraws it, and a voice note plays", async ({ browser }) => {
  const { context, page } = await paidChat(browser, PAID_PLAN.people.modesWithScript, 4);

  // Vision, about the picture attached.
  await page.locator('input[type="file"][multiple]').setInputFiles(await picture("sky.png", { r: 20, g: 60, b: 230 }));
  await expect(page.getByLabel("Attachments").getByRole("status")).toHaveText("ready");
  await chooseMode(page, "Chat", /^Vision/);
  await composer(page).fill("What do you see?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByRole("img", { name: "sky.png" })).toBeVisible();
  await expect(messages(page).getByText("I see a picture of 640 × 480 pixels, mostly blue.")).toBeVisible();
  await shoot(page, "vision");

  // Design, with nothing attached: the chat's last picture is redrawn.
  await chooseMode(page, "Vision", /^Design/);
  await composer(page).fill("Make it a sunset");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByText("Make it a sunset")).toBeVisible();
  await expect(messages(page).getByRole("img", { name: "A picture from the chat" })).toBeVisible({ timeout: 30_000 });
  await shoot(page, "design");

  // A voice note: the reply, spoken.
  await chooseMode(page, "Design", /^Voice note/);
  await composer(page).fill("Send me a voice note");
  await page.getByRole("button", { name: "Send" }).click();
  const sound = messages(page).locator("audio");
  await expect(sound).toHaveCount(1, { timeout: 30_000 });
  await expect(messages(page).locator(":scope > li", { has: page.locator("audio") })).toContainText("Send me a voice note");
  await expect
    .poll(() => sound.evaluate((element: HTMLAudioElement) => (element.readyState >= 1 ? element.duration : 0)), { timeout: 10_000 })
    .toBeGreaterThan(1);
  await shoot(page, "voice-note");

  // The page with the mode picker open, at both sizes (on a phone, in the tools menu): nothing serious for axe.
  await page.getByLabel("Settings: Voice note mode").click();
  await page.screenshot({ path: `${SHOTS}/modes-1280.png` });
  expect(await seriousViolations(page)).toEqual([]);
  const onPhone = await context.newPage();
  await onPhone.setViewportSize(phone);
  await onPhone.goto(page.url());
  await hydrated(onPhone);
  await onPhone.getByLabel("More options").click();
  await onPhone.getByLabel("Settings: Chat mode").click();
  await expect(onPhone.getByRole("radio", { name: /^Voice note/ })).toBeVisible();
  await onPhone.screenshot({ path: `${SHOTS}/modes-390.png` });
  expect(await seriousViolations(onPhone)).toEqual([]);
  await context.close();
});

test("without JavaScript: the composer's form posts each mode, and the answers come", async ({ browser }) => {
  const { context, chat } = await paidChat(browser, PAID_PLAN.people.modesWithoutScript, 5);
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: desktop, storageState: await context.storageState() });
  await context.close();
  const page = await plain.newPage();
  await page.goto(`/chat/${chat.id}`);
  // The mic needs the page's script: it is not in the page the server sends.
  await expect(page.getByRole("button", { name: "Voice input" })).toHaveCount(0);

  await page.locator('input[type="file"][name="file"]').setInputFiles(await picture("leaf.png", { r: 40, g: 190, b: 60 }, 300, 200));
  await chooseMode(page, "Chat", /^Vision/);
  await composer(page).fill("What colour is it?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByText("I see a picture of 300 × 200 pixels, mostly green.")).toBeVisible();

  await chooseMode(page, "Chat", /^Design/);
  await composer(page).fill("Paint it in autumn");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByText("Paint it in autumn")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(messages(page).getByRole("img", { name: "A picture from the chat" })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await chooseMode(page, "Chat", /^Voice note/);
  await composer(page).fill("Send me a voice note");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(async () => {
    await page.reload();
    await expect(messages(page).locator("audio")).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/nojs-1280.png` });
  await plain.close();
});

test("on the free plan, picture and video modes show as not in the plan, and the server refuses them", async ({ page }) => {
  await signIn(page, FREE_PLAN.email, FREE_PLAN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  const chat = await startChatFromExplore(page, 6);
  await hydrated(page);
  await page.getByLabel("Settings: Chat mode").click();
  for (const mode of [/^Image/, /^Design/, /^Video/]) await expect(page.getByRole("radio", { name: mode })).toBeDisabled();
  await expect(page.getByText(chatModeTexts.notInPlanShort("Free"))).toHaveCount(3);
  await expect(page.getByRole("radio", { name: /^Voice note/ })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/free-plan-modes-1280.png` });
  expect(await seriousViolations(page)).toEqual([]);
  const onPhone = await page.context().newPage();
  await onPhone.setViewportSize(phone);
  await onPhone.goto(page.url());
  await hydrated(onPhone);
  await onPhone.getByLabel("More options").click();
  await onPhone.getByLabel("Settings: Chat mode").click();
  await expect(onPhone.getByRole("radio", { name: /^Image/ })).toBeVisible();
  await onPhone.screenshot({ path: `${SHOTS}/free-plan-modes-390.png` });
  expect(await seriousViolations(onPhone)).toEqual([]);
  await onPhone.close();

  // A form posted anyway (an old page, a script) is refused, naming the plan.
  const refused = await page.request.post(`/chat/${chat.id}`, {
    form: { intent: "send", mode: "image", message: "Send me a picture of you" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  await page.reload();
  await expect(messages(page).getByText("Send me a picture of you")).toHaveCount(0);

  await page.getByLabel("Settings: Chat mode").click();
  await page.getByRole("link", { name: "See plans for Image" }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
});

test("the mic dictates into the message box where the browser recognises speech, also from the phone's menu", async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  // The browser's recognition, as a page sees it: it hears one phrase, then stops.
  await context.addInitScript(() => {
    class HeardOnce {
      lang = "";
      continuous = false;
      interimResults = false;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          const result = Object.assign([{ transcript: "tell me about the stars" }], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: HeardOnce, webkitSpeechRecognition: HeardOnce });
  });
  const page = await context.newPage();
  await signIn(page, FREE_PLAN.email, FREE_PLAN.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  await startChatFromExplore(page, 7);
  await hydrated(page);
  await composer(page).fill("Hello,");
  await page.getByLabel("More options").click();
  await page.getByRole("button", { name: "Voice input" }).click();
  await expect(composer(page)).toHaveValue("Hello, tell me about the stars");
  await page.setViewportSize(desktop);
  await page.getByRole("button", { name: "Voice input" }).click();
  await expect(composer(page)).toHaveValue("Hello, tell me about the stars tell me about the stars");
  await context.close();
});
