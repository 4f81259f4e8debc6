// What a signed-in person is answered stays out of shared caches; visitors' pages stay cacheable.
// Express with the anonymous page cache in front of the whole app, as server.js runs it.
import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearAnonymousPageCache } from "~/modules/http/anonymous-page-cache.server";
import { anonymousPageCache } from "~/modules/server/page-cache.server";
import { nodeRequestHandler } from "~/modules/server/node-adapter.server";
import { seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { appRequestHandler } from "../helpers/request-handler";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let server: http.Server;
let origin: string;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedCatalogueIfEmpty(db.database.prisma);
  cookie = await signedInCookie(await newUser());
  const handle = await appRequestHandler();
  const app = express();
  app.use(anonymousPageCache);
  app.all(
    "/{*path}",
    nodeRequestHandler(handle, () => ({})),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  clearAnonymousPageCache();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.dispose();
});

const signedIn = (path: string) => fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

describe("caching of signed-in answers", () => {
  it.each(["/", "/explore", "/dashboard/tokens", "/dashboard/usage.data", "/chat"])("%s for a signed-in person is private, no-store", async (path) => {
    const response = await signedIn(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a response that says how to cache it keeps its own word", async () => {
    expect((await signedIn("/healthz")).headers.get("cache-control")).toBe("no-store");
  });

  it("a visitor's page without a session is not private, and the page cache serves it again", async () => {
    const first = await fetch(`${origin}/explore?q=private-pages`);
    await first.text();
    expect(first.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    await expect.poll(async () => (await fetch(`${origin}/explore?q=private-pages`)).headers.get("x-page-cache")).toBe("hit");
  });
});
