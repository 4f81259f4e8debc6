import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toasts } from "~/lib/toasts";
import { catalogueSources } from "~/locales";
import { sourceTexts } from "./catalogue.server";
import { NAMESPACES } from "~/lib/i18n/ids";
import { LANGUAGES } from "~/lib/i18n/languages";

/** Every source file of the app, as one text to look ids and server messages up in. */
function appSource() {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "locales") walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.resolve("app"));
  return files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
}

/** The placeholders a message uses ({name}, {count, plural, …}), which every language must keep. */
function placeholders(message: string) {
  return [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
}

/** `text` as the code writes it: a literal, or a template whose ${…} stand where the message has {name}. */
function writtenIn(source: string, text: string) {
  if (source.includes(JSON.stringify(text)) || source.includes(`'${text}'`) || source.includes(`\`${text}\``)) return true;
  if (!/\{\w+\}/.test(text)) return false;
  const pattern = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\$\\{[^}]+\\}");
  return new RegExp("`" + pattern + "`").test(source);
}

describe("the catalogues", () => {
  it("are every file of app/locales, one per language and namespace", () => {
    const files = LANGUAGES.flatMap((lang) =>
      fs
        .readdirSync(path.resolve("app/locales", lang))
        .filter((file) => file.endsWith(".json"))
        .map((file) => `${lang}/${file.replace(".json", "")}`),
    );
    expect(Object.keys(catalogueSources).sort()).toEqual(files.sort());
    expect(files.sort()).toEqual(LANGUAGES.flatMap((lang) => NAMESPACES.map((namespace) => `${lang}/${namespace}`)).sort());
  });

  it("have every key in every language, with the same placeholders", () => {
    const problems: string[] = [];
    for (const namespace of NAMESPACES) {
      const english = sourceTexts("en", namespace);
      for (const lang of LANGUAGES.filter((other) => other !== "en")) {
        const translated = sourceTexts(lang, namespace);
        for (const key of Object.keys(english)) {
          if (!(key in translated)) problems.push(`${lang}/${namespace}.json lacks "${key}"`);
          else if (placeholders(english[key]!).join() !== placeholders(translated[key]!).join())
            problems.push(`${lang}/${namespace}.json "${key}" changes the placeholders`);
          else if (!translated[key]!.trim()) problems.push(`${lang}/${namespace}.json "${key}" is empty`);
        }
        for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${lang}/${namespace}.json has "${key}", which English does not`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("use every key: by its id in the code, as a toast, or as a server message written in English in the code", () => {
    const source = appSource();
    const unused: string[] = [];
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(sourceTexts("en", namespace))) {
        const id = `${namespace}.${key}`;
        if (source.includes(`"${id}"`) || source.includes(`'${id}'`) || source.includes(`\`${id}\``)) continue;
        if (namespace === "toasts" && (key.replace(/\.title$/, "") in toasts || key.startsWith("title."))) continue;
        if (writtenIn(source, text)) continue;
        unused.push(id);
      }
    }
    expect(unused).toEqual([]);
  });

  it("give every toast its text, in English as the toast table writes it", () => {
    const english = sourceTexts("en", "toasts");
    for (const [code, toast] of Object.entries(toasts)) {
      expect(english[code], code).toBe(toast.message.replace(/[{}]/g, (brace) => `'${brace}'`));
      if (toast.title !== "Success" && toast.title !== "Error") expect(english[`${code}.title`], code).toBe(toast.title);
    }
  });
});
