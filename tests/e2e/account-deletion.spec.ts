// Personal data can be taken away and removed (issue 32, item 4). On a server of its own, two
// people with chats, uploads, generated media, favorites, a private character and a ticket
// (account-deletion-data.ts) download their data and delete their accounts from Settings: one
// with JavaScript on a desktop, one without it on a phone (changing the password first). Then,
// with the server stopped, the database is read: nothing of theirs is left in those tables,
// their files are gone from storage, and every account's ledger still adds up.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import JSZip from "jszip";
import { accountTexts } from "~/lib/account";
import { ACCOUNT_DELETION } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { startServer, tempDir, waitUntilHealthy, type Server } from "./server-process";
import { desktop, phone } from "./viewports";
import { shotPath } from "./screenshots";

const SHOTS = shotPath("account-deletion");
type Person = { userId: string; privateId: string; publishedId: string };

let server: Server;
let dataDir: string;
let people: Record<string, Person>;

/** Runs account-deletion-data.ts on the journey's data folder and answers what it printed. */
function dataScript(...args: string[]) {
  const output = execFileSync(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "tests/e2e/account-deletion-data.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1)!);
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, on: violation.nodes.map((node) => node.target.join(" ")) }));
}

/** Links to the person's stored files, as their pages hand them out: a generated picture and its thumbnail, and an upload. */
async function savedLinks(page: Page) {
  const gallery = await (await page.request.get("/api/gallery?filter=mine")).json();
  const uploads = await (await page.request.get("/api/uploads")).json();
  return [gallery.items[0].url, gallery.items[0].thumbUrl, uploads.uploads[0].url] as string[];
}
const statuses = (page: Page, links: string[]) => Promise.all(links.map(async (link) => (await page.request.get(link)).status()));

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = tempDir();
  people = dataScript("prepare", ACCOUNT_DELETION.withScript, ACCOUNT_DELETION.withoutScript);
  server = startServer({ DATA_DIR: dataDir, MEDIA_DEMO_DELAY_MS: "0" });
  await waitUntilHealthy(server);
});
test.afterAll(async () => {
  await server?.stop();
});

test("with JavaScript: the download holds what the person made, then Delete account removes it and signs them out", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: desktop, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, ACCOUNT_DELETION.withScript, ACCOUNT_DELETION.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 20_000 });

  await page.goto("/dashboard/settings");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/settings-desktop.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^characterverse-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  const json = async (name: string) => JSON.parse(await zip.file(name)!.async("string"));
  expect(await json("profile.json")).toMatchObject({ email: ACCOUNT_DELETION.withScript, name: "Ada Lovelace" });
  const chat = Object.keys(zip.files).find((name) => /^chats\/[^/]+\.json$/.test(name))!;
  expect((await json(chat)).messages.map((message: { text: string }) => message.text)).toEqual(
    expect.arrayContaining(["Look at my holiday", "What a lovely beach!"]),
  );
  expect((await json("characters.json")).map((character: { name: string }) => character.name).sort()).toEqual(["My Secret Friend", "Public Pal"]);
  expect((await json("tickets.json"))[0]).toMatchObject({ topic: "Billing question", replies: [{ message: "It is on its way." }, { message: "Thank you!" }] });
  const [media] = await json("media.json");
  expect(media.prompt).toBe("a red fox in the snow");
  expect((await zip.file(media.file)!.async("nodebuffer")).subarray(1, 4).toString()).toBe("PNG");
  const [upload] = await json("uploads.json");
  expect(zip.file(upload.file)).not.toBeNull();
  expect(await json("favorites.json")).toHaveLength(1);

  const links = await savedLinks(page);
  expect(await statuses(page, links)).toEqual([200, 200, 200]);

  await page.getByRole("link", { name: "Delete my account…" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/delete$/);
  await expect(page.getByRole("heading", { name: "Delete your account" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/delete-desktop.png`, fullPage: true });
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText(accountTexts.passwordWrong)).toBeVisible();
  await page.getByLabel("Your password").fill(ACCOUNT_DELETION.password);
  await page.getByRole("button", { name: "Delete my account" }).click();

  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByText(accountTexts.accountDeleted)).toBeVisible();
  await expect(page.getByLabel("Profile menu")).toHaveCount(0);
  // The links saved before answer 404, and the account's pages ask to sign in.
  expect(await statuses(page, links)).toEqual([404, 404, 404]);
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await signIn(page, ACCOUNT_DELETION.withScript, ACCOUNT_DELETION.password);
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  await context.close();
});

test("without JavaScript on a phone: Change password, then Delete account with the new one", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, ACCOUNT_DELETION.withoutScript, ACCOUNT_DELETION.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/dashboard/settings");
  await page.screenshot({ path: `${SHOTS}/settings-phone.png`, fullPage: true });
  const links = await savedLinks(page);

  await page.getByLabel("Current password").fill(ACCOUNT_DELETION.password);
  await page.getByLabel("New password", { exact: true }).fill("a brand new one");
  await page.getByLabel("Confirm new password").fill("a brand new one!");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Current password").fill(ACCOUNT_DELETION.password);
  await page.getByLabel("New password", { exact: true }).fill("a brand new one");
  await page.getByLabel("Confirm new password").fill("a brand new one");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(accountTexts.passwordChanged)).toBeVisible();

  await page.getByRole("link", { name: "Delete my account…" }).click();
  await page.screenshot({ path: `${SHOTS}/delete-phone.png`, fullPage: true });
  await page.getByLabel("Your password").fill(ACCOUNT_DELETION.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText(accountTexts.passwordWrong)).toBeVisible();
  await page.getByLabel("Your password").fill("a brand new one");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText(accountTexts.accountDeleted)).toBeVisible();
  await expect(page.getByLabel("Profile menu")).toHaveCount(0);
  expect(await statuses(page, links)).toEqual([404, 404, 404]);
  await context.close();
});

test("afterwards the database holds no row of theirs in those tables, storage no file, and every ledger adds up", async () => {
  await server.stop();
  const ids = Object.values(people).map((person) => [person.userId, person.privateId, person.publishedId].join(","));
  const { left, ledgerMismatches, pendingRemovals } = dataScript("check", ...ids);
  for (const person of Object.values(people)) {
    const { user, rows, publishedCharacters, transactions, files } = left[person.userId];
    expect(user).toEqual({ email: `deleted-${person.userId}@deleted.invalid`, name: null, avatarUrl: null, passwordHash: null, status: "inactive" });
    expect(Object.values(rows)).toEqual(Object.values(rows).map(() => 0));
    // Only the published character's picture is left: the catalogue still shows it.
    expect(files).toEqual([`avatars/${person.userId}/card.webp`]);
    expect(publishedCharacters).toBe(1);
    expect(transactions).toBeGreaterThan(0);
  }
  expect(ledgerMismatches).toEqual([]);
  expect(pendingRemovals).toBe(0);
});
