// Times the explore search query alone, outside the web server, on a database the benchmark
// kept (BENCH_KEEP=1): the mean time of the app's own searchCharacters() and listCategories()
// (Prisma, as the server calls them) and of SELECT 1, then EXPLAIN ANALYZE of the search.
//
//   node --experimental-wasm-modules --import tsx bench/explore/sql.ts <kept DATA_DIR>
//   node --experimental-wasm-modules --import tsx bench/explore/sql.ts postgresql://.../cv_bench_...
//
// PGlite is single-process: stop any server using that DATA_DIR first.
import path from "node:path";
import { SEARCH_TERMS } from "./dataset";

const target = process.argv[2];
if (!target) throw new Error("usage: sql.ts <DATA_DIR | postgresql://...>");
if (/^postgres(ql)?:/.test(target)) process.env.DATABASE_URL = target;
else process.env.DATA_DIR = path.resolve(target);
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "warn";

const { searchCharacters } = await import("../../app/modules/catalogue/characters.server");
const { listCategories } = await import("../../app/modules/catalogue/categories.server");
const { database } = await import("../../app/modules/db/db.server");
const prisma = database().prisma;

// The statement searchCharacters sends (characters.server.ts), with the term as $1.
const SEARCH_SQL = `SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags, count(*) OVER () AS total_count
    FROM characters c
    WHERE c.is_published AND c.search_text LIKE lower($1)
    ORDER BY c.created_at DESC, c.id
    LIMIT 50 OFFSET 0`;

class Rollback extends Error {}

async function time(label: string, fn: (i: number) => Promise<unknown>, runs = 200) {
  for (let i = 0; i < 20; i++) await fn(i);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await fn(i);
  console.log(`${label.padEnd(48)} ${((performance.now() - started) / runs).toFixed(2).padStart(7)} ms`);
}

console.log(`database: ${database().kind}\nmean time per call, one at a time (after 20 warm-up calls):`);
await time("searchCharacters({ query }) (Prisma $queryRaw)", (i) => searchCharacters({ query: SEARCH_TERMS[i % SEARCH_TERMS.length] }));
await time("searchCharacters({}) (no query, page 1)", () => searchCharacters({}));
await time("listCategories() (every shell page)", () => listCategories());
await time("SELECT 1 (/healthz)", () => prisma.$queryRaw`SELECT 1`);
await time("search statement alone (seq scan chosen)", (i) => prisma.$queryRawUnsafe(SEARCH_SQL, `%${SEARCH_TERMS[i % SEARCH_TERMS.length]}%`));
for (const term of SEARCH_TERMS.slice(0, 2)) {
  const plan = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ANALYZE ${SEARCH_SQL}`, `%${term}%`);
  console.log(`\nEXPLAIN ANALYZE (q=${term}):\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
}

// What the trigram index would give if the planner used it: in a transaction that is rolled
// back, hide the seq scan and the btree indexes the planner falls back to, then time the statement.
await prisma
  .$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("DROP INDEX characters_is_published_created_at_idx");
      await tx.$executeRawUnsafe("DROP INDEX characters_category_id_is_published_created_at_idx");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const run = (i: number) => tx.$queryRawUnsafe(SEARCH_SQL, `%${SEARCH_TERMS[i % SEARCH_TERMS.length]}%`);
      console.log("");
      await time("search statement, trigram index forced", run);
      const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ANALYZE ${SEARCH_SQL}`, "%pirate%");
      console.log(
        plan
          .map((row) => `  ${row["QUERY PLAN"]}`)
          .filter((line) => /Scan|Execution/.test(line))
          .join("\n"),
      );
      throw new Rollback();
    },
    { timeout: 60_000 },
  )
  .catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });

await database().close();
