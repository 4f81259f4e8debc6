import { expect, test } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "~/modules/auth/password.server";
import { createEmptyPostgresDatabase } from "../helpers/database";
import { hydrated, signIn } from "./journeys";
import { startServer, tempDir, waitUntilHealthy } from "./server-process";

// Included only when TEST_DATABASE_URL names a PostgreSQL server (see playwright.config.ts).
test.describe.configure({ timeout: 240_000 });

test("two instances starting at once on an empty PostgreSQL database both come up", async () => {
  const { url, drop } = await createEmptyPostgresDatabase();
  try {
    const servers = [0, 1].map(() => startServer({ DATA_DIR: tempDir(), DATABASE_URL: url }));
    await Promise.all(servers.map(waitUntilHealthy));
    const counts = await Promise.all(servers.map(async (server) => (await (await fetch(`${server.url}/explore`)).text()).match(/(\d+) characters/)?.[1]));
    expect(counts).toEqual(["44", "44"]);
    await Promise.all(servers.map((server) => server.stop()));
  } finally {
    await drop();
  }
});

test("a message sent through one instance appears live in a browser connected to the other", async ({ browser }) => {
  const { url, drop } = await createEmptyPostgresDatabase();
  // Same secret on both, as a real deployment behind one load balancer has.
  const shared = { DATABASE_URL: url, SESSION_SECRET: "multi-instance-secret-that-is-long-enough-0123456789" };
  const servers = [0, 1].map(() => startServer({ DATA_DIR: tempDir(), ...shared }));
  try {
    await Promise.all(servers.map(waitUntilHealthy));
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const email = `live.${Date.now()}@example.com`;
    const { rows } = await db.query(
      `INSERT INTO users (id, email, password_hash, email_verified_at, status, name, updated_at)
       VALUES (gen_random_uuid(), $1, $2, now(), 'active', 'Live Reader', now()) RETURNING id`,
      [email, await hashPassword("two instances")],
    );
    await db.query(`INSERT INTO token_balances (user_id, balance_free, balance_purchased, updated_at) VALUES ($1, 100, 0, now())`, [rows[0].id]);
    await db.end();

    const [writer, watcher] = await Promise.all(
      servers.map(async (server) => {
        const context = await browser.newContext({ baseURL: server.url });
        const page = await context.newPage();
        await signIn(page, email, "two instances");
        await expect(page.getByLabel("Profile menu")).toBeVisible();
        return page;
      }),
    );
    await writer.goto("/");
    await writer.getByRole("article").first().getByRole("link", { name: "Chat Now" }).click();
    await expect(writer).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(writer.url()).pathname;

    await watcher.goto(chatPath);
    const watched = watcher.getByRole("list", { name: "Messages" }).getByRole("listitem");
    await expect(watched).toHaveCount(1);
    await hydrated(writer);

    await writer.getByRole("textbox", { name: "Message", exact: true }).fill("Hello from the first instance");
    await writer.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
    await expect(watched.nth(1)).toContainText("Hello from the first instance");
    // The offline demo model's reply, saved by the first instance, reaches the second one too.
    await expect(watched).toHaveCount(3, { timeout: 20_000 });
    await expect(watched.nth(2)).toHaveAttribute("data-sender", "agent");
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await drop();
  }
});
