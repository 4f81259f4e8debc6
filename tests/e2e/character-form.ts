import type { Page } from "@playwright/test";

/** Opens one of the character form's folded sections by its title, unless it is open already (it may have opened by itself). */
export async function openSection(page: Page, title: string) {
  const summary = page.locator("summary").filter({ hasText: new RegExp(`^${title}`) });
  const details = page.locator("details").filter({ has: summary });
  if ((await details.getAttribute("open")) === null) await summary.click();
}
