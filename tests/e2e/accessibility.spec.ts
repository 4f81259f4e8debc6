// axe-core on the pages a person meets first and most, on a phone and a desktop: no serious or
// critical violation (contrast, names, links told apart by colour alone).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ONE_CHAT } from "./fixture-accounts";
import { hydrated, signIn } from "./journeys";
import { desktop, phone } from "./viewports";

/**
 * The serious and critical violations on the page as it is now, each with the elements it was
 * found on. Beside axe's default rules, a control's name must hold its visible text (WCAG 2.5.3;
 * axe counts the rule experimental): a Buy Now button named only "Buy Standard" fails it.
 */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      on: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`),
    }));
}

/** Opens `path` and waits until it is interactive, as a person would find it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

for (const [screen, size] of [
  ["phone", phone],
  ["desktop", desktop],
] as const) {
  test.describe(`on a ${screen} (${size.width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    for (const [name, path] of [
      ["home", "/"],
      ["explore", "/explore"],
      ["sign-up", "/signup"],
      ["contact", "/contactus"],
      ["about", "/aboutus"],
    ] as const) {
      test(`${name} has no serious accessibility violation`, async ({ page }) => {
        await open(page, path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("the character overlay has no serious accessibility violation", async ({ page }) => {
      await open(page, "/explore");
      const character = await page.locator('a[href*="character="]').first().getAttribute("href");
      await open(page, character!);
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test.describe("signed in", () => {
      test.beforeEach(async ({ page }) => {
        await signIn(page, ONE_CHAT.email, ONE_CHAT.password);
        await expect(page.getByLabel("Profile menu")).toBeVisible();
      });

      test("a chat with messages has no serious accessibility violation", async ({ page }) => {
        await open(page, "/chat");
        await page
          .getByRole("link", { name: new RegExp(ONE_CHAT.agentName) })
          .first()
          .click();
        await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
        await hydrated(page);
        await expect(page.getByText(ONE_CHAT.said)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test("the tokens dashboard has no serious accessibility violation", async ({ page }) => {
        await open(page, "/dashboard/tokens");
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  });
}
