process.env.DATA_DIR = process.argv[2];
process.env.NODE_ENV = "test";
const { searchCharacters } = await import("../../app/modules/catalogue/characters.server");
const { listCategories } = await import("../../app/modules/catalogue/categories.server");
const { database } = await import("../../app/modules/db/db.server");
const terms = ["detective", "pirate", "astronomer", "mystery", "gardener"];
const time = async (label: string, fn: (i: number) => Promise<unknown>, n = 200) => {
  for (let i = 0; i < 20; i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  console.log(`${label}: ${((performance.now() - t) / n).toFixed(2)} ms`);
};
for (let round = 0; round < 2; round++) {
  await time("searchCharacters(q) via Prisma", (i) => searchCharacters({ query: terms[i % 5] }));
  await time("listCategories via Prisma", () => listCategories());
  await time("SELECT 1 via Prisma", () => database().prisma.$queryRaw`SELECT 1`);
  const payload = await searchCharacters({ query: "pirate" });
  console.log(`payload JSON: ${JSON.stringify(payload).length} bytes`);
}
await database().close();
