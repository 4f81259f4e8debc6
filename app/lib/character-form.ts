import { z } from "zod";
import { formFailure, type FieldErrors } from "./forms";
import type { TextId } from "./i18n/ids";
import { depthPromptOf, parseCardExtras } from "./documents/card-extras";
import { characterDetailsSchema } from "./documents/character-details";
import { LOREBOOK_MAX_ENTRIES, type CharacterBook, type LorebookEntry } from "./documents/character-book";
import { characterTagsSchema } from "./documents/character-document";
import { customModelsSchema } from "./documents/custom-models";
import { promptGuideSchema, type PromptGroup } from "./documents/prompt-guide";
import { blankLorebookEntry, lorebookEntriesOf, lorebookRowsOf, lorebookValuesOf, type LorebookEntryValues } from "./lorebook-form";

/**
 * The character form (spec section 5, "Building a character"): what the admin console's build
 * page and editor post, and what people who build their own characters will post. Its fields as
 * sent are `CharacterFormValues` (what a refused form shows again); `parseCharacterForm` checks
 * them with one schema and answers what is stored.
 */

export const CHARACTER_FIELD_MAX = {
  name: 80,
  description: 1000,
  welcomeMessage: 2000,
  systemInstruction: 8000,
  messageInstruction: 8000,
  imagePrompt: 2000,
  personality: 4000,
  scenario: 4000,
  /** Each alternate greeting has the welcome message's limit. */
  alternateGreeting: 2000,
  /** With the greeting they make a new chat's first message's versions, which a chat keeps at most 20 of. */
  alternateGreetings: 19,
  mesExample: 8000,
  postHistoryInstructions: 8000,
  /** The character's note (a card's extensions.depth_prompt.prompt). */
  characterNote: 8000,
  creatorNotes: 4000,
  detail: 200,
  tag: 40,
  tags: 20,
  customModels: 10,
  askMe: 20,
  prompts: 4000,
} as const;

export const characterFormTexts = {
  missingTitle: "Missing required fields",
  missingDescription: "Please fill in all required fields",
  required: (label: string) => `${label} is required`,
  categoryRequired: "Category is required",
  nameRequired: "Name is required",
  descriptionRequired: "Description is required",
  fetchFailed: "Error fetching characters",
  saveFailed: "Error saving character",
  updateFailed: "Error updating character",
  deleteFailed: "Error deleting character",
  uploadFailed: "Error uploading avatar",
  notAnImage: "Only images can be used as an avatar",
  deleteQuestion: "Are you sure you want to delete this character?",
  empty: "No characters found",
  unknownModel: (type: string) => `Choose a published ${type} model`,
  unknownCategory: "Choose a category from the list",
  tooManyTags: `Use at most ${CHARACTER_FIELD_MAX.tags} tags`,
  tagTooLong: `A tag has at most ${CHARACTER_FIELD_MAX.tag} characters`,
  tooManyGreetings: `Use at most ${CHARACTER_FIELD_MAX.alternateGreetings} alternate greetings`,
  greetingTooLong: (index: number) => `Alternate greeting ${index + 1} must be at most ${CHARACTER_FIELD_MAX.alternateGreeting} characters`,
} as const;

/** The labels a refusal names a field by, as the form shows them. */
export const CHARACTER_FIELD_LABELS = {
  categoryId: "Category",
  name: "Name",
  description: "Description",
  welcomeMessage: "Welcome message",
  personality: "Personality",
  scenario: "Scenario",
  alternateGreetings: "Alternate greetings",
  mesExample: "Example dialogue",
  systemInstruction: "System instruction",
  messageInstruction: "Message instruction",
  postHistoryInstructions: "Post-history instructions",
  characterNote: "Character's note",
  creatorNotes: "Creator notes",
  imagePrompt: "Image prompt",
  tags: "Tags",
  details: "Details",
  lorebook: "Lorebook",
} as const;

/** A refused field's label from its key (`alternateGreetings.2` is "Alternate greeting 3"); an unknown key is "Details". */
export function characterFieldLabel(field: string) {
  const row = /^(alternateGreetings|lorebook)\.(\d{1,4})$/.exec(field);
  if (row) return `${row[1] === "lorebook" ? "Lorebook entry" : "Alternate greeting"} ${Number(row[2]) + 1}`;
  return Object.hasOwn(CHARACTER_FIELD_LABELS, field) ? CHARACTER_FIELD_LABELS[field as keyof typeof CHARACTER_FIELD_LABELS] : CHARACTER_FIELD_LABELS.details;
}

/** What the form offers to choose from: categories, the detail definitions (their options by name) and the published models of each type. */
export type CharacterFormChoices = {
  categories: { id: number; name: string }[];
  definitions: { name: string; description: string; options: string[] }[];
  modelTypes: string[];
  modelsByType: Record<string, string[]>;
};

/**
 * What a refused save answers (errorData of an invalid-input error), or an "Add another" press
 * without JavaScript (`changed`: the list it lengthened or shortened).
 */
export type CharacterFormFailure =
  { error?: string; description?: string; fields?: FieldErrors; values?: CharacterFormValues; generateAvatar?: boolean; changed?: GrowingList } | undefined;

/**
 * The character form's action data as its page shows it: a refusal (formFailure's text and field
 * errors, and the spec's description line) or an "Add another"/"Remove" press, each with the
 * values as typed. Undefined when there is none.
 */
export function characterFormAnswer(actionData: unknown): CharacterFormFailure {
  if (typeof actionData !== "object" || actionData === null) return undefined;
  const failure = formFailure(actionData);
  const answer: Record<string, unknown> = { ...actionData };
  const { description, values, generateAvatar, changed } = answer;
  return {
    error: failure?.error || undefined,
    description: typeof description === "string" ? description : undefined,
    fields: failure?.fields,
    values: isCharacterFormValues(values) ? values : undefined,
    generateAvatar: generateAvatar === true,
    changed: typeof changed === "string" && isGrowingList(changed) ? changed : undefined,
  };
}

function isCharacterFormValues(value: unknown): value is CharacterFormValues {
  if (typeof value !== "object" || value === null) return false;
  const { name, customModels, lorebook, tags } = value as Record<string, unknown>;
  return typeof name === "string" && Array.isArray(customModels) && Array.isArray(lorebook) && Array.isArray(tags);
}

/** The four prompt-guide sections that hold one group each (the spec's send_me, show_me, can_i_see, chat_basics). */
export const SINGLE_GUIDE_SECTIONS = [
  { key: "send_me", title: "create.form.guide.sendMe" },
  { key: "show_me", title: "create.form.guide.showMe" },
  { key: "can_i_see", title: "create.form.guide.canISee" },
  { key: "chat_basics", title: "create.form.guide.chatBasics" },
] as const satisfies readonly { key: string; title: TextId }[];
export type SingleGuideSection = (typeof SINGLE_GUIDE_SECTIONS)[number]["key"];

/** A prompt group as typed: its prompts one a line. */
export type PromptGroupValues = { category: string; prompts: string };
export type CustomModelValues = { type: string; model: string };

/** The form's fields as sent (or as a stored character fills them). */
export type CharacterFormValues = {
  categoryId: string;
  name: string;
  description: string;
  welcomeMessage: string;
  personality: string;
  scenario: string;
  alternateGreetings: string[];
  mesExample: string;
  postHistoryInstructions: string;
  characterNote: string;
  creatorNotes: string;
  chatModel: string;
  systemInstruction: string;
  messageInstruction: string;
  imagePrompt: string;
  isPublished: boolean;
  tags: string[];
  details: Record<string, string>;
  customModels: CustomModelValues[];
  askMe: PromptGroupValues[];
  guide: Record<SingleGuideSection, PromptGroupValues>;
  lorebook: LorebookEntryValues[];
};

/** The lists a person can lengthen with "Add another" (a submit button without JavaScript). */
export const GROWING_LISTS = ["customModels", "askMe", "lorebook", "alternateGreetings"] as const;
export type GrowingList = (typeof GROWING_LISTS)[number];

const blankGroup = (): PromptGroupValues => ({ category: "", prompts: "" });

export function blankCharacterValues(): CharacterFormValues {
  return {
    categoryId: "",
    name: "",
    description: "",
    welcomeMessage: "",
    personality: "",
    scenario: "",
    alternateGreetings: [],
    mesExample: "",
    postHistoryInstructions: "",
    characterNote: "",
    creatorNotes: "",
    chatModel: "",
    systemInstruction: "",
    messageInstruction: "",
    imagePrompt: "",
    isPublished: false,
    tags: [],
    details: {},
    customModels: [{ type: "", model: "" }],
    askMe: [blankGroup()],
    guide: { send_me: blankGroup(), show_me: blankGroup(), can_i_see: blankGroup(), chat_basics: blankGroup() },
    lorebook: [],
  };
}

/**
 * The character form as posted (read with parseForm): its rows are numbered fields
 * (`customModels.0.type`, `lorebook.2.keys`), so every field is taken, each its first value; the
 * tag chips (`tag`) and the typed tags (`tags`) each as a list, and the avatar as a file.
 */
export const characterFormFields = z.looseObject({ tag: z.array(z.string()).default([]), tags: z.array(z.string()).default([]) });

export type CharacterFormFields = z.output<typeof characterFormFields>;

const text = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value : "";
};

/** The indexed rows of a list field (`customModels.0.type`, `askMe.2.prompts`), in index order. */
function rowsOf<Row extends Record<string, string>>(form: Record<string, unknown>, list: string, keys: (keyof Row & string)[]): Row[] {
  const indexes = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = new RegExp(`^${list}\\.(\\d{1,3})\\.`).exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, 50)
    .map((index) => Object.fromEntries(keys.map((key) => [key, text(form, `${list}.${index}.${key}`)])) as Row);
}

/** The alternate greetings as sent (`alternateGreetings.N`), in index order; one more than allowed is read, so too many are refused, not cut. */
function greetingsOf(form: Record<string, unknown>) {
  const indexes = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = /^alternateGreetings\.(\d{1,3})$/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, CHARACTER_FIELD_MAX.alternateGreetings + 1)
    .map((index) => text(form, `alternateGreetings.${index}`));
}

/** Tags as sent: chips (`tag`, with JavaScript) and the comma-separated text field (`tags`). */
export function tagsOf(form: CharacterFormFields) {
  const typed = form.tags.flatMap((value) => value.split(","));
  const chips = form.tag;
  return [...new Set([...chips, ...typed].map((tag) => tag.trim()).filter(Boolean))];
}

/** The form's fields as sent. */
export function characterFormValues(form: CharacterFormFields): CharacterFormValues {
  const details: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (name.startsWith("detail.") && typeof value === "string") details[name.slice("detail.".length)] = value;
  const group = (key: string) => ({ category: text(form, `guide.${key}.category`), prompts: text(form, `guide.${key}.prompts`) });
  return {
    categoryId: text(form, "categoryId"),
    name: text(form, "name"),
    description: text(form, "description"),
    welcomeMessage: text(form, "welcomeMessage"),
    personality: text(form, "personality"),
    scenario: text(form, "scenario"),
    alternateGreetings: greetingsOf(form),
    mesExample: text(form, "mesExample"),
    postHistoryInstructions: text(form, "postHistoryInstructions"),
    characterNote: text(form, "characterNote"),
    creatorNotes: text(form, "creatorNotes"),
    chatModel: text(form, "chatModel"),
    systemInstruction: text(form, "systemInstruction"),
    messageInstruction: text(form, "messageInstruction"),
    imagePrompt: text(form, "imagePrompt"),
    isPublished: form.publish === "now" || form.isPublished === "on",
    tags: tagsOf(form),
    details,
    customModels: rowsOf<CustomModelValues>(form, "customModels", ["type", "model"]),
    askMe: rowsOf<PromptGroupValues>(form, "askMe", ["category", "prompts"]),
    guide: { send_me: group("send_me"), show_me: group("show_me"), can_i_see: group("can_i_see"), chat_basics: group("chat_basics") },
    lorebook: lorebookRowsOf(form),
  };
}

/** Each growing list's blank row, and how many rows it may have. */
const GROWING: { [List in GrowingList]: { blank: () => CharacterFormValues[List][number]; max: number } } = {
  customModels: { blank: () => ({ type: "", model: "" }), max: CHARACTER_FIELD_MAX.customModels },
  askMe: { blank: blankGroup, max: CHARACTER_FIELD_MAX.askMe },
  lorebook: { blank: blankLorebookEntry, max: LOREBOOK_MAX_ENTRIES },
  alternateGreetings: { blank: () => "", max: CHARACTER_FIELD_MAX.alternateGreetings },
};

const isGrowingList = (name: string): name is GrowingList => (GROWING_LISTS as readonly string[]).includes(name);

/** The list an "Add another" or "Remove" button pressed without JavaScript changes (`add=customModels`, `remove=askMe.1`), and the row removed. */
function listChange(form: Record<string, unknown>): { list: GrowingList; remove: number | null } | null {
  const add = text(form, "add");
  if (isGrowingList(add)) return { list: add, remove: null };
  const remove = /^(\w+)\.(\d{1,4})$/.exec(text(form, "remove"));
  return remove && isGrowingList(remove[1]!) ? { list: remove[1], remove: Number(remove[2]) } : null;
}

/** Which list an "Add another" or "Remove" press changes; null for a save. */
export const changedList = (form: Record<string, unknown>) => listChange(form)?.list ?? null;

/** An "Add another" or "Remove" press without JavaScript: the same values with the list changed, to show again. Null for a save. */
export function changedRows(form: Record<string, unknown>, values: CharacterFormValues): CharacterFormValues | null {
  const change = listChange(form);
  if (!change) return null;
  const { list, remove } = change;
  const rows: unknown[] = values[list];
  if (remove !== null) return { ...values, [list]: rows.filter((_, at) => at !== remove) };
  return { ...values, [list]: rows.length < GROWING[list].max ? [...rows, GROWING[list].blank()] : rows };
}

const REQUIRED = [
  { field: "categoryId", label: "Category", required: characterFormTexts.categoryRequired },
  { field: "name", label: "Name", required: characterFormTexts.nameRequired },
  { field: "description", label: "Description", required: characterFormTexts.descriptionRequired },
] as const;

/** The required fields' labels as the page shows them (a refusal lists those left blank). */
export const REQUIRED_FIELD_TEXTS = [
  { field: "categoryId", label: "create.form.field.category" },
  { field: "name", label: "create.form.field.name" },
  { field: "description", label: "create.form.field.description" },
] as const satisfies readonly { field: (typeof REQUIRED)[number]["field"]; label: TextId }[];

/** The required fields left blank, by label (spec: 'Missing required fields' lists them). */
export function missingRequired(values: Pick<CharacterFormValues, "categoryId" | "name" | "description">) {
  return REQUIRED.filter(({ field }) => values[field].trim() === "");
}

const promptLines = (prompts: string) =>
  prompts
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const groupOf = (group: PromptGroupValues): PromptGroup | null =>
  group.category.trim() === "" && group.prompts.trim() === "" ? null : { category: group.category, prompts: promptLines(group.prompts) };

/** The prompt guide the form describes: blank groups are left out. */
function promptGuideOf(values: CharacterFormValues) {
  const guide: Record<string, unknown> = { ask_me: values.askMe.map(groupOf).filter(Boolean) };
  for (const { key } of SINGLE_GUIDE_SECTIONS) {
    const group = groupOf(values.guide[key]);
    if (group) guide[key] = group;
  }
  return guide;
}

/** Each text field's refusal when too long, a whole sentence so the catalogue finds it by its English text. */
const TOO_LONG = {
  name: `Name must be at most ${CHARACTER_FIELD_MAX.name} characters`,
  description: `Description must be at most ${CHARACTER_FIELD_MAX.description} characters`,
  welcomeMessage: `Welcome message must be at most ${CHARACTER_FIELD_MAX.welcomeMessage} characters`,
  personality: `Personality must be at most ${CHARACTER_FIELD_MAX.personality} characters`,
  scenario: `Scenario must be at most ${CHARACTER_FIELD_MAX.scenario} characters`,
  mesExample: `Example dialogue must be at most ${CHARACTER_FIELD_MAX.mesExample} characters`,
  postHistoryInstructions: `Post-history instructions must be at most ${CHARACTER_FIELD_MAX.postHistoryInstructions} characters`,
  characterNote: `Character's note must be at most ${CHARACTER_FIELD_MAX.characterNote} characters`,
  creatorNotes: `Creator notes must be at most ${CHARACTER_FIELD_MAX.creatorNotes} characters`,
  chatModel: `Chat model must be at most ${CHARACTER_FIELD_MAX.name} characters`,
  systemInstruction: `System instruction must be at most ${CHARACTER_FIELD_MAX.systemInstruction} characters`,
  messageInstruction: `Message instruction must be at most ${CHARACTER_FIELD_MAX.messageInstruction} characters`,
  imagePrompt: `Image prompt must be at most ${CHARACTER_FIELD_MAX.imagePrompt} characters`,
} as const;

const atMost = (field: keyof typeof TOO_LONG) =>
  z
    .string()
    .trim()
    .max(field === "chatModel" ? CHARACTER_FIELD_MAX.name : CHARACTER_FIELD_MAX[field], TOO_LONG[field]);

/** The checked form: the columns of a character, its document parts parsed by their own schemas. */
export const characterFormSchema = z.object({
  categoryId: z.coerce.number(characterFormTexts.unknownCategory).int(characterFormTexts.unknownCategory).positive(characterFormTexts.unknownCategory),
  name: atMost("name").min(1, characterFormTexts.nameRequired),
  description: atMost("description").min(1, characterFormTexts.descriptionRequired),
  welcomeMessage: atMost("welcomeMessage"),
  personality: atMost("personality"),
  scenario: atMost("scenario"),
  alternateGreetings: z
    .array(z.string())
    .superRefine((greetings, context) => {
      for (const [index, greeting] of greetings.entries())
        if (greeting.trim().length > CHARACTER_FIELD_MAX.alternateGreeting)
          context.addIssue({ code: "custom", path: [index], message: characterFormTexts.greetingTooLong(index) });
    })
    .transform((greetings) => greetings.map((greeting) => greeting.trim()).filter(Boolean))
    .refine((greetings) => greetings.length <= CHARACTER_FIELD_MAX.alternateGreetings, characterFormTexts.tooManyGreetings),
  mesExample: atMost("mesExample"),
  postHistoryInstructions: atMost("postHistoryInstructions"),
  characterNote: atMost("characterNote"),
  creatorNotes: atMost("creatorNotes"),
  chatModel: atMost("chatModel"),
  systemInstruction: atMost("systemInstruction"),
  messageInstruction: atMost("messageInstruction"),
  imagePrompt: atMost("imagePrompt"),
  isPublished: z.boolean(),
  tags: characterTagsSchema
    .refine((tags) => tags.length <= CHARACTER_FIELD_MAX.tags, characterFormTexts.tooManyTags)
    .refine((tags) => tags.every((tag) => tag.length <= CHARACTER_FIELD_MAX.tag), characterFormTexts.tagTooLong),
  details: characterDetailsSchema.refine(
    (details) => Object.values(details).every((value) => typeof value !== "string" || value.length <= CHARACTER_FIELD_MAX.detail),
    `A detail has at most ${CHARACTER_FIELD_MAX.detail} characters`,
  ),
  customModels: customModelsSchema,
  promptGuide: promptGuideSchema,
});
/** A checked form: the schema's columns and the lorebook's entries (the book around them is the server's to keep). */
export type CharacterInput = z.output<typeof characterFormSchema> & { lorebook: LorebookEntry[] };

export type CharacterFormRefusal = { error: string; description?: string; fields: Record<string, string> };

/**
 * Checks the form. Blank required fields come first, all named in one message (spec section 5);
 * then each field's own rule. Custom model rows left wholly blank, and empty details, are dropped.
 * A lorebook refusal is marked on the section (`lorebook`) and on its row (`lorebook.N`).
 */
export function parseCharacterForm(values: CharacterFormValues): { input: CharacterInput } | { refusal: CharacterFormRefusal } {
  const missing = missingRequired(values);
  if (missing.length > 0)
    return {
      refusal: {
        error: `${characterFormTexts.missingTitle}: ${missing.map(({ label }) => label).join(", ")}`,
        description: characterFormTexts.missingDescription,
        fields: Object.fromEntries(missing.map(({ field, required }) => [field, required])),
      },
    };
  const rows = values.customModels.filter((row) => row.type.trim() !== "" || row.model.trim() !== "");
  const parsed = characterFormSchema.safeParse({
    ...values,
    customModels: rows.map((row) => ({ [row.type.trim()]: row.model })),
    promptGuide: promptGuideOf(values),
  });
  const lorebook = lorebookEntriesOf(values.lorebook);
  if (parsed.success && "entries" in lorebook) return { input: { ...parsed.data, lorebook: lorebook.entries } };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [first] = issue.path;
    const key = first === "promptGuide" ? guideField(issue.path) : listField(issue.path);
    fields[key] ??= issue.message;
  }
  if ("refusal" in lorebook) {
    fields.lorebook = lorebook.refusal.message;
    if (lorebook.refusal.index !== null) fields[`lorebook.${lorebook.refusal.index}`] = lorebook.refusal.message;
  }
  return { refusal: { error: Object.values(fields)[0] ?? characterFormTexts.saveFailed, fields } };
}

/** Which field an issue belongs to: a custom model's problem is the list's, an alternate greeting's its row's (`alternateGreetings.2`). */
function listField([first, index]: PropertyKey[]) {
  if (first === "alternateGreetings" && typeof index === "number") return `alternateGreetings.${index}`;
  return String(first ?? "form");
}

/** Which prompt-guide field an issue belongs to: `askMe` or `guide.send_me`. */
function guideField(path: PropertyKey[]) {
  const section = String(path[1]);
  return section === "ask_me" ? "askMe" : `guide.${section}`;
}

/** A stored character as the form shows it (its document already read by the lenient readers). */
export function characterFormValuesOf(character: {
  categoryId: number | null;
  name: string;
  description: string;
  welcomeMessage: string | null;
  personality: string | null;
  scenario: string | null;
  alternateGreetings: string[];
  mesExample: string | null;
  postHistoryInstructions: string | null;
  creatorNotes: string | null;
  chatModel: string | null;
  systemInstruction: string | null;
  messageInstruction: string | null;
  imagePrompt: string | null;
  isPublished: boolean;
  tags: string[];
  details: Record<string, string>;
  customModels: Record<string, string>[];
  promptGuide: { ask_me: PromptGroup[] } & Record<SingleGuideSection, PromptGroup | null>;
  characterBook: CharacterBook | null;
  /** The stored card extras (lib/documents/card-extras.ts): the form shows the character's note among them. */
  cardExtras?: unknown;
}): CharacterFormValues {
  const typed = (group: PromptGroup | null): PromptGroupValues => (group ? { category: group.category, prompts: group.prompts.join("\n") } : blankGroup());
  const models = character.customModels.flatMap((entry) => Object.entries(entry).map(([type, model]) => ({ type, model })));
  return {
    categoryId: character.categoryId ? String(character.categoryId) : "",
    name: character.name,
    description: character.description,
    welcomeMessage: character.welcomeMessage ?? "",
    personality: character.personality ?? "",
    scenario: character.scenario ?? "",
    alternateGreetings: character.alternateGreetings,
    mesExample: character.mesExample ?? "",
    postHistoryInstructions: character.postHistoryInstructions ?? "",
    characterNote: depthPromptOf(parseCardExtras(character.cardExtras))?.prompt ?? "",
    creatorNotes: character.creatorNotes ?? "",
    chatModel: character.chatModel ?? "",
    systemInstruction: character.systemInstruction ?? "",
    messageInstruction: character.messageInstruction ?? "",
    imagePrompt: character.imagePrompt ?? "",
    isPublished: character.isPublished,
    tags: character.tags,
    details: character.details,
    customModels: models.length > 0 ? models : [{ type: "", model: "" }],
    askMe: character.promptGuide.ask_me.length > 0 ? character.promptGuide.ask_me.map(typed) : [blankGroup()],
    guide: {
      send_me: typed(character.promptGuide.send_me),
      show_me: typed(character.promptGuide.show_me),
      can_i_see: typed(character.promptGuide.can_i_see),
      chat_basics: typed(character.promptGuide.chat_basics),
    },
    lorebook: lorebookValuesOf(character.characterBook),
  };
}

/** The console's characters list with the filters and page of `search` (a toast's code left out): where its dialogs go back to. */
export function charactersListPath(search: string) {
  const params = new URLSearchParams(search);
  params.delete("toast");
  const query = params.toString();
  return query ? `/admin/characters?${query}` : "/admin/characters";
}
