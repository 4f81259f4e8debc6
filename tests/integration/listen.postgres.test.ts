import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/modules/db/database.server";
import { createEmptyPostgresDatabase } from "../helpers/database";

// Included only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts).
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("LISTEN on PostgreSQL", () => {
  it("listens again after the connection is lost, even when the first attempts to reconnect fail", async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const name = new URL(url).pathname.slice(1);
    const database = openDatabase({ kind: "postgres", url });
    cleanups.push(async () => {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await database.close();
      await drop();
    });
    const heard: string[] = [];
    const stop = await database.listen("test_events", (payload) => heard.push(payload));
    cleanups.push(stop);

    // The database refuses new connections, and the listening one is cut: reconnecting fails for a while.
    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND query ILIKE 'LISTEN%'`);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);

    const notifier = new pg.Client({ connectionString: url });
    await notifier.connect();
    cleanups.push(() => notifier.end());
    // Keep notifying until the listener is back (it retries a second apart).
    for (const started = Date.now(); !heard.includes("hello again") && Date.now() - started < 10_000;) {
      await notifier.query("SELECT pg_notify('test_events', 'hello again')");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(heard).toContain("hello again");
  });
});
