import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const db = new PGlite(process.argv[2], { extensions: { pg_trgm } });
const sql = `SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags, count(*) OVER () AS total_count
    FROM characters c WHERE c.is_published AND c.search_text LIKE $1 ORDER BY c.created_at DESC, c.id LIMIT 50 OFFSET 0`;
const time = async (label: string, q: string, p: unknown[] = []) => {
  for (let i = 0; i < 10; i++) await db.query(q, p);
  const n = 100; const t = performance.now();
  for (let i = 0; i < n; i++) await db.query(q, p);
  console.log(`${label}: ${((performance.now() - t) / n).toFixed(2)} ms`);
};
for (const seq of ["on", "off"]) {
  await db.exec(`SET enable_seqscan = ${seq}`);
  const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE ${sql}`, ["%pirate%"]);
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  for (const term of ["pirate", "mystery", "detective", "astronomer", "gardener"]) await time(`seqscan=${seq} ${term}`, sql, [`%${term}%`]);
}
await db.exec(`RESET enable_seqscan`);
await time("SELECT 1", "SELECT 1");
await time("categories", `SELECT id, name, description FROM character_category ORDER BY id`);
await time("count only pirate", `SELECT count(*) FROM characters c WHERE c.is_published AND c.search_text LIKE $1`, ["%pirate%"]);
await time("no filter page 1", `SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags, count(*) OVER () AS total_count FROM characters c WHERE c.is_published ORDER BY c.created_at DESC, c.id LIMIT 50`);
await db.close();
