// React Router's own request handler over the app's real route modules: what a page's loaders
// share within one request, and what a client-side navigation's data request sends back.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { credit } from "~/modules/tokens/ledger.server";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as overview from "~/routes/dashboard/overview";
import * as settings from "~/routes/dashboard/settings";
import * as tokens from "~/routes/dashboard/tokens";
import * as usage from "~/routes/dashboard/usage";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { requestHandlerFor } from "../helpers/request-handler";
import { person } from "../helpers/person";

/** Dashboard pages and the layouts above them, as the build lists them, with the app's future flags. */
const handle = requestHandlerFor({
  "routes/dashboard/layout": { parentId: "routes/_shell/content", path: "dashboard", module: dashboardLayout },
  "routes/dashboard/overview": { parentId: "routes/dashboard/layout", index: true, module: overview },
  "routes/dashboard/settings": { parentId: "routes/dashboard/layout", path: "settings", module: settings },
  "routes/dashboard/tokens": { parentId: "routes/dashboard/layout", path: "tokens", module: tokens },
  "routes/dashboard/usage": { parentId: "routes/dashboard/layout", path: "usage", module: usage },
});

let test: TestDatabase;
let cookie = "";

beforeAll(async () => {
  test = await createTestDatabase();
  const user = await person({ email: "pipeline@example.com", name: "Ada" });
  cookie = (await startLoginSession(user.id, new Request("http://localhost/"), null)).split(";")[0]!;
  await credit(user.id, { type: "purchased", amount: 1234, description: "test" });
});
afterAll(() => test.dispose());

/** How many statements containing `marker` run while `run` runs. */
async function countStatements(marker: string, run: () => Promise<unknown>) {
  const spy = vi.spyOn(test.database.prisma, "$queryRaw");
  try {
    await run();
    return spy.mock.calls.filter(([strings]) => Array.isArray(strings) && strings.join("").includes(marker)).length;
  } finally {
    spy.mockRestore();
  }
}
/** How many times the signed-in person is looked up (the login session read) while `run` runs. */
const countLookups = (run: () => Promise<unknown>) => countStatements('live."loginSessionId"', run);

describe("one request through React Router", () => {
  it("looks the signed-in person up once, though three loaders of the page ask", async () => {
    let response: Response | undefined;
    const lookups = await countLookups(async () => {
      response = await handle(new Request("http://localhost/dashboard/settings.data", { headers: { Cookie: cookie } }));
    });
    expect(response!.status).toBe(200);
    const body = await response!.text();
    expect(body).toContain("pipeline@example.com");
    expect(lookups).toBe(1);
  });

  it.each(["/dashboard", "/dashboard/tokens", "/dashboard/usage"])("reads the balance once for the header and the page of %s", async (page) => {
    let response: Response | undefined;
    const reads = await countStatements("FROM token_balances WHERE user_id", async () => {
      response = await handle(new Request(`http://localhost${page}.data`, { headers: { Cookie: cookie } }));
    });
    expect(response!.status).toBe(200);
    const body = await response!.text();
    expect(reads).toBe(1);
    // Both the header's profile and the page's balance are in the answer (the stream names each value once).
    expect(body).toContain('"tokens"');
    expect(body).toContain('"balance"');
    expect(body).toContain("1234");
  });

  it("sends a signed-out visitor of a client-side navigation to sign in and back to the page, not to its data URL", async () => {
    const response = await handle(new Request("http://localhost/dashboard/settings.data"));
    const body = await response.text();
    expect(body).toContain(`/login?redirectTo=${encodeURIComponent("/dashboard/settings")}"`);
    expect(body).not.toContain(".data");
  });
});
