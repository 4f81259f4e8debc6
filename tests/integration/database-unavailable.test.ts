// While the database cannot be reached, pages and resource routes answer 503 with Retry-After and
// a plain "try again shortly" text, never a 500; once it is back they answer as before.
import { afterAll, beforeAll, expect, test } from "vitest";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { openDatabase } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { DATABASE_RETRY_SECONDS, DATABASE_UNAVAILABLE_TEXT } from "~/modules/http/errors.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newSignedInPerson } from "../helpers/payments";
import { appRequestHandler } from "../helpers/request-handler";

let db: TestDatabase;
let handle: Awaited<ReturnType<typeof appRequestHandler>>;
let cookie: string;
beforeAll(async () => {
  db = await createTestDatabase();
  handle = await appRequestHandler();
  ({ cookie } = await newSignedInPerson());
});
afterAll(() => db.dispose());

/** Points the app at a PostgreSQL address where nothing listens, for the length of `run`. */
async function withDatabaseDown(run: () => Promise<void>) {
  const unreachable = openDatabase({ kind: "postgres", url: "postgresql://postgres@127.0.0.1:9/characterverse" });
  useDatabaseForTests(unreachable);
  invalidateCatalogueCache();
  try {
    await run();
  } finally {
    useDatabaseForTests(db.database);
    invalidateCatalogueCache();
    await unreachable.close();
  }
}

const get = (path: string, headers: Record<string, string> = {}) => handle(new Request(`http://localhost${path}`, { headers }));

test("pages and resource routes answer 503 with Retry-After and the text, signed in or not, and work again once it is back", async () => {
  await withDatabaseDown(async () => {
    for (const [path, headers] of [
      ["/", {}],
      ["/explore?q=coach", {}],
      ["/chat", { Cookie: cookie }],
      ["/dashboard/tokens", { Cookie: cookie }],
      ["/api/chat/sessions", { Cookie: cookie }],
    ] as const) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe(String(DATABASE_RETRY_SECONDS));
      expect(await response.text(), path).toContain(DATABASE_UNAVAILABLE_TEXT);
    }
  });
  expect((await get("/")).status).toBe(200);
  expect((await get("/chat", { Cookie: cookie })).status).toBe(200);
});
