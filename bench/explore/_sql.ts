import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const db = new PGlite(process.argv[2], { extensions: { pg_trgm } });
const sql = `SELECT c.id, c.name, c.description, c.avatar_url, c.category_id, c.tags, count(*) OVER () AS total_count
    FROM characters c WHERE c.is_published AND c.search_text LIKE $1 ORDER BY c.created_at DESC, c.id LIMIT 50 OFFSET 0`;
for (const analyze of [false, true]) {
  if (analyze) await db.exec("ANALYZE characters");
  for (const term of ["pirate", "mystery", "detective"]) {
    const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE ${sql}`, [`%${term}%`]);
    console.log(`--- analyze=${analyze} term=${term}\n` + plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  for (const term of ["pirate", "mystery", "detective"]) {
    const n = 50; const t = performance.now();
    for (let i = 0; i < n; i++) await db.query(sql, [`%${term}%`]);
    console.log(`analyze=${analyze} ${term}: ${((performance.now() - t) / n).toFixed(2)} ms/query (PGlite query incl. row parsing)`);
  }
  const t = performance.now();
  for (let i = 0; i < 50; i++) await db.query(`SELECT id, name, description FROM character_category ORDER BY id`);
  console.log(`categories: ${((performance.now() - t) / 50).toFixed(2)} ms/query`);
}
await db.close();
