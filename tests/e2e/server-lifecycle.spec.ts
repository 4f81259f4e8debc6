import { expect, test } from "@playwright/test";
import { exitCode, startServer, tempDir, waitUntilHealthy } from "./server-process";

test.describe.configure({ timeout: 240_000 });

test("a malformed DATABASE_URL stops the app with a one-line reason", async () => {
  const server = startServer({ DATA_DIR: tempDir(), DATABASE_URL: "mysql//wrong" });
  expect(await exitCode(server)).toBe(1);
  const lines = server.output().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("DATABASE_URL must be a PostgreSQL URL");
});

test("production without SESSION_SECRET refuses to start", async () => {
  const server = startServer({ DATA_DIR: tempDir(), NODE_ENV: "production", SESSION_SECRET: "" }, "server.js");
  expect(await exitCode(server)).toBe(1);
  expect(server.output()).toContain("SESSION_SECRET is required in production");
});

test("restarting on the embedded database keeps every record", async () => {
  const dataDir = tempDir();
  const first = startServer({ DATA_DIR: dataDir });
  await waitUntilHealthy(first);
  const before = await (await fetch(`${first.url}/explore?q=a`)).text();
  await first.stop();

  const second = startServer({ DATA_DIR: dataDir });
  await waitUntilHealthy(second);
  const after = await (await fetch(`${second.url}/explore?q=a`)).text();
  await second.stop();

  const ids = (html: string) => [...html.matchAll(/character=([0-9a-f-]{36})/g)].map((match) => match[1]);
  expect(ids(before).length).toBeGreaterThan(0);
  expect(ids(after)).toEqual(ids(before));
  expect(second.output()).not.toContain("seeded");
});
