import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
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

const published = async () =>
  (await test.database.prisma.chatModel.findMany({ where: { isPublished: true }, orderBy: { chatModel: "asc" } })).map((model) => model.chatModel);

describe("starter models", () => {
  it("without keys, only the offline demo models are published", async () => {
    expect(await published()).toEqual(["Demo Chat (offline)", "Demo Image (offline)"]);
  });

  it("a platform's models are published at the next start once its key is configured, unless an admin edited them", async () => {
    await test.database.prisma.chatModel.update({ where: { chatModel: "deepseek-v3" }, data: { description: "Kept off by the admin" } });
    process.env.NEBIUS_API_KEY = "key-from-the-environment";
    resetEnvForTests();

    expect(await publishStarterModelsWithKeys(test.database.prisma)).toBe(2);
    expect(await published()).toEqual(["Demo Chat (offline)", "Demo Image (offline)", "Llama 3.1 70B Instruct", "Qwen2.5 VL 72B Instruct"]);
    expect(await publishStarterModelsWithKeys(test.database.prisma)).toBe(0);
  });
});
