// The live feed on PostgreSQL when the instance's LISTEN connection is lost. Included only when
// TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts).
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startChat } from "~/modules/chat/sessions.server";
import { loader as eventsLoader } from "~/routes/api/events";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let characterId: string;
beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
});
afterAll(() => db.dispose());

test("a feed closes once its instance listens again after losing its LISTEN connection, so the browser reopens it and catches up", async () => {
  const userId = await newUser();
  await startChat(userId, characterId);
  const abort = new AbortController();
  const request = new Request("http://localhost/api/events", { headers: { Cookie: await signedInCookie(userId) }, signal: abort.signal });
  const feed = (await eventsLoader(routeArgs(request))) as Response;
  expect(feed.status).toBe(200);
  const reader = feed.body!.getReader();
  const closed = (async () => {
    while (!(await reader.read()).done);
    return "closed";
  })();

  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const [{ name }] = (await admin.query<{ name: string }>("SELECT current_database() AS name")).rows as [{ name: string }];
    const ours = new URL(db.url!).pathname.slice(1);
    expect(name).not.toBe(ours);
    const cut = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`, [ours]);
    expect(cut.rowCount).toBe(1);
  } finally {
    await admin.end();
  }
  const quiet = new Promise((resolve) => setTimeout(() => resolve("still open"), 10_000));
  expect(await Promise.race([closed, quiet])).toBe("closed");
  abort.abort();
});
