// Demo videos and sounds are real media a browser plays: a video generated on /generate plays in
// the gallery, the Collection and a chat; a sound plays in its gallery tile. Also the page's
// price beside the balance, one picture by default, the All / Mine / Public filter and the
// labelled Public switch, with JavaScript and without.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { hydrated, startChatFromExplore } from "./journeys";
import { PAID_PLAN } from "./fixture-accounts";
import { paidPerson, personWithTokens } from "./media-journeys";
import { phone } from "./viewports";
import { shotPath } from "./screenshots";

const SHOTS = shotPath("media");

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp.close();
});

/** axe on the page's main content (the shell around it has its own checks). */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);

type Playback = { error: number | null; readyState: number; duration: number; currentTime: number; width: number; height: number };

const playbackOf = (media: Locator) =>
  media.evaluate((element: HTMLMediaElement): Playback => {
    const video = element instanceof HTMLVideoElement ? element : null;
    return {
      error: element.error?.code ?? null,
      readyState: element.readyState,
      duration: element.duration,
      currentTime: element.currentTime,
      width: video?.videoWidth ?? 0,
      height: video?.videoHeight ?? 0,
    };
  });

/**
 * The element loads its file without an error, knows how long it is, and plays: its time moves
 * on. Muted, so the browser's autoplay rule does not ask for a gesture.
 */
async function expectPlays(media: Locator, { video }: { video: boolean }) {
  await expect(media).toBeVisible();
  await media.evaluate(async (element: HTMLMediaElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(async () => (await playbackOf(media)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.2);
  const playback = await playbackOf(media);
  expect(playback.error).toBeNull();
  expect(playback.readyState).toBeGreaterThanOrEqual(2);
  expect(playback.duration).toBeGreaterThan(0);
  expect(Number.isFinite(playback.duration)).toBe(true);
  if (video) expect([playback.width, playback.height]).toEqual([480, 270]);
}

async function generate(page: Page, type: "video" | "audio", prompt: string) {
  await page.goto(`/generate?type=${type}`);
  await hydrated(page);
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image generation started" })).toBeVisible();
}

test("a demo video generated on /generate plays in the gallery and in the Collection", async ({ browser }) => {
  const { context, page } = await personWithTokens(browser, smtp, "video");

  // The price of what is chosen, beside what the person has.
  await page.goto("/generate?type=video");
  await hydrated(page);
  await expect(page.getByText("This costs 10 tokens · You have 500 tokens")).toBeVisible();
  await page.getByLabel("Duration").selectOption("10");
  await expect(page.getByText("This costs 20 tokens · You have 500 tokens")).toBeVisible();

  await generate(page, "video", "waves rolling onto a beach");
  const tile = page.getByTestId("gallery-item").filter({ hasText: "waves rolling onto a beach" });
  const video = tile.locator("video");
  await expect(video).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText("You have 490 tokens")).toBeVisible();
  // Its poster is a picture the app serves.
  const poster = await video.getAttribute("poster");
  expect(poster).toBeTruthy();
  const posterAnswer = await page.request.get(poster!);
  expect([posterAnswer.status(), posterAnswer.headers()["content-type"]]).toEqual([200, "image/webp"]);
  await expectPlays(video, { video: true });
  expect((await playbackOf(video)).duration).toBeCloseTo(5, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/generate-video-1280.png`, fullPage: true });

  // The Collection plays it in place too.
  await page.goto("/collection?type=video");
  await hydrated(page);
  await expectPlays(page.getByTestId("collection-item").locator("video").first(), { video: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/collection-video-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
  await page.reload();
  await page.screenshot({ path: `${SHOTS}/collection-video-390.png`, fullPage: true });
  await context.close();
});

test("a demo sound's gallery tile plays it", async ({ browser }) => {
  const { context, page } = await personWithTokens(browser, smtp, "audio");
  await generate(page, "audio", "rain on a tin roof");
  const sound = page.getByTestId("gallery-item").filter({ hasText: "rain on a tin roof" }).locator("audio");
  await expect(sound).toHaveCount(1, { timeout: 30_000 });
  await expectPlays(sound, { video: false });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/generate-audio-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
  await page.reload();
  await page.screenshot({ path: `${SHOTS}/generate-audio-390.png`, fullPage: true });
  await context.close();
});

test("a chat's video mode gets the character's demo video, which plays where it arrives", async ({ browser }) => {
  const { context, page } = await paidPerson(browser, PAID_PLAN.people.chatVideo);
  await startChatFromExplore(page, 0);
  await page.getByLabel("Settings: Chat mode").click();
  await page.getByRole("radio", { name: /^Video/ }).check();
  await page.getByLabel("Message", { exact: true }).fill("Send me a video of you");
  await page.getByRole("button", { name: "Send" }).click();
  const chatVideo = page.getByRole("list", { name: "Messages" }).locator("video");
  await expect(chatVideo).toHaveCount(1, { timeout: 30_000 });
  await expectPlays(chatVideo, { video: true });
  await page.screenshot({ path: `${SHOTS}/chat-video-1280.png` });
  await context.close();
});

test("one picture by default; the gallery's filters read All, Mine and Public; Public is a switch", async ({ browser }) => {
  const { context, page } = await personWithTokens(browser, smtp, "switch");
  await page.goto("/generate");
  await hydrated(page);
  await expect(page.getByLabel("Number of images")).toHaveValue("1");
  await expect(page.getByText("This costs 10 tokens · You have 500 tokens")).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Gallery filter" }).getByRole("link");
  await expect(filters).toHaveText(["All", "Mine", "Public"]);

  await page.getByLabel("Prompt").fill("a red kite over the hills");
  await page.getByRole("button", { name: "Generate" }).click();
  const tile = page.getByTestId("gallery-item").filter({ hasText: "a red kite over the hills" });
  await expect(tile).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText("You have 490 tokens")).toBeVisible();

  const toggle = tile.getByRole("switch", { name: "Public" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  // The visible label turns it on, as the switch itself does.
  await tile.getByText("Public", { exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image is now public" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.getByRole("link", { name: "Public", exact: true }).click();
  await expect(page).toHaveURL(/filter=public/);
  await expect(page.getByTestId("gallery-item").filter({ hasText: "a red kite over the hills" })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/generate-switch-1280.png` });

  // Without JavaScript the switch is a form: it posts and comes back to the same page.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone, storageState: await context.storageState() });
  const noScript = await plain.newPage();
  await noScript.goto("/generate?filter=mine");
  const same = noScript.getByTestId("gallery-item").filter({ hasText: "a red kite over the hills" });
  await expect(same.getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "true");
  await noScript.screenshot({ path: `${SHOTS}/generate-switch-390.png`, fullPage: true });
  await same.getByRole("switch", { name: "Public" }).click();
  await expect(noScript).toHaveURL(/\/generate\?filter=mine/);
  await expect(same.getByRole("switch", { name: "Public" })).toHaveAttribute("aria-checked", "false");
  await plain.close();
  await context.close();
});
