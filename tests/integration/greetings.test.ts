import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { chatTexts } from "~/lib/chat";
import { GREETING_REQUEST } from "~/modules/ai/prompt.server";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { listMessages } from "~/modules/chat/messages.server";
import { startChat } from "~/modules/chat/sessions.server";
import { credit } from "~/modules/tokens/ledger.server";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let chatModel: string | null;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  chatModel = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).chatModel;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

let userId: string;
beforeEach(async () => {
  userId = await newUser(`sam.${crypto.randomUUID()}@example.com`);
  await prisma().user.update({ where: { id: userId }, data: { name: "Sam Rivera" } });
  await credit(userId, { type: "free", amount: 1000, description: "test" });
});

/** The chat's messages as the page lists them: the text shown and every version of it. */
async function firstMessage(sessionId: string) {
  const [message] = (await listMessages(sessionId)).messages;
  const row = await prisma().chatMessage.findUniqueOrThrow({ where: { id: message!.id }, select: { alternatives: true } });
  return { sender: message!.senderType, text: message!.message, versions: row.alternatives };
}

const newCharacter = (data: Record<string, unknown>) =>
  prisma().character.create({ data: { name: "Orla", description: "A lighthouse keeper", isPublished: true, chatModel, ...data } });

describe("a character's own greeting", () => {
  test("opens the chat without asking any model, with the person's and the character's names filled in", async () => {
    const character = await newCharacter({
      welcomeMessage: "  Hi {{user}}, I'm {{char}}. Mind the <BOT>'s stairs, <USER>!  ",
      alternateGreetings: ["{{USER}}? Is that you?", "  ", "{{char}} waves at {{user}}."],
    });
    const asked = fake.requests.length;
    const sessionId = await startChat(userId, character.id);
    expect(fake.requests.length).toBe(asked);
    expect(await firstMessage(sessionId)).toEqual({
      sender: "agent",
      text: "Hi Sam Rivera, I'm Orla. Mind the Orla's stairs, Sam Rivera!",
      versions: ["Hi Sam Rivera, I'm Orla. Mind the Orla's stairs, Sam Rivera!", "Sam Rivera? Is that you?", "Orla waves at Sam Rivera."],
    });
  });

  test("a seeded character greets a new person by their name, which defaults to the part of their e-mail before @", async () => {
    const luna = await prisma().character.findFirstOrThrow({ where: { isPublished: true, name: "Luna" } });
    expect(luna.welcomeMessage).toContain("{{user}}");
    const unnamed = await newUser("robin.k@example.com");
    const asked = fake.requests.length;
    const { text } = await firstMessage(await startChat(unnamed, luna.id));
    expect(fake.requests.length).toBe(asked);
    expect(text).toBe(luna.welcomeMessage!.replaceAll("{{user}}", "robin.k"));
    expect(text).toMatch(/^Oh, hi robin\.k!/);
  });
});

describe("a character without a greeting of its own", () => {
  test("is greeted by its chat model, asked with names filled in, and its alternates are filled in too", async () => {
    const character = await newCharacter({
      welcomeMessage: "   ",
      systemInstruction: "You are {{char}}; the person is {{user}}.",
      alternateGreetings: ["Evening, {{user}}."],
    });
    fake.nextReply({ text: "The lamp is lit, {{user}}. Come in." });
    const sessionId = await startChat(userId, character.id);
    const body = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.content).toContain("You are Orla; the person is Sam Rivera.");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: GREETING_REQUEST });
    expect(await firstMessage(sessionId)).toEqual({
      sender: "agent",
      text: "The lamp is lit, Sam Rivera. Come in.",
      versions: ["The lamp is lit, Sam Rivera. Come in.", "Evening, Sam Rivera."],
    });
  });

  test("when the model cannot greet, the spec's text is the greeting", async () => {
    const character = await newCharacter({ welcomeMessage: null });
    fake.nextReply({ failWith: { status: 500, message: "down" } });
    expect((await firstMessage(await startChat(userId, character.id))).text).toBe(chatTexts.greeting("Orla"));
  });
});

describe("a reply's prompt", () => {
  test("names the character and the person in every text of the character the model reads", async () => {
    const character = await newCharacter({
      welcomeMessage: "Hello, {{user}}.",
      description: "{{char}} keeps the light for <USER>.",
      systemInstruction: "You are {{char}}, talking with {{user}}.",
      messageInstruction: "Call {{user}} by name.",
      mesExample: "<START>\n{{user}}: Is the lamp lit?\n{{char}}: Always.",
      postHistoryInstructions: "Stay as {{char}}; {{user}} is a guest.",
      characterBook: {
        extensions: {},
        entries: [
          {
            keys: ["storm"],
            content: "{{char}} once pulled {{user}}'s boat from a storm.",
            enabled: true,
            insertion_order: 0,
            extensions: {},
            use_regex: false,
          },
        ],
      },
    });
    const sessionId = await startChat(userId, character.id);
    fake.nextReply({ text: "It was a long night." });
    await runReply(await prepareReply({ userId }, sessionId, { text: "Tell me about the storm" }), {});
    const messages = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    const system = messages[0]!.content;
    for (const filled of [
      "You are Orla, talking with Sam Rivera.",
      "Description: Orla keeps the light for Sam Rivera.",
      "Bio: Orla keeps the light for Sam Rivera.",
      "Orla once pulled Sam Rivera's boat from a storm.",
      "<START>\nSam Rivera: Is the lamp lit?\nOrla: Always.",
      "Message instruction: Call Sam Rivera by name.",
    ]) {
      expect(system).toContain(filled);
    }
    expect(messages.slice(1)).toEqual([
      { role: "assistant", content: "Hello, Sam Rivera." },
      { role: "user", content: "Tell me about the storm" },
      { role: "system", content: "Stay as Orla; Sam Rivera is a guest." },
    ]);
    expect(JSON.stringify(messages)).not.toMatch(/\{\{|<USER>|<BOT>/i);
  });
});
