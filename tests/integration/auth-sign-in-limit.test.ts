import { beforeEach, describe, expect, it, vi } from "vitest";
import { authTexts } from "~/lib/auth-forms";
import { SIGN_IN_ACCOUNT_FAILURES, SIGN_IN_FAILURES } from "~/modules/security/rate-limit.server";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { confirmedAccount, signInAnswer } from "../helpers/accounts";

const EMAIL = "ada@example.com";
const PASSWORD = "lovelace1";
const GUESSES = 30;

// Each test checks twenty to thirty passwords at the real scrypt cost (about 0.4 s each on an idle
// core, several seconds on a loaded one), so a test gets more than the suite's 60 s.
vi.setConfig({ testTimeout: 240_000 });

databaseEmptiedBeforeEachTest();
beforeEach(() => confirmedAccount(EMAIL, PASSWORD));

const signIn = (email: string, password: string, clientIp: string, cookie?: string) =>
  signInAnswer(
    new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }), headers: cookie ? { cookie } : {} }),
    clientIp,
  );

/** The Cookie header of a browser that signed in as EMAIL before (its known-device cookie). */
async function knownDevice(clientIp: string) {
  const answer = await signIn(EMAIL, PASSWORD, clientIp);
  if (!answer.ok) throw new Error(`the first sign-in failed: ${answer.error}`);
  return answer.deviceCookie.split(";")[0];
}

async function wrongGuesses(count: number, clientIp: (index: number) => string) {
  for (let index = 0; index < count; index += 1) await signIn(EMAIL, `wrong-${index}`, clientIp(index));
}

/** How many answers said "wrong password" (the password was checked) and how many "too many attempts". */
function tally(results: Awaited<ReturnType<typeof signIn>>[]) {
  const errors = results.map((result) => (result.ok ? "signed in" : result.error));
  return {
    wrongPassword: errors.filter((error) => error === authTexts.invalidCredentials).length,
    tooMany: errors.filter((error) => /^Too many sign-in attempts\./.test(error)).length,
  };
}

describe("the sign-in limit under parallel guesses", () => {
  it(`parallel wrong guesses at one account from many addresses get at most ${SIGN_IN_ACCOUNT_FAILURES.limit} password checks; a known device still signs in`, async () => {
    const device = await knownDevice("10.5.9.9");
    const count = SIGN_IN_ACCOUNT_FAILURES.limit + 10;
    const guesses = Array.from({ length: count }, (_, index) => signIn(EMAIL, `wrong-${index}`, `10.5.0.${index + 1}`));
    expect(tally(await Promise.all(guesses))).toEqual({ wrongPassword: SIGN_IN_ACCOUNT_FAILURES.limit, tooMany: 10 });

    expect(await signIn(EMAIL, PASSWORD, "10.5.1.1")).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(EMAIL, PASSWORD, "10.5.1.1", device)).toMatchObject({ ok: true });
    // Fifty password hashes: slow on a busy two-core machine.
  }, 180_000);

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

describe("no lockout: guesses at an account do not lock its owner out", () => {
  it(`${SIGN_IN_FAILURES.limit} wrong passwords from one address do not stop the right password from another address`, async () => {
    await wrongGuesses(SIGN_IN_FAILURES.limit, () => "10.6.0.1");

    expect(await signIn(EMAIL, PASSWORD, "10.6.0.2")).toMatchObject({ ok: true });
  });

  it("the guesser's address is still limited, for this account and for others", async () => {
    await confirmedAccount("grace@example.com", "hopper123");
    await wrongGuesses(SIGN_IN_FAILURES.limit, () => "10.6.1.1");

    expect(await signIn(EMAIL, PASSWORD, "10.6.1.1")).toMatchObject({ ok: false, status: 429 });
    expect(await signIn("grace@example.com", "hopper123", "10.6.1.1")).toMatchObject({ ok: false, status: 429 });
  });

  it("a browser that signed in before signs in after the guesses, even from the guesser's address", async () => {
    const device = await knownDevice("10.6.2.1");
    await wrongGuesses(SIGN_IN_FAILURES.limit, () => "10.6.2.1");

    expect(await signIn(EMAIL, PASSWORD, "10.6.2.1")).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(EMAIL, PASSWORD, "10.6.2.1", device)).toMatchObject({ ok: true });
  });

  it("a known device is known for its own account only, and a forged or altered cookie counts for nothing", async () => {
    await confirmedAccount("grace@example.com", "hopper123");
    const device = await knownDevice("10.6.3.1");
    const [name, value] = device.split("=");
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    await wrongGuesses(SIGN_IN_FAILURES.limit, () => "10.6.3.2");
    for (let index = 0; index < SIGN_IN_FAILURES.limit; index += 1) await signIn("grace@example.com", `wrong-${index}`, "10.6.3.3", device);

    expect(await signIn("grace@example.com", "hopper123", "10.6.3.3", device)).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(EMAIL, PASSWORD, "10.6.3.2", altered)).toMatchObject({ ok: false, status: 429 });
    expect(await signIn(EMAIL, PASSWORD, "10.6.3.2", device)).toMatchObject({ ok: true });
  });

  it("a known device's own wrong guesses are limited too", async () => {
    const device = await knownDevice("10.6.4.1");
    for (let index = 0; index < SIGN_IN_FAILURES.limit; index += 1) await signIn(EMAIL, `wrong-${index}`, `10.6.4.${index + 2}`, device);

    expect(await signIn(EMAIL, PASSWORD, "10.6.4.99", device)).toMatchObject({ ok: false, status: 429 });
  });
});
