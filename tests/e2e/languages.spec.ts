// Every page a visitor, a person and an admin can open, in Spanish and in Japanese on a phone:
// no text of the English catalogue shows (names and what people wrote aside), nothing scrolls
// sideways, and axe finds no serious or critical violation. Without JavaScript, a choice on
// /language switches the following pages, and a signed-in person's choice follows them.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { A11Y, POLYGLOT } from "./fixture-accounts";
import { signIn } from "./journeys";
import { adminPages, adminPagesBehindIds, firstLink, personPages, personPagesBehindIds, problemsOn, signedInAs, visitorPages } from "./page-tour";
import { seedCategories } from "~/modules/seed/reference-data";
import { seedBanners, seedCharacterDetails, seedPlans } from "../../prisma/seed/catalogue-data";
import { phone } from "./viewports";

const LOCALES = path.resolve("app/locales");
/** What the starter catalogue's admin wrote (category names, banners), which may equal a catalogue text: content, not the product's words. */
const STARTER_CONTENT = new Set([
  ...seedCategories.map((category) => category.name),
  ...seedBanners.flatMap((banner) => [banner.title, banner.description, banner.ctaTitle]),
  ...seedPlans.map((plan) => plan.name),
  // Character details and their options, as the page may capitalise them.
  ...seedCharacterDetails
    .flatMap((detail) => [detail.name, ...detail.options.map((option) => (typeof option === "string" ? option : option.name))])
    .flatMap((name) => [name, name[0]!.toUpperCase() + name.slice(1)]),
]);
const readCatalogue = (lang: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(LOCALES, lang))
      .filter((file) => file.endsWith(".json") && file !== "mail.json")
      .map((file) => [file.replace(".json", ""), JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), "utf8")) as Record<string, string>]),
  );

/**
 * The English texts a page in `lang` must not show: every English message that the language
 * words differently, as a pattern (a placeholder matches anything; a message with plurals is left
 * out), and short words only as a whole line.
 */
function englishPatterns(lang: string) {
  const english = readCatalogue("en");
  const translated = readCatalogue(lang);
  // Words the language itself uses somewhere ("Chat" in Spanish) are not English on its pages.
  const ownWords = new Set(Object.values(translated).flatMap((texts) => Object.values(texts)));
  const ownVocabulary = new Set([...ownWords].flatMap((text) => text.split(/[^A-Za-z]+/)));
  const patterns = new Map<string, RegExp>();
  for (const [namespace, texts] of Object.entries(english)) {
    for (const [key, text] of Object.entries(texts)) {
      const words = text.replace(/\{\w+\}/g, "");
      if (text === translated[namespace]?.[key] || ownWords.has(text) || STARTER_CONTENT.has(text) || /\{\w+,/.test(text)) continue;
      // A lone lowercase word ("music") is as likely a tag or a value as a label; a message must have
      // words of its own, and a pattern words the language does not use ("{title} · Admin · CharacterVerse" is not English).
      if (!/[A-Za-z]{3}/.test(words) || /^[a-z]+$/.test(text)) continue;
      if (
        words !== text &&
        words
          .split(/[^A-Za-z]+/)
          .filter(Boolean)
          .every((word) => ownVocabulary.has(word))
      )
        continue;
      // As for the server's messages: a pattern with few words of its own ("Updated {date}") would catch stored content ("Updated character Kit").
      if (words !== text && words.trim().length < 10) continue;
      const source = text
        .replace(/'([{}])'/g, "$1")
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".+");
      patterns.set(text, new RegExp(`^${source}$`));
    }
  }
  return [...patterns.entries()];
}

const english = { es: englishPatterns("es"), ja: englishPatterns("ja") };

/** The texts a person reads or hears on the page: its lines of text, its title, and the names of its controls. */
async function textsOn(page: Page) {
  return page.evaluate(() => {
    const lines = document.body.innerText.split("\n").map((line) => line.trim());
    const named = [...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")].flatMap((element) =>
      ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name)?.trim() ?? ""),
    );
    return [document.title, ...lines, ...named].filter(Boolean);
  });
}

/** What is wrong with `address` in `lang`: English texts, and the accessibility suite's problems. */
async function languageProblems(page: Page, address: string, lang: "es" | "ja") {
  await page.context().addCookies([{ name: "cv_lang", value: lang, url: test.info().project.use.baseURL! }]);
  const problems: Record<string, unknown> = { ...(await problemsOn(page, address)) };
  expect(await page.locator("html").getAttribute("lang"), `${address} in ${lang}`).toBe(lang);
  const shown = await textsOn(page);
  const left = [...new Set(shown.filter((text) => english[lang].some(([, pattern]) => pattern.test(text))))];
  if (left.length) problems[`${address} in ${lang}: English`] = left;
  return problems;
}

async function bothLanguages(page: Page, address: string | (() => Promise<string>)) {
  const problems: Record<string, unknown> = {};
  for (const lang of ["es", "ja"] as const)
    Object.assign(problems, await languageProblems(page, typeof address === "string" ? address : await address(), lang));
  expect(problems).toEqual({});
}

test.describe("in Spanish and in Japanese, on a phone", () => {
  test.use({ viewport: phone });

  test.describe("a visitor", () => {
    for (const address of [...visitorPages, "a character's details"]) {
      test(`${address} shows no English`, async ({ page }) => {
        await bothLanguages(page, address.startsWith("/") ? address : () => firstLink(page, "/explore", /character=/));
      });
    }
  });

  test.describe("a signed-in person", () => {
    signedInAs(A11Y.person);
    for (const address of personPages) {
      test(`${address} shows no English`, async ({ page }) => {
        await bothLanguages(page, address);
      });
    }
    for (const [list, pattern] of personPagesBehindIds) {
      test(`${pattern.source} (from ${list}) shows no English`, async ({ page }) => {
        await bothLanguages(page, () => firstLink(page, list, pattern));
      });
    }
  });

  test.describe("an admin", () => {
    signedInAs(A11Y.admin);
    for (const address of adminPages) {
      test(`${address} shows no English`, async ({ page }) => {
        await bothLanguages(page, address);
      });
    }
    for (const [list, pattern, suffix = ""] of adminPagesBehindIds) {
      test(`${pattern.source}${suffix} (from ${list}) shows no English`, async ({ page }) => {
        await bothLanguages(page, async () => (await firstLink(page, list, pattern)) + suffix);
      });
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: phone });

  test("choosing Spanish on /language switches every following page", async ({ page }) => {
    await page.goto("/language");
    await expect(page.getByRole("radio", { name: /English/ })).toBeChecked();
    await page.getByText("Español").click();
    await page.getByRole("button", { name: "Use this language" }).click();
    await expect(page).toHaveURL(/\/language/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Idioma");
    await expect(page.getByRole("radio", { name: /Español/ })).toBeChecked();
    for (const [address, heading] of [
      ["/explore", "Explorar"],
      ["/no-such-page", "Página no encontrada"],
    ]) {
      await page.goto(address);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    // The sidebar's language item names the language (the drawer is closed on a phone without JavaScript).
    await expect(page.locator('aside a[href="/language"]')).toHaveText("Español");
  });

  test("a signed-in person's choice follows them to another browser", async ({ page, browser }) => {
    await signIn(page, POLYGLOT.email, POLYGLOT.password);
    await page.goto("/language");
    await page.getByText("日本語").click();
    await page.getByRole("button", { name: "Use this language" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("言語");

    // Another browser, which asks for Spanish and has never chosen: the account's Japanese wins once signed in.
    const elsewhere = await browser.newContext({ javaScriptEnabled: false, viewport: phone, locale: "es-ES" });
    const other = await elsewhere.newPage();
    await other.goto("/explore");
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Explorar");
    // The sign-in page is in Spanish there: the fields are found by name.
    await other.goto("/login");
    await other.locator('input[name="email"]').fill(POLYGLOT.email);
    await other.locator('input[name="password"]').fill(POLYGLOT.password);
    await other.locator('input[name="password"]').press("Enter");
    await expect(other).not.toHaveURL(/\/login/);
    await other.goto("/explore");
    await expect(other.locator("html")).toHaveAttribute("lang", "ja");
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("探す");
    await elsewhere.close();
  });
});
