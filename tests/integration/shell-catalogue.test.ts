import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { DEFAULT_CATEGORIES } from "~/modules/catalogue/categories.server";
import { readShellCatalogue } from "~/modules/catalogue/shell.server";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());
beforeEach(async () => {
  await truncateAll(test.database);
  invalidateCatalogueCache();
});

function addCharacter(name: string, minutesAgo: number, published = true) {
  return test.database.prisma.character.create({
    data: { name, description: "", avatarUrl: `/avatars/${name}.png`, isPublished: published, createdAt: new Date(Date.now() - minutesAgo * 60_000) },
  });
}

describe("readShellCatalogue", () => {
  it("gives the header's categories in order and the five newest published characters' pictures", async () => {
    await test.database.prisma.category.createMany({
      data: [
        { id: 2, name: "Guys", description: "Male AI characters" },
        { id: 1, name: "Girls", description: "Female AI characters" },
      ],
    });
    for (const [index, name] of ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"].entries()) await addCharacter(name, index);
    await addCharacter("Hidden", 0, false);

    expect(await readShellCatalogue()).toEqual({
      categories: [
        { id: 1, name: "Girls", description: "Female AI characters" },
        { id: 2, name: "Guys", description: "Male AI characters" },
      ],
      authPictures: ["Ada", "Bo", "Cy", "Di", "Ed"].map((name) => ({ name, avatarUrl: `/avatars/${name}.png` })),
    });
  });

  it("falls back to the spec's categories and no pictures on an empty catalogue", async () => {
    expect(await readShellCatalogue()).toEqual({ categories: DEFAULT_CATEGORIES, authPictures: [] });
  });
});
