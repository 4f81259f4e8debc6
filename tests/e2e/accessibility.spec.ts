// axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every page a visitor, a person and an
// admin can open, on a phone and on a desktop: no serious or critical violation, and no page that
// scrolls sideways. Pages behind an id (a chat, a ticket, a plan's editor...) are reached by the
// first link to one on their list, as a person would reach them. One test a page, so a failure
// names its page; each role signs in once.
import { expect, test } from "@playwright/test";
import { A11Y } from "./fixture-accounts";
import { adminPages, adminPagesBehindIds, firstLink, personPages, personPagesBehindIds, problemsOn, signedInAs, visitorPages } from "./page-tour";
import { desktop, phone } from "./viewports";

for (const [screen, size] of [
  ["phone", phone],
  ["desktop", desktop],
] as const) {
  test.describe(`on a ${screen} (${size.width} px)`, () => {
    test.use({ viewport: size });

    test.describe("a visitor", () => {
      for (const path of [...visitorPages, "a character's details"]) {
        test(`${path} has no serious accessibility violation`, async ({ page }) => {
          const address = path.startsWith("/") ? path : await firstLink(page, "/explore", /character=/);
          expect(await problemsOn(page, address)).toEqual({});
        });
      }
    });

    test.describe("a signed-in person", () => {
      signedInAs(A11Y.person);
      for (const path of personPages) {
        test(`${path} has no serious accessibility violation`, async ({ page }) => {
          expect(await problemsOn(page, path)).toEqual({});
        });
      }
      for (const [list, pattern] of personPagesBehindIds) {
        test(`${pattern.source} (from ${list}) has no serious accessibility violation`, async ({ page }) => {
          expect(await problemsOn(page, await firstLink(page, list, pattern))).toEqual({});
        });
      }
    });

    test.describe("an admin", () => {
      signedInAs(A11Y.admin);
      for (const path of adminPages) {
        test(`${path} has no serious accessibility violation`, async ({ page }) => {
          expect(await problemsOn(page, path)).toEqual({});
        });
      }
      for (const [list, pattern, suffix = ""] of adminPagesBehindIds) {
        test(`${pattern.source}${suffix} (from ${list}) has no serious accessibility violation`, async ({ page }) => {
          expect(await problemsOn(page, (await firstLink(page, list, pattern)) + suffix)).toEqual({});
        });
      }
    });
  });
}
