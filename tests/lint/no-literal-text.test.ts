// Every word a person reads comes from app/locales (decision 043): lint reports text written into
// JSX, and lets through what eslint-rules/literal-text-exceptions.js names.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function literalTexts(code: string, filePath = "app/components/lint-probe.tsx") {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "i18n/no-literal-text").map((message) => message.message);
}

describe("the literal-text lint rule", () => {
  it("reports JSX text, a string child and a user-facing attribute", async () => {
    const code = `export function Probe() {\n  return (\n    <button type="button" aria-label="Close the dialog" className="btn primary">\n      Save changes {"and go"}\n    </button>\n  );\n}\n`;
    expect(await literalTexts(code)).toEqual([
      'Text "Close the dialog" is written into JSX: give it a key in app/locales and show it with t().',
      'Text "Save changes" is written into JSX: give it a key in app/locales and show it with t().',
      'Text "and go" is written into JSX: give it a key in app/locales and show it with t().',
    ]);
  });

  it("lets through texts from t(), machine values, symbols and the named exceptions", async () => {
    const code = `import { useT } from "~/lib/i18n/react";\nexport function Probe() {\n  const t = useT();\n  return (\n    <p className="text-sm" data-kind="note" title={t("common.close")}>\n      {t("common.cancel")} · 42 —<span>CharacterVerse</span>\n    </p>\n  );\n}\n`;
    expect(await literalTexts(code)).toEqual([]);
  });
});
