// The one form path is kept by lint: a route that reads its body with request.formData(), or a
// module that takes FormData, is reported (decision 037).
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("the form path's lint rules", () => {
  it("report a route that reads request.formData() itself", async () => {
    const code = `export async function action({ request }: { request: Request }) {\n  const form = await request.formData();\n  return String(form.get("title"));\n}\n`;
    expect(await messagesFor(code, "app/routes/lint-probe.tsx")).toContainEqual(expect.stringMatching(/^no-restricted-syntax: Read a form with parseForm/));
  });

  it("report a module function that takes FormData", async () => {
    const code = `export function titleOf(form: FormData) {\n  return String(form.get("title"));\n}\n`;
    expect(await messagesFor(code, "app/modules/catalogue/lint-probe.server.ts")).toContainEqual(
      expect.stringMatching(/^no-restricted-syntax: Modules take typed values/),
    );
  });

  it("leave the one form reader alone", async () => {
    const code = `export async function read(request: Request): Promise<FormData> {\n  return request.formData();\n}\n`;
    expect(await messagesFor(code, "app/modules/http/form.server.ts")).not.toContainEqual(expect.stringMatching(/^no-restricted-syntax/));
  });
});
