import { beforeEach, describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/auth-forms";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";
import { confirmedAccount } from "../helpers/accounts";

/** Return paths that a browser would follow to another site, once normalised or decoded. */
const HOSTILE_RETURN_PATHS = [
  "//evil.com",
  "/\\evil.com",
  "/.//evil.com",
  "/..//evil.com",
  "/a/..//evil.com",
  "/%2F/evil.com",
  "/%5C/evil.com",
  "/%09/evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "https://evil.com",
  "http:evil.com",
  "javascript:alert(1)",
  " //evil.com",
];

const EMAIL = "ada@example.com";
const PASSWORD = "lovelace1";

const test = databaseEmptiedBeforeEachTest();
beforeEach(() => confirmedAccount(EMAIL, PASSWORD));

/** Where the browser is sent after signing in with `redirectTo`, resolved as a browser resolves it. */
async function landingAfterSignIn(redirectTo: string) {
  const body = new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo });
  const request = new Request("http://localhost/login", { method: "POST", body });
  const thrown = await loginAction(routeArgs(request, { context: { clientIp: "10.0.0.1" } })).then(
    (result) => result,
    (response: unknown) => response,
  );
  expect(thrown).toBeInstanceOf(Response);
  const location = (thrown as Response).headers.get("Location")!;
  return { location, landing: new URL(location, "http://localhost") };
}

describe("the return path after sign-in", () => {
  it("keeps a path on this site with its query", async () => {
    expect(safeRedirectPath("/chat/abc?x=1")).toBe("/chat/abc?x=1");
    expect(await landingAfterSignIn("/chat/abc?x=1")).toMatchObject({ location: "/chat/abc?x=1&toast=logged-in" });
  });

  it.each(HOSTILE_RETURN_PATHS)("refuses %j and lands on the home page", async (hostile) => {
    expect(safeRedirectPath(hostile)).toBe("/");
    const { location, landing } = await landingAfterSignIn(hostile);
    expect(landing.origin).toBe("http://localhost");
    expect(location).toBe("/?toast=logged-in");
  });

  it("a signed-in visit to /login with a hostile return path goes home", async () => {
    const user = await test.database.prisma.user.findUniqueOrThrow({ where: { email: EMAIL } });
    const cookie = (await startLoginSession(user.id, new Request("http://localhost/"), null)).split(";")[0];
    for (const hostile of HOSTILE_RETURN_PATHS) {
      const request = new Request(`http://localhost/login?redirectTo=${encodeURIComponent(hostile)}`, { headers: { Cookie: cookie } });
      const response = await loginLoader(routeArgs(request)).then(
        () => null,
        (thrown: unknown) => thrown as Response,
      );
      expect(response?.headers.get("Location"), hostile).toBe("/");
    }
  });
});
