import { characterFormTexts, type CharacterFormValues } from "~/lib/character-form";
import { customModelTexts } from "~/lib/documents/custom-models";
import { promptGuideTexts } from "~/lib/documents/prompt-guide";
import { prisma } from "~/modules/db/db.server";
import { getObject } from "~/modules/storage/storage.server";

type Fields = [string, string | File][];

/** What the character form offers: two categories, the chat and image types, published models of each, and two detail definitions. */
export async function characterFormBasics() {
  const db = prisma();
  await db.category.createMany({
    data: [
      { id: 1, name: "Girls", description: "Female AI characters" },
      { id: 3, name: "Anime", description: "Anime-style characters" },
    ],
  });
  await db.modelType.createMany({
    data: [
      { name: "chat", seq: 1 },
      { name: "image", seq: 2 },
    ],
  });
  await db.chatModel.createMany({
    data: [
      { chatModel: "Talker", modelId: "talker-1", aiPlatform: "demo", modelType: "chat", isPublished: true },
      { chatModel: "Painter", modelId: "painter-1", aiPlatform: "demo", modelType: "image", isPublished: true },
      { chatModel: "Hidden Talker", modelId: "hidden-1", aiPlatform: "demo", modelType: "chat", isPublished: false },
    ],
  });
  await db.characterDetailDefinition.createMany({
    data: [
      {
        name: "personality",
        description: "Temperament",
        seq: 0,
        details: [
          { name: "Caring", description: "Kind" },
          { name: "Witty", description: "Sharp" },
        ],
      },
      { name: "voice", description: "How they sound", seq: 1, details: ["Soft", "Deep"] },
    ],
  });
}

/** A filled character form as a browser posts it; `overrides` replace or add fields (a value of null leaves a field out). */
export function characterForm(intent: "create" | "update", overrides: Record<string, string | null> = {}, extra: Fields = []): Fields {
  const values: Record<string, string | null> = {
    categoryId: "3",
    name: "Nova Starlight",
    description: "A stargazing guide who loves quiet nights.",
    welcomeMessage: "Hi, I'm Nova!",
    chatModel: "Talker",
    systemInstruction: "Stay in character as Nova.",
    messageInstruction: "Answer in two sentences.",
    imagePrompt: "a woman under the stars",
    "detail.personality": "Witty",
    "detail.voice": "",
    tags: " Stars,  Calm , stars ,",
    "customModels.0.type": "image",
    "customModels.0.model": "Painter",
    "askMe.0.category": "Astronomy",
    "askMe.0.prompts": "What is a nebula?\n\n  How far is Mars?  ",
    "guide.send_me.category": "",
    "guide.send_me.prompts": "",
    "guide.chat_basics.category": "Hello",
    "guide.chat_basics.prompts": "How are you?",
    ...overrides,
  };
  const pairs = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null);
  return [["intent", intent], ...pairs, ...extra];
}

/** The stored object behind an avatar's public URL, or null once it is gone. */
export const storedAvatar = (avatarUrl: string) => getObject("avatars", decodeURIComponent(avatarUrl.slice("/storage/avatars/".length)));

/** Values the character form refuses wherever it is posted: the case, the fields changed, the field marked and its text. */
export const refusedCharacterFormValues = [
  ["a type without a model", { "customModels.0.model": "" }, "customModels", customModelTexts.incomplete],
  ["a model without a type", { "customModels.0.type": "" }, "customModels", customModelTexts.incomplete],
  [
    "a model that is not published",
    { "customModels.0.type": "chat", "customModels.0.model": "Hidden Talker" },
    "customModels",
    "Choose a published chat model",
  ],
  ["a chat model that does not exist", { chatModel: "Nobody" }, "chatModel", "Choose a published chat model"],
  ["a category that does not exist", { categoryId: "99" }, "categoryId", characterFormTexts.unknownCategory],
  ["a prompt group without a category", { "guide.send_me.prompts": "Send me a photo" }, "guide.send_me", promptGuideTexts.category],
  ["an Ask Me group without prompts", { "askMe.0.prompts": " \n " }, "askMe", promptGuideTexts.prompts],
  ["a name over 80 characters", { name: "N".repeat(81) }, "name", "Name must be at most 80 characters"],
] as const;

/** The form as the browser posts it when it shows these values and the person changes nothing (a box is sent only when checked). */
export function formOfValues(intent: "create" | "update", values: CharacterFormValues): Fields {
  const texts = [
    "categoryId",
    "name",
    "description",
    "welcomeMessage",
    "personality",
    "scenario",
    "mesExample",
    "postHistoryInstructions",
    "characterNote",
    "creatorNotes",
  ] as const;
  const more = ["chatModel", "systemInstruction", "messageInstruction", "imagePrompt"] as const;
  const pairs: [string, string][] = [["intent", intent], ...[...texts, ...more].map((name): [string, string] => [name, values[name]])];
  pairs.push(["tags", values.tags.join(", ")]);
  for (const [name, value] of Object.entries(values.details)) pairs.push([`detail.${name}`, value]);
  values.alternateGreetings.forEach((greeting, index) => pairs.push([`alternateGreetings.${index}`, greeting]));
  values.customModels.forEach((row, index) => pairs.push([`customModels.${index}.type`, row.type], [`customModels.${index}.model`, row.model]));
  values.askMe.forEach((group, index) => pairs.push([`askMe.${index}.category`, group.category], [`askMe.${index}.prompts`, group.prompts]));
  for (const [key, group] of Object.entries(values.guide)) pairs.push([`guide.${key}.category`, group.category], [`guide.${key}.prompts`, group.prompts]);
  values.lorebook.forEach((row, index) => {
    const name = (field: string) => `lorebook.${index}.${field}`;
    pairs.push([name("keys"), row.keys], [name("content"), row.content], [name("insertionOrder"), row.insertionOrder], [name("extra"), row.extra]);
    if (row.enabled) pairs.push([name("enabled"), "on"]);
    if (row.constant) pairs.push([name("constant"), "on"]);
    if (row.caseSensitive) pairs.push([name("caseSensitive"), "on"]);
  });
  if (values.isPublished) pairs.push(["isPublished", "on"]);
  return pairs;
}
