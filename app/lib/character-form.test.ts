import { describe, expect, test } from "vitest";
import { blankCharacterValues, changedRows, characterFormValues, characterFormValuesOf, parseCharacterForm, tagsOf } from "./character-form";

const formOf = (pairs: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
};

describe("the character form", () => {
  test("tags from chips and the comma-separated field are trimmed, de-duplicated, blanks dropped", () => {
    expect(
      tagsOf(
        formOf([
          ["tag", " Calm "],
          ["tags", "Night, , Calm ,Owl"],
        ]),
      ),
    ).toEqual(["Calm", "Night", "Owl"]);
  });

  test("indexed rows are read in index order, whatever order they were sent in", () => {
    const values = characterFormValues(
      formOf([
        ["customModels.10.type", "image"],
        ["customModels.10.model", "Painter"],
        ["customModels.2.type", "chat"],
        ["customModels.2.model", "Talker"],
      ]),
    );
    expect(values.customModels).toEqual([
      { type: "chat", model: "Talker" },
      { type: "image", model: "Painter" },
    ]);
  });

  test("Add and Remove change only their list; a save changes nothing", () => {
    const values = { ...blankCharacterValues(), name: "Nova" };
    expect(changedRows(formOf([["add", "askMe"]]), values)?.askMe).toHaveLength(2);
    expect(changedRows(formOf([["remove", "customModels.0"]]), values)).toMatchObject({ name: "Nova", customModels: [] });
    expect(changedRows(formOf([["remove", "name"]]), values)).toBeNull();
    expect(changedRows(formOf([]), values)).toBeNull();
  });

  test("a stored character read into the form saves back to the same document", () => {
    const stored = {
      categoryId: 3,
      name: "Nova",
      description: "A guide",
      welcomeMessage: null,
      chatModel: "Talker",
      systemInstruction: null,
      messageInstruction: "Be brief",
      imagePrompt: null,
      isPublished: true,
      tags: ["Stars"],
      details: { personality: "Witty" },
      customModels: [{ image: "Painter" }],
      promptGuide: { ask_me: [{ category: "Sky", prompts: ["Why blue?", "Why dark?"] }], send_me: null, show_me: null, can_i_see: null, chat_basics: null },
    };
    const parsed = parseCharacterForm(characterFormValuesOf(stored));
    expect(parsed).toEqual({
      input: {
        categoryId: 3,
        name: "Nova",
        description: "A guide",
        welcomeMessage: "",
        chatModel: "Talker",
        systemInstruction: "",
        messageInstruction: "Be brief",
        imagePrompt: "",
        isPublished: true,
        tags: ["Stars"],
        details: { personality: "Witty" },
        customModels: [{ image: "Painter" }],
        promptGuide: { ask_me: [{ category: "Sky", prompts: ["Why blue?", "Why dark?"] }] },
      },
    });
  });
});
