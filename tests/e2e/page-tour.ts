// The pages a visitor, a person and an admin can open, and how a test tours them: the
// accessibility suite and the languages suite look at the same pages.
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./journeys";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * The serious and critical violations on the page as it is now, each with the elements it was
 * found on. Beside the WCAG rules, a control's name must hold its visible text (WCAG 2.5.3; axe
 * counts the rule experimental): a Buy Now button named only "Buy Standard" fails it.
 */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      on: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`),
    }));
}

/** What is wrong with the page at `path`: its serious violations, and a sideways scroll. */
export async function problemsOn(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(500);
  // A busy machine may take a while to start a page's script; axe looks at the page a person uses.
  await expect(page.locator("html"), `${path} starts`).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  const problems: unknown[] = await seriousViolations(page);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (sideways > 0) problems.push({ rule: "sideways-scroll", on: [`${sideways}px wider than the screen`] });
  return problems.length ? { [path]: problems } : {};
}

/** The first link on `listPath` whose address matches `pattern`: the way into a page behind an id. */
export async function firstLink(page: Page, listPath: string, pattern: RegExp) {
  await page.goto(listPath);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link matching ${pattern} on ${listPath}`).toBeTruthy();
  return href!;
}

export const visitorPages = [
  "/",
  "/explore",
  "/explore?q=coach",
  "/?category=2",
  "/aboutus",
  "/language",
  "/contactus",
  "/privacy",
  "/terms",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/verify-email?token=not-a-real-token",
  "/tokens",
  "/chat",
  "/generate",
  "/create",
  "/collection",
  "/favorites",
  "/no-such-page",
];

export const personPages = [
  "/",
  "/chat",
  "/favorites",
  "/generate",
  "/create",
  "/collection",
  "/contactus",
  "/tokens",
  "/dashboard",
  "/dashboard/settings",
  "/dashboard/settings/delete",
  "/dashboard/tokens",
  "/dashboard/subscription",
  "/dashboard/billing",
  "/dashboard/usage",
  "/dashboard/tickets",
  "/dashboard/media",
  "/dashboard/personas",
  "/chat/search?q=hello",
  "/chat/import",
];

export const adminPages = [
  "/admin",
  "/admin/users",
  "/admin/audit",
  "/admin/tickets",
  "/admin/plans",
  "/admin/plans/new",
  "/admin/tokens",
  "/admin/tokens/packages/new",
  "/admin/models",
  "/admin/models/new",
  "/admin/character-details",
  "/admin/character-details/new",
  "/admin/build",
  "/admin/characters",
  "/admin/characters?published=submitted",
  "/admin/banners",
  "/admin/banners/new",
];

/** A person's pages behind an id, each found from its list. */
export const personPagesBehindIds: [list: string, pattern: RegExp][] = [
  ["/chat", /^\/chat\/[0-9a-f-]{36}$/],
  ["/create", /^\/create\/[0-9a-f-]{36}\/edit$/],
  ["/create", /^\/create\/[0-9a-f-]{36}\/delete$/],
  ["/dashboard/tickets", /^\/dashboard\/tickets\?id=/],
];

/** The console's pages behind an id, each found from its list (and a suffix to add to it). */
export const adminPagesBehindIds: [list: string, pattern: RegExp, suffix?: string][] = [
  ["/admin/users", /^\/admin\/users\/[0-9a-f-]{36}$/],
  ["/admin/users", /^\/admin\/users\/[0-9a-f-]{36}$/, "/delete"],
  ["/admin/tickets", /^\/admin\/tickets\/[0-9a-f-]{36}/],
  ["/admin/plans", /^\/admin\/plans\/[^/]+\/edit/],
  ["/admin/plans", /^\/admin\/plans\/[^/]+\/delete/],
  ["/admin/tokens", /^\/admin\/tokens\/packages\/[^/]+\/edit/],
  ["/admin/tokens", /^\/admin\/tokens\/packages\/[^/]+\/delete/],
  ["/admin/models", /^\/admin\/models\/[^/]+\/edit/],
  ["/admin/models", /^\/admin\/models\/[^/]+\/delete/],
  ["/admin/character-details", /^\/admin\/character-details\/[^/]+\/edit/],
  ["/admin/character-details", /^\/admin\/character-details\/[^/]+\/delete/],
  ["/admin/characters", /^\/admin\/characters\/[^/]+\/edit/],
  ["/admin/characters", /^\/admin\/characters\/[^/]+\/info/],
  ["/admin/characters", /^\/admin\/characters\/[^/]+\/delete/],
  ["/admin/characters?published=submitted", /^\/admin\/characters\/[^/]+\/review/],
  ["/admin/banners", /^\/admin\/banners\/[^/]+\/edit/],
  ["/admin/banners", /^\/admin\/banners\/[^/]+\/delete/],
];

/** Signs in once for a describe block; its tests open their pages with the saved cookies. */
export function signedInAs(account: { email: string; password: string }) {
  const file = join(tmpdir(), `a11y-${account.email}-${process.pid}.json`);
  test.beforeAll(async ({ browser }, testInfo) => {
    const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL, storageState: { cookies: [], origins: [] } });
    await signIn(page, account.email, account.password);
    await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 30_000 });
    await page.context().storageState({ path: file });
    await page.close();
  });
  test.use({ storageState: file });
}
