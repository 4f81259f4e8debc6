import { describe, expect, test } from "vitest";
import { detailTexts } from "./character-details";
import { characterDocumentColumns, characterDocumentOf, characterDocumentSchema, characterDocumentTexts } from "./character-document";

describe("a character's document", () => {
  test("a written document goes to its columns: published flag, chat model, tags, and the rest of the details", () => {
    const document = characterDocumentSchema.parse({
      isPublished: true,
      chat_model: "deepseek-v3",
      details: { tags: ["stargazing", "cozy"], personality: "Dreamy", temperature: 0.9 },
    });
    expect(characterDocumentColumns(document)).toEqual({
      isPublished: true,
      chatModel: "deepseek-v3",
      tags: ["stargazing", "cozy"],
      details: { personality: "Dreamy", temperature: 0.9 },
    });
  });

  test("tags are trimmed and de-duplicated, empty details dropped, and a blank chat model is none (spec section 5)", () => {
    const document = characterDocumentSchema.parse({ chat_model: "  ", details: { tags: [" cozy ", "cozy", "", "night owl"], voice: "" } });
    expect(characterDocumentColumns(document)).toEqual({ isPublished: false, chatModel: null, tags: ["cozy", "night owl"], details: {} });
    expect(characterDocumentColumns(characterDocumentSchema.parse({}))).toEqual({ isPublished: false, chatModel: null, tags: [], details: {} });
  });

  test("a write with parts of the wrong type is refused with the reason", () => {
    const refused = (value: unknown) => characterDocumentSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ isPublished: "yes", chat_model: 3 })).toEqual([
      { path: ["isPublished"], message: characterDocumentTexts.isPublished },
      { path: ["chat_model"], message: characterDocumentTexts.chatModel },
    ]);
    expect(refused({ details: { tags: "cozy", temperature: 5 } })).toEqual([
      { path: ["details", "tags"], message: characterDocumentTexts.tags },
      { path: ["details", "temperature"], message: detailTexts.temperature },
    ]);
    expect(refused({ details: { tags: ["cozy", 4] } })).toEqual([{ path: ["details", "tags", 1], message: characterDocumentTexts.tag }]);
    expect(refused({ details: "cozy" })).toEqual([{ path: ["details"], message: characterDocumentTexts.details }]);
    expect(refused({ is_published: true })?.[0]?.message).toBe('Unrecognized key: "is_published"');
  });

  test("a stored character reads back as the spec's document, its stored details read leniently", () => {
    expect(characterDocumentOf({ isPublished: true, chatModel: null, tags: ["cozy"], details: { voice: "Soft", age: 30, temperature: "hot" } })).toEqual({
      isPublished: true,
      chat_model: null,
      details: { voice: "Soft", tags: ["cozy"] },
    });
    expect(characterDocumentOf({ isPublished: false, chatModel: "deepseek-v3", tags: [], details: "nonsense" })).toEqual({
      isPublished: false,
      chat_model: "deepseek-v3",
      details: { tags: [] },
    });
  });
});
