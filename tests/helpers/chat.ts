import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { resetEventListenerForTests } from "~/modules/events/events.server";
import { startChat } from "~/modules/chat/sessions.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { startFakeOpenAi } from "../fakes/openai-server";
import { createTestDatabase, type TestDatabase } from "./database";
import { newSignedInPerson } from "./payments";

/**
 * A seeded catalogue whose Nebius models (deepseek-v3 among them) talk to a fake
 * OpenAI-compatible server, as a chat test needs. `stop()` puts the environment back.
 */
export async function chatWithFakeProvider(db: TestDatabase) {
  resetEventListenerForTests();
  const fake = await startFakeOpenAi();
  process.env.NEBIUS_API_KEY = "nebius-test-key";
  process.env.NEBIUS_BASE_URL = fake.url;
  resetEnvForTests();
  await seedCatalogueIfEmpty(db.database.prisma);
  await publishStarterModelsWithKeys(db.database.prisma);
  return {
    fake,
    async stop() {
      delete process.env.NEBIUS_API_KEY;
      delete process.env.NEBIUS_BASE_URL;
      resetEnvForTests();
      await fake.close();
    },
  };
}

/**
 * What a chat test starts from: its own database with the seeded catalogue, a live-event listener
 * on that database, and the first published character to chat with.
 */
export async function chatTestDatabase() {
  const db = await createTestDatabase();
  resetEventListenerForTests();
  await seedCatalogueIfEmpty(db.database.prisma);
  const characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  return { db, characterId };
}

/** chatTestDatabase with two signed-in people, the first chatting with the published character. */
export async function chatPageTestDatabase() {
  const { db, characterId } = await chatTestDatabase();
  const person = await newSignedInPerson();
  const other = await newSignedInPerson();
  const sessionId = await startChat(person.userId, characterId);
  return { db, person, other, sessionId };
}

/**
 * chatPageTestDatabase for a whole test file: set up before its tests, disposed of after them.
 * Its `person`, `other` and `sessionId` are there once the tests run.
 */
export function chatPageForThisFile() {
  const file = {} as Awaited<ReturnType<typeof chatPageTestDatabase>>;
  beforeAll(async () => {
    Object.assign(file, await chatPageTestDatabase());
  });
  afterAll(() => file.db.dispose());
  return file;
}
