import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { CharacterBook } from "~/lib/documents/character-book";
import { estimateTokens, EXAMPLES_HEADING, LOREBOOK_TOKEN_BUDGET, lorebookEntriesFor } from "~/modules/ai/prompt.server";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { credit } from "~/modules/tokens/ledger.server";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

const entry = (fields: Partial<CharacterBook["entries"][number]> & { keys: string[]; content: string }) => ({
  extensions: {},
  enabled: true,
  insertion_order: 0,
  use_regex: false,
  ...fields,
});

let userId: string;
beforeEach(async () => {
  userId = await newUser();
  await credit(userId, { type: "free", amount: 1000, description: "test" });
});

/** A published character with this lorebook, a chat with it, and what the model was sent for a message. */
async function chatWith(book: CharacterBook) {
  const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
  const character = await prisma().character.create({
    data: { name: "Archivist", description: "Keeper of the lore", isPublished: true, chatModel: base.chatModel, characterBook: book as object },
  });
  const sessionId = await startChat(userId, character.id);
  return async function systemPromptFor(text: string) {
    fake.nextReply({ text: "Noted." });
    const outcome = await runReply(await prepareReply({ userId }, sessionId, { text }), {});
    expect(outcome.status).toBe("complete");
    const messages = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    return messages[0]!.content;
  };
}

describe("a character's lorebook in its chat replies", () => {
  test("an entry joins the prompt when its key is in the recent messages; a constant entry always; a disabled one never", async () => {
    const systemPromptFor = await chatWith({
      extensions: {},
      entries: [
        entry({ keys: ["dragon"], content: "Dragons sleep under the Grey Mountain." }),
        entry({ keys: [], content: "The kingdom is called Arden.", constant: true }),
        entry({ keys: ["dragon"], content: "A switched-off secret.", enabled: false }),
      ],
    });
    const plain = await systemPromptFor("Hello there");
    expect(plain).toContain("The kingdom is called Arden.");
    expect(plain).not.toContain("Dragons sleep");

    const asked = await systemPromptFor("Tell me about the DRAGON");
    expect(asked).toContain("Dragons sleep under the Grey Mountain.");
    expect(asked).toContain("The kingdom is called Arden.");
    expect(asked).not.toContain("A switched-off secret.");
    // The key is still among the recent messages on the next turn.
    expect(await systemPromptFor("And then?")).toContain("Dragons sleep");
  });

  test("a case-sensitive entry matches only its exact spelling", async () => {
    const systemPromptFor = await chatWith({
      extensions: {},
      entries: [entry({ keys: ["Rose"], content: "Rose is the gardener.", case_sensitive: true })],
    });
    expect(await systemPromptFor("a rose by any other name")).not.toContain("Rose is the gardener.");
    expect(await systemPromptFor("Where is Rose?")).toContain("Rose is the gardener.");
  });

  test("entries come in insertion order and stop at the token budget", async () => {
    const big = "x".repeat(LOREBOOK_TOKEN_BUDGET * 4 - 40);
    const systemPromptFor = await chatWith({
      extensions: {},
      entries: [
        entry({ keys: ["tower"], content: "SECOND: the tower is tall.", insertion_order: 20 }),
        entry({ keys: ["tower"], content: "FIRST: the tower is old.", insertion_order: 10 }),
        entry({ keys: ["tower"], content: `THIRD ${big}`, insertion_order: 30 }),
        entry({ keys: ["tower"], content: "FOURTH: small enough to fit.", insertion_order: 40 }),
      ],
    });
    const prompt = await systemPromptFor("the tower");
    expect(prompt.indexOf("FIRST")).toBeGreaterThan(-1);
    expect(prompt.indexOf("FIRST")).toBeLessThan(prompt.indexOf("SECOND"));
    expect(prompt).not.toContain("THIRD");
    expect(prompt).toContain("FOURTH");
  });

  test("a lorebook's own smaller budget is kept, and what is chosen never passes it", () => {
    const book: CharacterBook = {
      token_budget: 10,
      extensions: {},
      entries: [entry({ keys: ["a"], content: "a".repeat(32), constant: true }), entry({ keys: ["a"], content: "b".repeat(16), constant: true })],
    };
    const chosen = lorebookEntriesFor(book, ["anything"]);
    expect(chosen.map((item) => item.content)).toEqual(["a".repeat(32)]);
    expect(chosen.reduce((sum, item) => sum + estimateTokens(item.content), 0)).toBeLessThanOrEqual(10);
  });
});

describe("a card's example dialogue and post-history instructions in its chat replies", () => {
  test("mes_example joins the system message and post_history_instructions follow the person's message, with {{char}} and {{user}} named", async () => {
    await prisma().user.update({ where: { id: userId }, data: { name: "Sam" } });
    const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
    const character = await prisma().character.create({
      data: {
        name: "Quill",
        description: "A scribe",
        isPublished: true,
        chatModel: base.chatModel,
        mesExample: "<START>\n{{user}}: Hello\n{{char}}: Ink and greetings.",
        postHistoryInstructions: "Stay terse, {{char}}.",
      },
    });
    const sessionId = await startChat(userId, character.id);
    fake.nextReply({ text: "Noted." });
    await runReply(await prepareReply({ userId }, sessionId, { text: "Write me a line" }), {});
    const messages = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(messages[0]!.content).toContain(`${EXAMPLES_HEADING}\n<START>\nSam: Hello\nQuill: Ink and greetings.`);
    expect(messages.slice(-2)).toEqual([
      { role: "user", content: "Write me a line" },
      { role: "system", content: "Stay terse, Quill." },
    ]);
  });

  test("a character without them sends neither", async () => {
    const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
    const character = await prisma().character.create({ data: { name: "Plain", description: "Nothing more", isPublished: true, chatModel: base.chatModel } });
    const sessionId = await startChat(userId, character.id);
    fake.nextReply({ text: "Noted." });
    await runReply(await prepareReply({ userId }, sessionId, { text: "Hi" }), {});
    const messages = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(messages[0]!.content).not.toContain(EXAMPLES_HEADING);
    expect(messages.at(-1)).toEqual({ role: "user", content: "Hi" });
  });
});
