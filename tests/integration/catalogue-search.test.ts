import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchCharacters } from "~/modules/catalogue/characters.server";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());
beforeEach(() => truncateAll(test.database));

async function addCharacter(
  name: string,
  options: { description?: string; tags?: string[]; categoryId?: number; published?: boolean; minutesAgo?: number } = {},
) {
  const character = { name, description: options.description ?? "", tags: options.tags ?? [] };
  return test.database.prisma.character.create({
    data: {
      ...character,
      categoryId: options.categoryId ?? 1,
      isPublished: options.published ?? true,
      createdAt: new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000),
    },
  });
}

async function addCategories() {
  await test.database.prisma.category.createMany({
    data: [
      { id: 1, name: "Girls" },
      { id: 2, name: "Guys" },
    ],
  });
}

describe("searchCharacters", () => {
  it("matches name, description and tags case-insensitively", async () => {
    await addCategories();
    await addCharacter("Luna Stargazer");
    await addCharacter("Kai", { description: "A LUNAR geologist" });
    await addCharacter("Mira", { tags: ["lunatic-fan"] });
    await addCharacter("Bob", { description: "Plumber" });

    const result = await searchCharacters({ query: "LuN" });
    expect(result.characters.map((character) => character.name).sort()).toEqual(["Kai", "Luna Stargazer", "Mira"]);
    expect(result.totalCount).toBe(3);
  });

  it("finds a character by its new name after an edit, because the database keeps search_text", async () => {
    await addCategories();
    const character = await addCharacter("Old Name");
    await test.database.prisma.character.update({ where: { id: character.id }, data: { name: "Zephyrine", tags: ["windy"] } });
    expect((await searchCharacters({ query: "zephyr" })).characters.map((c) => c.id)).toEqual([character.id]);
    expect((await searchCharacters({ query: "WINDY" })).totalCount).toBe(1);
    expect((await searchCharacters({ query: "old name" })).totalCount).toBe(0);
  });

  it("shows only published characters", async () => {
    await addCategories();
    await addCharacter("Shown");
    await addCharacter("Hidden draft", { published: false });
    const result = await searchCharacters({});
    expect(result.characters.map((character) => character.name)).toEqual(["Shown"]);
  });

  it("filters by category", async () => {
    await addCategories();
    await addCharacter("Ann", { categoryId: 1 });
    await addCharacter("Ben", { categoryId: 2 });
    const result = await searchCharacters({ categoryId: 2 });
    expect(result.characters.map((character) => character.name)).toEqual(["Ben"]);
    expect(result.totalCount).toBe(1);
  });

  it("treats % and _ in the query as plain text", async () => {
    await addCategories();
    await addCharacter("Percent", { description: "100% honest" });
    await addCharacter("Other", { description: "1000 honest" });
    expect((await searchCharacters({ query: "100%" })).characters.map((c) => c.name)).toEqual(["Percent"]);
    expect((await searchCharacters({ query: "_" })).totalCount).toBe(0);
  });

  it("pages 50 at a time, newest first, with the total count", async () => {
    await addCategories();
    for (let index = 0; index < 120; index += 1) {
      await addCharacter(`Character ${String(index).padStart(3, "0")}`, { minutesAgo: index });
    }
    const first = await searchCharacters({ page: 1 });
    const third = await searchCharacters({ page: 3 });
    expect(first.characters).toHaveLength(50);
    expect(first.characters[0].name).toBe("Character 000");
    expect(first.totalCount).toBe(120);
    expect(first.pageCount).toBe(3);
    expect(third.characters).toHaveLength(20);
    expect(third.characters.at(-1)?.name).toBe("Character 119");
  });

  it("still reports the total on a page past the end", async () => {
    await addCategories();
    await addCharacter("Only");
    const result = await searchCharacters({ page: 9 });
    expect(result.characters).toEqual([]);
    expect(result.totalCount).toBe(1);
  });
});
