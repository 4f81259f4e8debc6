import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFailure, valuesShown } from "~/lib/forms";
import { BodyTooLargeError, formValues, InvalidFormError, parseForm, parseFormData } from "./form.server";

function formOf(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

function post(form: URLSearchParams) {
  return new Request("http://localhost/x", { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
}

const bannerLike = z.object({
  title: z.string().min(1, "Title is required"),
  categories: z.array(z.string()).min(1, "Choose a category"),
  published: z.literal("on").optional(),
  image: z.instanceof(File).optional(),
});

describe("parseForm", () => {
  it("gathers a list field's every value, any other field's first, and keeps files", () => {
    const image = new File(["x"], "a.png", { type: "image/png" });
    const form = formOf([
      ["title", "Summer"],
      ["title", "ignored"],
      ["categories", "all"],
      ["categories", "romance"],
      ["image", image],
      ["unknown", "dropped"],
    ]);
    expect(parseFormData(form, bannerLike)).toEqual({ title: "Summer", categories: ["all", "romance"], image });
    expect(formValues(form, bannerLike)).not.toHaveProperty("unknown");
  });

  it("refuses with 400, each field's first problem, the first as the text, and the text values as sent", () => {
    const form = formOf([
      ["title", ""],
      ["password", "hunter22"],
    ]);
    const refusal = (() => {
      try {
        parseFormData(form, bannerLike.extend({ password: z.string() }));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(InvalidFormError);
    const failure = refusal as InvalidFormError;
    expect(failure.status).toBe(400);
    expect(failure.message).toBe("Title is required");
    expect(failure.details).toEqual({ fields: { title: "Title is required", categories: "Choose a category" }, values: { title: "" } });
  });

  it("reads the fields of the option an intent names in a union of forms", () => {
    const forms = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("publish"), ids: z.array(z.string()) }),
      z.object({ intent: z.literal("delete"), id: z.string() }),
    ]);
    expect(
      parseFormData(
        formOf([
          ["intent", "publish"],
          ["ids", "a"],
          ["ids", "b"],
        ]),
        forms,
      ),
    ).toEqual({ intent: "publish", ids: ["a", "b"] });
    expect(
      parseFormData(
        formOf([
          ["intent", "delete"],
          ["id", "a"],
        ]),
        forms,
      ),
    ).toEqual({ intent: "delete", id: "a" });
  });

  it("reads the body within its limit, and refuses a larger one with the form's own text (413)", async () => {
    await expect(parseForm(post(new URLSearchParams({ title: "A", categories: "all" })), bannerLike, { maxBytes: 1024 })).resolves.toEqual({
      title: "A",
      categories: ["all"],
    });
    const large = post(new URLSearchParams({ title: "A".repeat(2000), categories: "all" }));
    await expect(parseForm(large, bannerLike, { maxBytes: 1024, tooLarge: "Too big" })).rejects.toThrow(new BodyTooLargeError("Too big"));
  });
});

describe("a refusal as the page reads it", () => {
  it("is found in action data and fills the form with what was sent", () => {
    const failure = formFailure({
      ok: false,
      error: "Title is required",
      code: "invalid-input",
      fields: { title: "Title is required" },
      values: { title: "", categories: "romance", published: "on" },
    });
    expect(failure?.fields).toEqual({ title: "Title is required" });
    expect(valuesShown(failure, { title: "Old", categories: ["all"], published: false, order: 3 })).toEqual({
      title: "",
      categories: ["romance"],
      published: true,
      order: 3,
    });
    expect(formFailure({ ok: true })).toBeUndefined();
    expect(formFailure(undefined)).toBeUndefined();
  });
});
