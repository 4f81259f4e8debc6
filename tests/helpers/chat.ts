import { resetEnvForTests } from "~/modules/config/env.server";
import { resetChatListenerForTests } from "~/modules/chat/realtime.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { startFakeOpenAi } from "../fakes/openai-server";
import type { TestDatabase } from "./database";

/**
 * A seeded catalogue whose Nebius models (deepseek-v3 among them) talk to a fake
 * OpenAI-compatible server, as a chat test needs. `stop()` puts the environment back.
 */
export async function chatWithFakeProvider(db: TestDatabase) {
  resetChatListenerForTests();
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
