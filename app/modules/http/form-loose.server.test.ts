import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formValues, InvalidFormError, parseFormData } from "./form.server";

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("a loose object's form", () => {
  const rows = z.looseObject({ tag: z.array(z.string()).default([]) });

  it("takes the fields it does not name too, each its first value, and its lists whole", () => {
    const form = formOf([
      ["tag", "Calm"],
      ["tag", "Night"],
      ["lorebook.0.keys", "moon"],
      ["lorebook.0.keys", "again"],
      ["name", "Nova"],
    ]);
    expect(formValues(form, rows)).toEqual({ tag: ["Calm", "Night"], "lorebook.0.keys": "moon", name: "Nova" });
    expect(parseFormData(form, rows)).toEqual({ tag: ["Calm", "Night"], "lorebook.0.keys": "moon", name: "Nova" });
  });

  it("a plain or strict object takes only what it names", () => {
    const form = formOf([
      ["name", "Nova"],
      ["extra", "x"],
    ]);
    expect(formValues(form, z.object({ name: z.string() }))).toEqual({ name: "Nova" });
    expect(() => parseFormData(form, z.strictObject({ name: z.string() }))).not.toThrow(InvalidFormError);
  });

  it("a refusal with nothing to show again carries no values, and a mailed link's token is never shown", () => {
    const schema = z.object({ token: z.string(), password: z.string().min(6, "Short") });
    let refusal: unknown;
    try {
      parseFormData(
        formOf([
          ["token", "secret-link"],
          ["password", "123"],
        ]),
        schema,
      );
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InvalidFormError);
    expect((refusal as InvalidFormError).details).toEqual({ fields: { password: "Short" } });
  });
});
