import type { Messages } from "@lingui/core";
import { isLanguage } from "./languages";
import { addTexts, fetchTextsWith } from "./store";

/**
 * In the browser: registers the texts the page's HTML carried (entry.server's TextsScript) and
 * fetches any other namespace from /texts, keyed by the catalogue's version so it is cached for good.
 */
export function readPageTexts() {
  const element = document.getElementById("cv-texts");
  const page = element ? (JSON.parse(element.textContent ?? "{}") as { v?: string; lang?: string; texts?: Record<string, Messages> }) : {};
  const version = page.v ?? "";
  if (isLanguage(page.lang)) for (const [namespace, messages] of Object.entries(page.texts ?? {})) addTexts(page.lang, namespace, messages);
  fetchTextsWith(async (lang, namespace) => {
    const response = await fetch(`/texts/${lang}/${namespace}.json?v=${version}`);
    if (!response.ok) throw new Error(`Texts ${lang}/${namespace} answered ${response.status}`);
    return (await response.json()) as Messages;
  });
}
