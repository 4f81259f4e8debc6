import { z } from "zod";
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
} as const;

/** What the form offers to choose from: categories, the detail definitions (their options by name) and the published models of each type. */
export type CharacterFormChoices = {
  categories: { id: number; name: string }[];
  definitions: { name: string; description: string; options: string[] }[];
  modelTypes: string[];
  modelsByType: Record<string, string[]>;
};

/** What a refused save answers (errorData of an invalid-input error), or an "Add another" press without JavaScript. */
export type CharacterFormFailure =
  { error?: string; description?: string; fields?: Record<string, string>; values?: CharacterFormValues; generateAvatar?: boolean } | undefined;

/** The four prompt-guide sections that hold one group each (the spec's send_me, show_me, can_i_see, chat_basics). */
export const SINGLE_GUIDE_SECTIONS = [
  { key: "send_me", title: "Send Me" },
  { key: "show_me", title: "Show Me" },
  { key: "can_i_see", title: "Can I See" },
  { key: "chat_basics", title: "Chat Basics" },
] as const;
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
export const GROWING_LISTS = ["customModels", "askMe", "lorebook"] as const;
export type GrowingList = (typeof GROWING_LISTS)[number];

const blankGroup = (): PromptGroupValues => ({ category: "", prompts: "" });

export function blankCharacterValues(): CharacterFormValues {
  return {
    categoryId: "",
    name: "",
    description: "",
    welcomeMessage: "",
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

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The indexed rows of a list field (`customModels.0.type`, `askMe.2.prompts`), in index order. */
function rowsOf<Row extends Record<string, string>>(form: FormData, list: string, keys: (keyof Row & string)[]): Row[] {
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = new RegExp(`^${list}\\.(\\d{1,3})\\.`).exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, 50)
    .map((index) => Object.fromEntries(keys.map((key) => [key, text(form, `${list}.${index}.${key}`)])) as Row);
}

/** Tags as sent: chips (`tag`, with JavaScript) and the comma-separated text field (`tags`). */
export function tagsOf(form: FormData) {
  const typed = form.getAll("tags").flatMap((value) => (typeof value === "string" ? value.split(",") : []));
  const chips = form.getAll("tag").filter((value): value is string => typeof value === "string");
  return [...new Set([...chips, ...typed].map((tag) => tag.trim()).filter(Boolean))];
}

/** The form's fields as sent. */
export function characterFormValues(form: FormData): CharacterFormValues {
  const details: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (name.startsWith("detail.") && typeof value === "string") details[name.slice("detail.".length)] = value;
  const group = (key: string) => ({ category: text(form, `guide.${key}.category`), prompts: text(form, `guide.${key}.prompts`) });
  return {
    categoryId: text(form, "categoryId"),
    name: text(form, "name"),
    description: text(form, "description"),
    welcomeMessage: text(form, "welcomeMessage"),
    chatModel: text(form, "chatModel"),
    systemInstruction: text(form, "systemInstruction"),
    messageInstruction: text(form, "messageInstruction"),
    imagePrompt: text(form, "imagePrompt"),
    isPublished: form.get("publish") === "now" || form.get("isPublished") === "on",
    tags: tagsOf(form),
    details,
    customModels: rowsOf<CustomModelValues>(form, "customModels", ["type", "model"]),
    askMe: rowsOf<PromptGroupValues>(form, "askMe", ["category", "prompts"]),
    guide: { send_me: group("send_me"), show_me: group("show_me"), can_i_see: group("can_i_see"), chat_basics: group("chat_basics") },
    lorebook: lorebookRowsOf(form),
  };
}

/**
 * An "Add another" or "Remove" button pressed without JavaScript (`add=customModels`,
 * `remove=askMe.1`): the same values with the list changed, to show again. Null for a save.
 */
export function changedRows(form: FormData, values: CharacterFormValues): CharacterFormValues | null {
  const add = text(form, "add");
  const remove = /^(customModels|askMe|lorebook)\.(\d{1,4})$/.exec(text(form, "remove"));
  if (add === "customModels" && values.customModels.length < CHARACTER_FIELD_MAX.customModels)
    return { ...values, customModels: [...values.customModels, { type: "", model: "" }] };
  if (add === "askMe" && values.askMe.length < CHARACTER_FIELD_MAX.askMe) return { ...values, askMe: [...values.askMe, blankGroup()] };
  if (add === "lorebook" && values.lorebook.length < LOREBOOK_MAX_ENTRIES) return { ...values, lorebook: [...values.lorebook, blankLorebookEntry()] };
  if ((GROWING_LISTS as readonly string[]).includes(add)) return values;
  if (!remove) return null;
  const index = Number(remove[2]);
  if (remove[1] === "customModels") return { ...values, customModels: values.customModels.filter((_, at) => at !== index) };
  if (remove[1] === "lorebook") return { ...values, lorebook: values.lorebook.filter((_, at) => at !== index) };
  return { ...values, askMe: values.askMe.filter((_, at) => at !== index) };
}

const REQUIRED = [
  { field: "categoryId", label: "Category" },
  { field: "name", label: "Name" },
  { field: "description", label: "Description" },
] as const;

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

const atMost = (field: keyof typeof CHARACTER_FIELD_MAX, label: string) =>
  z.string().trim().max(CHARACTER_FIELD_MAX[field], `${label} must be at most ${CHARACTER_FIELD_MAX[field]} characters`);

/** The checked form: the columns of a character, its document parts parsed by their own schemas. */
export const characterFormSchema = z.object({
  categoryId: z.coerce.number(characterFormTexts.unknownCategory).int(characterFormTexts.unknownCategory).positive(characterFormTexts.unknownCategory),
  name: atMost("name", "Name").min(1, characterFormTexts.required("Name")),
  description: atMost("description", "Description").min(1, characterFormTexts.required("Description")),
  welcomeMessage: atMost("welcomeMessage", "Welcome message"),
  chatModel: atMost("name", "Chat model"),
  systemInstruction: atMost("systemInstruction", "System instruction"),
  messageInstruction: atMost("messageInstruction", "Message instruction"),
  imagePrompt: atMost("imagePrompt", "Image prompt"),
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
        fields: Object.fromEntries(missing.map(({ field, label }) => [field, characterFormTexts.required(label)])),
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
    const key = first === "customModels" ? "customModels" : first === "promptGuide" ? guideField(issue.path) : String(first ?? "form");
    fields[key] ??= issue.message;
  }
  if ("refusal" in lorebook) {
    fields.lorebook = lorebook.refusal.message;
    if (lorebook.refusal.index !== null) fields[`lorebook.${lorebook.refusal.index}`] = lorebook.refusal.message;
  }
  return { refusal: { error: Object.values(fields)[0] ?? characterFormTexts.saveFailed, fields } };
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
}): CharacterFormValues {
  const typed = (group: PromptGroup | null): PromptGroupValues => (group ? { category: group.category, prompts: group.prompts.join("\n") } : blankGroup());
  const models = character.customModels.flatMap((entry) => Object.entries(entry).map(([type, model]) => ({ type, model })));
  return {
    categoryId: character.categoryId ? String(character.categoryId) : "",
    name: character.name,
    description: character.description,
    welcomeMessage: character.welcomeMessage ?? "",
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
