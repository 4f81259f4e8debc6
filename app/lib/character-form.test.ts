import { describe, expect, test } from "vitest";
import {
  blankCharacterValues,
  CHARACTER_FIELD_MAX,
  changedList,
  changedRows,
  characterFieldLabel,
  characterFormTexts,
  characterFormFields,
  characterFormValues,
  characterFormValuesOf,
  parseCharacterForm,
  tagsOf,
} from "./character-form";
import { LOREBOOK_ENTRY_MAX_CHARS, LOREBOOK_MAX_ENTRIES, lorebookTexts } from "./documents/character-book";
import { blankLorebookEntry, lorebookFormTexts, type LorebookEntryValues } from "./lorebook-form";

/** The fields as parseForm gathers them for characterFormFields: tags as lists, any other field its first value. */
const formOf = (pairs: [string, string][]) => {
  const form: Record<string, unknown> = {};
  for (const [name, value] of pairs) if (!(name in form)) form[name] = value;
  return characterFormFields.parse({
    ...form,
    tag: pairs.filter(([name]) => name === "tag").map(([, value]) => value),
    tags: pairs.filter(([name]) => name === "tags").map(([, value]) => value),
  });
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
      personality: "Quick-witted and kind to strangers.",
      scenario: null,
      alternateGreetings: ["Back already?", "Look up!"],
      mesExample: "<START>\n{{user}}: Hi\n{{char}}: Hello, stargazer.",
      postHistoryInstructions: null,
      creatorNotes: "Best at night.",
      chatModel: "Talker",
      systemInstruction: null,
      messageInstruction: "Be brief",
      imagePrompt: null,
      isPublished: true,
      tags: ["Stars"],
      details: { personality: "Witty" },
      customModels: [{ image: "Painter" }],
      promptGuide: { ask_me: [{ category: "Sky", prompts: ["Why blue?", "Why dark?"] }], send_me: null, show_me: null, can_i_see: null, chat_basics: null },
      characterBook: { name: "Sky lore", extensions: {}, entries: [importedEntry] },
      cardExtras: { top: {}, data: { extensions: { depth_prompt: { prompt: "Mind the stars.", depth: 2, role: "user" } } } },
    };
    const parsed = parseCharacterForm(characterFormValuesOf(stored));
    expect(parsed).toEqual({
      input: {
        categoryId: 3,
        name: "Nova",
        description: "A guide",
        welcomeMessage: "",
        personality: "Quick-witted and kind to strangers.",
        scenario: "",
        alternateGreetings: ["Back already?", "Look up!"],
        mesExample: "<START>\n{{user}}: Hi\n{{char}}: Hello, stargazer.",
        postHistoryInstructions: "",
        characterNote: "Mind the stars.",
        creatorNotes: "Best at night.",
        chatModel: "Talker",
        systemInstruction: "",
        messageInstruction: "Be brief",
        imagePrompt: "",
        isPublished: true,
        tags: ["Stars"],
        details: { personality: "Witty" },
        customModels: [{ image: "Painter" }],
        promptGuide: { ask_me: [{ category: "Sky", prompts: ["Why blue?", "Why dark?"] }] },
        lorebook: [importedEntry],
      },
    });
  });
});

/** An imported entry with the fields the form does not show. */
const importedEntry = {
  keys: ["moon", "Luna"],
  content: "The moon has a keeper.",
  extensions: { depth: 4 },
  enabled: false,
  insertion_order: 7,
  case_sensitive: true,
  constant: false,
  name: "Moon",
  priority: 3,
  id: 12,
  comment: "from the card",
  selective: true,
  secondary_keys: ["night"],
  position: "after_char" as const,
  use_regex: false,
};

/** A form whose fields are the common ones plus these lorebook rows (a box sent only when checked). */
function lorebookForm(rows: Partial<LorebookEntryValues>[], pairs: [string, string][] = []) {
  const fields: [string, string][] = [
    ["categoryId", "3"],
    ["name", "Nova"],
    ["description", "A guide"],
  ];
  rows.forEach((given, index) => {
    const row = { ...blankLorebookEntry(), ...given };
    fields.push([`lorebook.${index}.keys`, row.keys], [`lorebook.${index}.content`, row.content], [`lorebook.${index}.insertionOrder`, row.insertionOrder]);
    fields.push([`lorebook.${index}.extra`, row.extra]);
    if (row.enabled) fields.push([`lorebook.${index}.enabled`, "on"]);
    if (row.constant) fields.push([`lorebook.${index}.constant`, "on"]);
    if (row.caseSensitive) fields.push([`lorebook.${index}.caseSensitive`, "on"]);
  });
  return formOf([...fields, ...pairs]);
}

const parsedLorebook = (rows: Partial<LorebookEntryValues>[]) => parseCharacterForm(characterFormValues(lorebookForm(rows)));

describe("the character card's texts in the form", () => {
  const basics: [string, string][] = [
    ["categoryId", "3"],
    ["name", "Nova"],
    ["description", "A guide"],
  ];

  test("alternate greetings are read in index order, trimmed, blanks dropped", () => {
    const values = characterFormValues(
      formOf([...basics, ["alternateGreetings.10", "  Look up!  "], ["alternateGreetings.2", "Back already?"], ["alternateGreetings.5", "   "]]),
    );
    expect(values.alternateGreetings).toEqual(["Back already?", "   ", "  Look up!  "]);
    expect(parseCharacterForm(values)).toMatchObject({ input: { alternateGreetings: ["Back already?", "Look up!"] } });
  });

  test("Add greeting and Remove alternate greeting N change only that list and say which", () => {
    const values = { ...blankCharacterValues(), name: "Nova", alternateGreetings: ["One", "Two"] };
    const add = formOf([["add", "alternateGreetings"]]);
    expect(changedRows(add, values)).toMatchObject({ name: "Nova", alternateGreetings: ["One", "Two", ""] });
    expect(changedList(add)).toBe("alternateGreetings");
    const remove = formOf([["remove", "alternateGreetings.0"]]);
    expect(changedRows(remove, values)?.alternateGreetings).toEqual(["Two"]);
    expect(changedList(remove)).toBe("alternateGreetings");
    const full = { ...values, alternateGreetings: Array.from({ length: CHARACTER_FIELD_MAX.alternateGreetings }, () => "Hi") };
    expect(changedRows(add, full)?.alternateGreetings).toHaveLength(CHARACTER_FIELD_MAX.alternateGreetings);
    expect(changedList(formOf([["save", "1"]]))).toBeNull();
  });

  test.each([
    ["personality", "Personality", CHARACTER_FIELD_MAX.personality],
    ["scenario", "Scenario", CHARACTER_FIELD_MAX.scenario],
    ["mesExample", "Example dialogue", CHARACTER_FIELD_MAX.mesExample],
    ["postHistoryInstructions", "Post-history instructions", CHARACTER_FIELD_MAX.postHistoryInstructions],
    ["creatorNotes", "Creator notes", CHARACTER_FIELD_MAX.creatorNotes],
  ])("%s over its limit is refused, naming the field", (field, label, max) => {
    const values = characterFormValues(formOf([...basics, [field, "x".repeat(max + 1)]]));
    const text = `${label} must be at most ${max} characters`;
    expect(parseCharacterForm(values)).toEqual({ refusal: { error: text, fields: { [field]: text } } });
    expect(parseCharacterForm({ ...values, [field]: "x".repeat(max) })).toMatchObject({ input: { [field]: "x".repeat(max) } });
  });

  test("a greeting over its limit is refused on its row; too many greetings on the list", () => {
    const long = characterFormValues(formOf([...basics, ["alternateGreetings.0", "Hi"], ["alternateGreetings.1", "x".repeat(2001)]]));
    expect(parseCharacterForm(long)).toEqual({
      refusal: { error: characterFormTexts.greetingTooLong(1), fields: { "alternateGreetings.1": "Alternate greeting 2 must be at most 2000 characters" } },
    });
    const many = Array.from({ length: CHARACTER_FIELD_MAX.alternateGreetings + 5 }, (_, index): [string, string] => [
      `alternateGreetings.${index}`,
      `Hi ${index}`,
    ]);
    const values = characterFormValues(formOf([...basics, ...many]));
    expect(values.alternateGreetings).toHaveLength(CHARACTER_FIELD_MAX.alternateGreetings + 1);
    expect(parseCharacterForm(values)).toEqual({
      refusal: { error: characterFormTexts.tooManyGreetings, fields: { alternateGreetings: characterFormTexts.tooManyGreetings } },
    });
  });

  test("a refused field's label, rows by their number", () => {
    expect(characterFieldLabel("mesExample")).toBe("Example dialogue");
    expect(characterFieldLabel("alternateGreetings.2")).toBe("Alternate greeting 3");
    expect(characterFieldLabel("lorebook.0")).toBe("Lorebook entry 1");
    expect(characterFieldLabel("constructor")).toBe("Details");
  });
});

describe("the character form's lorebook", () => {
  test("rows are read with their boxes: a box not sent is off", () => {
    const values = characterFormValues(
      lorebookForm([
        { keys: "dragon", content: "Dragons sleep.", enabled: true, caseSensitive: true, insertionOrder: "5" },
        { keys: "", content: "Always.", enabled: false, constant: true },
      ]),
    );
    expect(values.lorebook).toEqual([
      { keys: "dragon", content: "Dragons sleep.", enabled: true, constant: false, caseSensitive: true, insertionOrder: "5", extra: "" },
      { keys: "", content: "Always.", enabled: false, constant: true, caseSensitive: false, insertionOrder: "0", extra: "" },
    ]);
  });

  test("no rows is no entries; a new row starts enabled", () => {
    expect(characterFormValues(lorebookForm([])).lorebook).toEqual([]);
    expect(blankCharacterValues().lorebook).toEqual([]);
    expect(parsedLorebook([])).toMatchObject({ input: { lorebook: [] } });
    expect(blankLorebookEntry().enabled).toBe(true);
  });

  test("keys are trimmed and de-duplicated, empty keys dropped; blank rows are dropped", () => {
    expect(
      parsedLorebook([
        { keys: " dragon, , Wyrm ,dragon,", content: "  Dragons sleep.  ", insertionOrder: " 3 " },
        { keys: " , ", content: "   " },
        { keys: "", content: "The kingdom is Arden.", constant: true, enabled: false, insertionOrder: "" },
      ]),
    ).toEqual({
      input: expect.objectContaining({
        lorebook: [
          {
            keys: ["dragon", "Wyrm"],
            content: "Dragons sleep.",
            enabled: true,
            constant: false,
            case_sensitive: false,
            insertion_order: 3,
            extensions: {},
            use_regex: false,
          },
          {
            keys: [],
            content: "The kingdom is Arden.",
            enabled: false,
            constant: true,
            case_sensitive: false,
            insertion_order: 0,
            extensions: {},
            use_regex: false,
          },
        ],
      }),
    });
  });

  test.each([
    ["content without keys, not constant", [{}, { content: "Lost lore" }], lorebookFormTexts.needsKey(1), 1],
    ["keys without content", [{ keys: "dragon" }], lorebookFormTexts.needsContent(0), 0],
    ["a fractional insertion order", [{ keys: "a", content: "A", insertionOrder: "1.5" }], lorebookFormTexts.insertionOrder(0), 0],
    ["a word as insertion order", [{ keys: "a", content: "A", insertionOrder: "first" }], lorebookFormTexts.insertionOrder(0), 0],
    ["an entry over the length limit", [{ keys: "a", content: "x".repeat(LOREBOOK_ENTRY_MAX_CHARS) }], lorebookTexts.entryTooLong(0), 0],
    ["hidden fields that are not JSON", [{ keys: "a", content: "A", extra: "{oops" }], lorebookFormTexts.unreadable(0), 0],
    ["hidden fields of the wrong kind", [{ keys: "a", content: "A", extra: '{"position":"sideways"}' }], lorebookFormTexts.unreadable(0), 0],
  ] as const)("refuses %s, on its row", (_case, rows, text, index) => {
    expect(parsedLorebook([...rows])).toEqual({ refusal: { error: text, fields: { lorebook: text, [`lorebook.${index}`]: text } } });
  });

  test(`refuses more than ${LOREBOOK_MAX_ENTRIES} entries with the lorebook's text, and reads indexes up to four digits`, () => {
    const rows = Array.from({ length: LOREBOOK_MAX_ENTRIES + 1 }, (_, index) => ({ keys: `k${index}`, content: `entry ${index}` }));
    const values = characterFormValues(lorebookForm(rows));
    expect(values.lorebook).toHaveLength(LOREBOOK_MAX_ENTRIES + 1);
    expect(parseCharacterForm(values)).toEqual({ refusal: { error: lorebookTexts.tooManyEntries, fields: { lorebook: lorebookTexts.tooManyEntries } } });
    expect(parseCharacterForm({ ...values, lorebook: values.lorebook.slice(0, LOREBOOK_MAX_ENTRIES) })).toMatchObject({
      input: { lorebook: expect.arrayContaining([expect.objectContaining({ keys: ["k999"] })]) },
    });
  });

  test("a lorebook refusal comes with the other fields' refusals", () => {
    const parsed = parseCharacterForm({ ...characterFormValues(lorebookForm([{ keys: "a" }])), name: "N".repeat(81) });
    expect(parsed).toMatchObject({ refusal: { fields: { name: "Name must be at most 80 characters", lorebook: lorebookFormTexts.needsContent(0) } } });
  });

  test("an entry's hidden fields are kept, but cannot overrule what the form shows", () => {
    const [shown] = characterFormValuesOf({ ...storedWithout, characterBook: { extensions: {}, entries: [importedEntry] } }).lorebook;
    expect(shown).toMatchObject({ keys: "moon, Luna", content: "The moon has a keeper.", enabled: false, caseSensitive: true, insertionOrder: "7" });
    expect(JSON.parse(shown!.extra)).toEqual({
      extensions: { depth: 4 },
      name: "Moon",
      priority: 3,
      id: 12,
      comment: "from the card",
      selective: true,
      secondary_keys: ["night"],
      position: "after_char",
    });
    const edited = { ...shown!, keys: "moon", content: "Edited.", enabled: true, extra: shown!.extra.replace("{", '{"content":"sneaky","keys":["x"],') };
    expect(parseCharacterForm({ ...characterFormValuesOf(storedWithout), lorebook: [edited] })).toMatchObject({
      input: { lorebook: [{ ...importedEntry, keys: ["moon"], content: "Edited.", enabled: true }] },
    });
  });

  test("a plain entry carries no hidden text", () => {
    const book = { extensions: {}, entries: [{ keys: ["a"], content: "A", extensions: {}, enabled: true, insertion_order: 0, use_regex: false }] };
    expect(characterFormValuesOf({ ...storedWithout, characterBook: book }).lorebook).toEqual([
      { keys: "a", content: "A", enabled: true, constant: false, caseSensitive: false, insertionOrder: "0", extra: "" },
    ]);
  });

  test("Add entry and Remove entry without JavaScript keep every typed row", () => {
    const form = lorebookForm([
      { keys: "a", content: "A", enabled: false },
      { keys: "b", content: "B", constant: true },
    ]);
    const values = characterFormValues(form);
    const added = changedRows(formOf([["add", "lorebook"]]), values);
    expect(added?.lorebook).toEqual([...values.lorebook, blankLorebookEntry()]);
    expect(added?.lorebook[0]).toMatchObject({ keys: "a", enabled: false });
    const removed = changedRows(formOf([["remove", "lorebook.0"]]), values);
    expect(removed?.lorebook).toEqual([values.lorebook[1]]);
    expect(removed?.name).toBe("Nova");
    const full = { ...values, lorebook: Array.from({ length: LOREBOOK_MAX_ENTRIES }, blankLorebookEntry) };
    expect(changedRows(formOf([["add", "lorebook"]]), full)?.lorebook).toHaveLength(LOREBOOK_MAX_ENTRIES);
  });
});

/** A stored character without a lorebook. */
const storedWithout = {
  categoryId: 3,
  name: "Nova",
  description: "A guide",
  welcomeMessage: null,
  personality: null,
  scenario: null,
  alternateGreetings: [],
  mesExample: null,
  postHistoryInstructions: null,
  creatorNotes: null,
  chatModel: null,
  systemInstruction: null,
  messageInstruction: null,
  imagePrompt: null,
  isPublished: false,
  tags: [],
  details: {},
  customModels: [],
  promptGuide: { ask_me: [], send_me: null, show_me: null, can_i_see: null, chat_basics: null },
  characterBook: null,
};
