// Personas and the model per chat (docs/chat.md): a persona made on the dashboard and picked in a
// chat's details panel reaches the model, and a chat switched to another model is answered and
// priced by it. On a phone and a desktop with JavaScript, and the core steps without it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mailAndModelFakes } from "./fakes";
import { hydrated, signedInAccount, startChatFromExplore } from "./journeys";
import { problemsOn } from "./page-tour";
import { shotPath } from "./screenshots";
import { desktop, phone } from "./viewports";

const fakes = mailAndModelFakes();
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";
const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");

/** Creates a persona on /dashboard/personas, as a person fills the New persona form. */
async function createPersona(page: Page, name: string, description: string) {
  await page.goto("/dashboard/personas");
  const form = page.getByRole("region", { name: "New persona" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Create persona" }).click();
  await expect(page.getByRole("list", { name: "Your personas" }).getByRole("heading", { name })).toBeVisible();
}

/** Picks `option` in the details panel's select `label` and submits it with `button`. */
async function choose(panel: Locator, label: string, option: string | { label: string }, button: string) {
  await panel.getByLabel(label).selectOption(option);
  await panel.getByRole("button", { name: button, exact: true }).click();
}

/** Sends a message with the composer; waits for the reply (`count` messages, the last one the character's and done). */
async function send(page: Page, text: string, count: number) {
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page)).toHaveCount(count, { timeout: 20_000 });
  await expect(messages(page).last()).toHaveAttribute("data-sender", "agent");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
}

const systemSent = () => (fakes.model.requests.at(-1)!.body as { messages: { content: string }[] }).messages[0]!.content;
const tokens = async (page: Page) => Number((await page.getByTestId("header-tokens").first().textContent())!.replace(/\D/g, ""));

for (const [screen, size] of [
  ["phone", phone],
  ["desktop", desktop],
] as const) {
  test(`on a ${screen}: a persona picked in a chat reaches the model, and a switched model answers and is priced`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signedInAccount(page, fakes.smtp, `personas.${screen}.${Date.now()}@example.com`, "persona password");
    await createPersona(page, "Captain Mira", "A retired sea captain who speaks in nautical terms.");
    await hydrated(page);
    expect(await problemsOn(page, "/dashboard/personas")).toEqual({});
    await page.screenshot({ path: `${SHOTS}/personas-dashboard-${size.width}.png`, fullPage: true });

    await startChatFromExplore(page, 0);
    await hydrated(page);
    // The details: a sheet on a phone, the panel beside the chat on a desktop.
    const openPanel = async (on = page) => {
      if (screen === "phone") {
        await on.getByRole("button", { name: "Agent details" }).click();
        return on.getByRole("dialog", { name: "Agent details" });
      }
      const aside = on.getByRole("complementary", { name: "Agent details" });
      if (!(await aside.isVisible())) await on.getByRole("button", { name: "Show details" }).click();
      return aside;
    };
    // The same chat in a second tab, which hears of the choices made in the first.
    const otherTab = await page.context().newPage();
    await otherTab.setViewportSize(size);
    await otherTab.goto(page.url());
    await hydrated(otherTab);
    const otherPanel = await openPanel(otherTab);
    await page.bringToFront();
    let panel = await openPanel();
    // The first persona is the default: the select already says so.
    await expect(panel.getByLabel("You are")).toHaveValue("");
    await expect(panel.getByLabel("You are").locator("option").first()).toHaveText("Default (Captain Mira)");
    await choose(panel, "You are", { label: "Captain Mira" }, "Use");
    await expect(page.getByText("Persona changed for this chat")).toBeVisible();
    await expect(page.getByLabel("You are")).not.toHaveValue("");
    await expect(otherPanel.getByLabel("You are")).not.toHaveValue("");
    await otherTab.close();
    if (screen === "phone") await page.keyboard.press("Escape");

    fakes.model.nextReply({ text: "Aye, captain." });
    await send(page, "Who am I?", 3);
    await expect(messages(page).last()).toContainText("Aye, captain.");
    expect(systemSent()).toContain("About Captain Mira, the person you are talking with:\nA retired sea captain who speaks in nautical terms.");

    panel = await openPanel();
    await page.screenshot({ path: `${SHOTS}/personas-chat-panel-${size.width}.png` });
    const requestsBefore = fakes.model.requests.length;
    await choose(panel, "Model for this chat", { label: "Demo Chat (offline) · 5 tokens per message" }, "Switch");
    await expect(page.getByTestId("agent-model").first()).toHaveAttribute("title", "Demo Chat (offline)");
    if (screen === "phone") await page.keyboard.press("Escape");
    await page.reload();
    const before = await tokens(page);
    await send(page, "And now?", 5);
    await page.reload();
    // The offline demo model answered (the fake was not asked), at its own price.
    expect(fakes.model.requests.length).toBe(requestsBefore);
    await expect.poll(() => tokens(page)).toBe(before - 5);
  });
}

test("without JavaScript: a persona made, picked in a chat and sent to the model; the model switched", async ({ browser }) => {
  test.setTimeout(120_000);
  // Without JavaScript, on a phone, Agent details is a link to the chat's ?details state.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signedInAccount(page, fakes.smtp, `personas.nojs.${Date.now()}@example.com`, "persona password");
  await createPersona(page, "Quiet Quill", "A shy poet who answers in verse.");

  await page.goto("/explore");
  await page.getByRole("article").first().getByRole("link", { name: "Chat Now" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const details = async () => {
    await page.getByRole("button", { name: "Agent details" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?details$/);
    return page.getByRole("region", { name: /^Conversation with / });
  };
  const panel = await details();
  await page.screenshot({ path: shotPath("personas-details-nojs-390.png"), fullPage: true });
  await choose(panel, "You are", { label: "Quiet Quill" }, "Use");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?toast=persona-chosen$/);
  await expect(page.getByText("Persona changed for this chat")).toBeVisible();
  await expect((await details()).getByLabel("You are")).not.toHaveValue("");
  await page.getByRole("link", { name: "Back to the chat" }).click();

  fakes.model.nextReply({ text: "A verse for you." });
  await send(page, "Say something", 3);
  expect(systemSent()).toContain("About Quiet Quill, the person you are talking with:\nA shy poet who answers in verse.");

  await choose(await details(), "Model for this chat", { label: "Demo Chat (offline) · 5 tokens per message" }, "Switch");
  await expect((await details()).getByTestId("agent-model")).toHaveAttribute("title", "Demo Chat (offline)");
  await page.getByRole("link", { name: "Back to the chat" }).click();
  const before = await tokens(page);
  const requestsBefore = fakes.model.requests.length;
  await send(page, "In prose, please", 5);
  expect(fakes.model.requests.length).toBe(requestsBefore);
  expect(await tokens(page)).toBe(before - 5);
  await context.close();
});
