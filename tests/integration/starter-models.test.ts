import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { applyPendingMigrations, listMigrations, MIGRATIONS_DIR } from "~/modules/db/migrate.server";
import { publishStarterModelsWithKeys, seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  await seedCatalogueIfEmpty(test.database.prisma);
});
afterAll(() => test.dispose());
afterEach(() => {
  delete process.env.NEBIUS_API_KEY;
  resetEnvForTests();
});

const DEMO_MODELS = [
  "Demo Audio (offline)",
  "Demo Chat (offline)",
  "Demo Image (offline)",
  "Demo Music (offline)",
  "Demo Redraw (offline)",
  "Demo Video (offline)",
  "Demo Vision (offline)",
];

const published = async () =>
  (await test.database.prisma.chatModel.findMany({ where: { isPublished: true }, orderBy: { chatModel: "asc" } })).map((model) => model.chatModel);

describe("starter models", () => {
  it("without keys, only the offline demo models are published", async () => {
    expect(await published()).toEqual(DEMO_MODELS);
  });

  it("a platform's models are published at the next start once its key is configured, unless an admin edited them", async () => {
    await test.database.prisma.chatModel.update({ where: { chatModel: "deepseek-v3" }, data: { description: "Kept off by the admin" } });
    process.env.NEBIUS_API_KEY = "key-from-the-environment";
    resetEnvForTests();

    expect(await publishStarterModelsWithKeys(test.database.prisma)).toBe(2);
    expect(await published()).toEqual([...DEMO_MODELS, "Llama 3.1 70B Instruct", "Qwen2.5 VL 72B Instruct"].sort());
    expect(await publishStarterModelsWithKeys(test.database.prisma)).toBe(0);
  });

  it("an installation seeded before models could read images gets the starter one that does when it upgrades, published once its key is set", async () => {
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "cv-migrations-"));
    for (const migration of await listMigrations(MIGRATIONS_DIR)) {
      if (migration.name >= "20261122200943") continue;
      fs.cpSync(path.join(MIGRATIONS_DIR, migration.name), path.join(before, migration.name), { recursive: true });
    }
    const old = await createTestDatabase(before);
    try {
      // What the seed of that time left: a catalogue, and models none of which read images.
      await old.database.prisma.$executeRaw`INSERT INTO character_category (id, name, description) VALUES (1, 'Girls', 'Female AI characters')`;
      await old.database.prisma.$executeRaw`
        INSERT INTO chat_models (id, chat_model, model_id, ai_platform, created_at, updated_at)
        VALUES (gen_random_uuid(), 'deepseek-v3', 'deepseek-ai/DeepSeek-V3', 'nebius', now(), now())`;
      expect((await old.database.withMigrationLock((sql) => applyPendingMigrations(sql, MIGRATIONS_DIR)))[0]).toBe("20261122200943_chat_model_accepts_images");

      const readers = () =>
        old.database.prisma.chatModel.findMany({
          where: { acceptsImages: true, aiPlatform: "nebius" },
          select: { chatModel: true, modelId: true, aiPlatform: true, isPublished: true },
        });
      expect(await readers()).toEqual([
        { chatModel: "Qwen2.5 VL 72B Instruct", modelId: "Qwen/Qwen2.5-VL-72B-Instruct", aiPlatform: "nebius", isPublished: false },
      ]);
      process.env.NEBIUS_API_KEY = "key-from-the-environment";
      resetEnvForTests();
      await publishStarterModelsWithKeys(old.database.prisma);
      expect(await readers()).toMatchObject([{ isPublished: true }]);
    } finally {
      useDatabaseForTests(test.database);
      await old.dispose();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
