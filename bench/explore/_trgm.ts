import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
const target = process.argv[2];
const q: (s: string, p?: unknown[]) => Promise<any[]> = target.startsWith("postgres")
  ? await (async () => { const c = new pg.Client(target); await c.connect(); return async (s: string, p: unknown[] = []) => (await c.query(s, p)).rows; })()
  : await (async () => { const db = new PGlite(target, { extensions: { pg_trgm } }); return async (s: string, p: unknown[] = []) => (await db.query<any>(s, p)).rows; })();
const SQL = `SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags, count(*) OVER () AS total_count
    FROM characters c WHERE c.is_published AND c.search_text LIKE $1 ORDER BY c.created_at DESC, c.id LIMIT 50`;
const terms = ["detective", "pirate", "astronomer", "mystery", "gardener"];
const time = async (label: string) => {
  for (let i = 0; i < 20; i++) await q(SQL, [`%${terms[i % 5]}%`]);
  const t = performance.now();
  for (let i = 0; i < 200; i++) await q(SQL, [`%${terms[i % 5]}%`]);
  console.log(`${label}: ${((performance.now() - t) / 200).toFixed(2)} ms`);
  console.log((await q(`EXPLAIN ANALYZE ${SQL}`, ["%pirate%"])).map((r) => "  " + r["QUERY PLAN"]).filter((l) => /Scan|Execution/.test(l)).join("\n"));
};
await q("BEGIN");
await time("default plan");
await q("DROP INDEX characters_is_published_created_at_idx; DROP INDEX characters_category_id_is_published_created_at_idx".split(";")[0]);
await q("DROP INDEX characters_category_id_is_published_created_at_idx");
await q("SET LOCAL enable_seqscan = off");
await time("trigram index forced");
await q("ROLLBACK");
process.exit(0);
