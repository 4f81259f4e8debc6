import { beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { SIGN_IN_FAILURES } from "~/modules/security/rate-limit.server";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { confirmedAccount, signInAnswer } from "../helpers/accounts";

const EMAIL = "ada@example.com";
const PASSWORD = "lovelace1";
const GUESSES = 30;

databaseEmptiedBeforeEachTest();
beforeEach(() => confirmedAccount(EMAIL, PASSWORD));

const signIn = (email: string, password: string, clientIp: string) =>
  signInAnswer(new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }) }), clientIp);

/** How many answers said "wrong password" (the password was checked) and how many "too many attempts". */
function tally(results: Awaited<ReturnType<typeof signIn>>[]) {
  const errors = results.map((result) => (result.ok ? "signed in" : result.error));
  return {
    wrongPassword: errors.filter((error) => error === authTexts.invalidCredentials).length,
    tooMany: errors.filter((error) => /^Too many sign-in attempts\./.test(error)).length,
  };
}

describe("the sign-in limit under parallel guesses", () => {
  it(`${GUESSES} parallel wrong guesses at one account from many addresses get at most ${SIGN_IN_FAILURES.limit} password checks`, async () => {
    const guesses = Array.from({ length: GUESSES }, (_, index) => signIn(EMAIL, `wrong-${index}`, `10.5.0.${index + 1}`));
    expect(tally(await Promise.all(guesses))).toEqual({ wrongPassword: SIGN_IN_FAILURES.limit, tooMany: GUESSES - SIGN_IN_FAILURES.limit });

    expect(await signIn(EMAIL, PASSWORD, "10.5.1.1")).toMatchObject({ ok: false, status: 429 });
  });

  it(`${GUESSES} parallel wrong guesses from one address at many accounts get at most ${SIGN_IN_FAILURES.limit} password checks`, async () => {
    const guesses = Array.from({ length: GUESSES }, (_, index) => signIn(`ghost${index}@example.com`, "wrong-password", "10.5.2.1"));
    expect(tally(await Promise.all(guesses))).toEqual({ wrongPassword: SIGN_IN_FAILURES.limit, tooMany: GUESSES - SIGN_IN_FAILURES.limit });

    expect(await signIn(EMAIL, PASSWORD, "10.5.2.1")).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(EMAIL, PASSWORD, "10.5.2.2")).toMatchObject({ ok: true });
  });

  it("successful sign-ins do not use up the address's allowance", async () => {
    for (let attempt = 1; attempt <= SIGN_IN_FAILURES.limit + 1; attempt += 1) {
      expect(await signIn(EMAIL, PASSWORD, "10.5.3.1"), `sign-in ${attempt}`).toMatchObject({ ok: true });
    }
    for (let attempt = 1; attempt < SIGN_IN_FAILURES.limit; attempt += 1) await signIn(EMAIL, "wrong-password", "10.5.3.1");
    // Nine failures: the tenth attempt is still checked, and being right it signs in.
    expect(await signIn(EMAIL, PASSWORD, "10.5.3.1")).toMatchObject({ ok: true });
  });
});
