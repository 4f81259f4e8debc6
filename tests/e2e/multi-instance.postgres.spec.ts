import { expect, test } from "@playwright/test";
import pg from "pg";
import { startServer, tempDir, waitUntilHealthy } from "./server-process";

// Included only when TEST_DATABASE_URL names a PostgreSQL server (see playwright.config.ts).
test.describe.configure({ timeout: 240_000 });

test("two instances starting at once on an empty PostgreSQL database both come up", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `cv_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  try {
    const servers = [0, 1].map(() => startServer({ DATA_DIR: tempDir(), DATABASE_URL: url.toString() }));
    await Promise.all(servers.map(waitUntilHealthy));
    const counts = await Promise.all(servers.map(async (server) => (await (await fetch(`${server.url}/explore`)).text()).match(/(\d+) characters/)?.[1]));
    expect(counts).toEqual(["44", "44"]);
    await Promise.all(servers.map((server) => server.stop()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
