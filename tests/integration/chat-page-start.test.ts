// Chat Now when the chat cannot be opened: the person goes back where they were, with the spec's
// toast, instead of an error page. The failure is real: the database loses a table for a moment.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { action as startAction, loader as startLoader } from "~/routes/chat/start";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let cookie: string;
let characterId: string;

beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
  cookie = await signedInCookie(await newUser());
});
afterAll(() => db.dispose());

let away: string | null = null;
/** The table is gone until the test ends, as when the database fails mid-request. */
async function lose(table: string) {
  await prisma().$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  away = table;
}
afterEach(async () => {
  if (away) await prisma().$executeRawUnsafe(`ALTER TABLE ${away}_away RENAME TO ${away}`);
  away = null;
});

/** What the route answers (a thrown redirect or Response comes back as the Response). */
async function call(fn: unknown, path: string, headers: Record<string, string>, method = "GET") {
  const request = new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie, ...headers } });
  try {
    return (await (fn as (args: never) => Promise<unknown>)(routeArgs(request, { params: { characterId: path.split("/").at(-1)! } }))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a chat that cannot be started", () => {
  test("Chat Now goes back to the page it was pressed on with 'Failed to start or retrieve chat session'", async () => {
    await lose("chat_sessions");
    const response = await call(startLoader, `/chat/start/${characterId}`, {
      "Sec-Fetch-Site": "same-origin",
      Referer: "http://localhost/explore?category=Anime",
    });
    expect(response).toRedirectTo("/explore?category=Anime", { toast: "start-chat-failed" });
  });

  test("the confirm page's Start chat goes to Explore (never back to itself) with the same toast", async () => {
    await lose("chat_sessions");
    const response = await call(startAction, `/chat/start/${characterId}`, { Referer: `http://localhost/chat/start/${characterId}` }, "POST");
    expect(response).toRedirectTo("/explore", { toast: "start-chat-failed" });
  });

  test("a link from another site whose character cannot be read goes to Explore with 'Failed to load character data'", async () => {
    await lose("characters");
    const response = await call(startLoader, `/chat/start/${characterId}`, { "Sec-Fetch-Site": "cross-site", Referer: "https://elsewhere.example/page" });
    expect(response).toRedirectTo("/explore", { toast: "character-load-failed" });
  });

  test("a character that does not exist still answers 404", async () => {
    const response = await call(startLoader, `/chat/start/${crypto.randomUUID()}`, { "Sec-Fetch-Site": "same-origin", Referer: "http://localhost/explore" });
    expect(response.status).toBe(404);
  });

  test("when nothing fails, Chat Now opens the chat", async () => {
    const response = await call(startLoader, `/chat/start/${characterId}`, { "Sec-Fetch-Site": "same-origin", Referer: "http://localhost/" });
    expect(response.headers.get("location")).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
  });
});

describe("a chat started after signing in", () => {
  const startedFrom = async (query: string) => {
    const request = new Request(`http://localhost/chat/start/${characterId}${query}`, { headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" } });
    const thrown = await startLoader(routeArgs(request, { params: { characterId } })).catch((response: unknown) => response);
    return (thrown as Response).headers.get("location");
  };

  test("the confirmation's (or sign-in's) toast is shown in the chat it opens; other toasts are not passed on", async () => {
    expect(await startedFrom("?toast=email-confirmed")).toMatch(/^\/chat\/[0-9a-f-]{36}\?toast=email-confirmed$/);
    expect(await startedFrom("?toast=logged-in")).toMatch(/^\/chat\/[0-9a-f-]{36}\?toast=logged-in$/);
    expect(await startedFrom("?toast=start-chat-failed")).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
  });
});
