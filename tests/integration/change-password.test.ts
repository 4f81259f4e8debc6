import { describe, expect, test } from "vitest";
import { accountTexts } from "~/lib/account";
import { authTexts } from "~/lib/auth-forms";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { issueLink } from "~/modules/auth/links.server";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { prisma } from "~/modules/db/db.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/dashboard/settings";
import { confirmedAccount, signInWith } from "../helpers/accounts";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { callRoute, signedInCookie } from "../helpers/payments";
import { person } from "../helpers/person";

databaseEmptiedBeforeEachTest();

const SETTINGS = "http://localhost/dashboard/settings";
const change = (cookie: string, fields: Record<string, string>) => callRoute(settingsAction, SETTINGS, cookie, { intent: "change-password", ...fields });
const signIn = (email: string, password: string) => signInWith(email, password, "10.0.0.9");
const signedIn = async (cookie: string) => (await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))) !== null;

describe("Change password in Settings", () => {
  test("with the current password, sets the new one, signs out the other devices and keeps this one", async () => {
    const ada = await confirmedAccount("ada@example.com", "lovelace1");
    const here = await signedInCookie(ada.id);
    const elsewhere = await signedInCookie(ada.id);
    const resetLink = await issueLink(ada.id, "password_reset");

    const answer = (await change(here, { currentPassword: "lovelace1", newPassword: "analytical engine", confirmPassword: "analytical engine" })) as Response;
    expect(answer).toRedirectTo("/dashboard/settings", { toast: "password-changed" });

    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signIn("ada@example.com", "lovelace1")).toMatchObject({ ok: false, error: authTexts.invalidCredentials });
    expect(await signIn("ada@example.com", "analytical engine")).toMatchObject({ ok: true });
    // A reset link mailed before no longer sets a password.
    expect(await resetPassword(resetLink, "someone else's")).toEqual({ ok: false, reason: "invalid-link" });
  });

  test("a wrong current password, a short new one or a mismatched confirmation is refused beside its field, changing nothing", async () => {
    const ada = await confirmedAccount("ada@example.com", "lovelace1");
    const cookie = await signedInCookie(ada.id);
    const before = (await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).passwordHash;
    const cases: [Record<string, string>, string, string][] = [
      [{ currentPassword: "wrong one", newPassword: "analytical", confirmPassword: "analytical" }, "currentPassword", accountTexts.currentPasswordWrong],
      [{ currentPassword: "", newPassword: "analytical", confirmPassword: "analytical" }, "currentPassword", accountTexts.currentPasswordRequired],
      [{ currentPassword: "lovelace1", newPassword: "short", confirmPassword: "short" }, "newPassword", authTexts.passwordTooShort],
      [{ currentPassword: "lovelace1", newPassword: "analytical", confirmPassword: "analytic" }, "confirmPassword", authTexts.passwordsDiffer],
      [{ currentPassword: "lovelace1", newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) }, "newPassword", authTexts.passwordTooLong],
    ];
    for (const [fields, field, text] of cases) {
      expect(await change(cookie, fields), field).toMatchObject({ init: { status: 400 }, data: { intent: "password", fields: { [field]: text } } });
    }
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).passwordHash).toBe(before);
  });

  test("wrong current passwords count under the sign-in limit: after ten, even the right one is refused for a while", async () => {
    const ada = await confirmedAccount("ada@example.com", "lovelace1");
    const cookie = await signedInCookie(ada.id);
    const attempt = (currentPassword: string) => change(cookie, { currentPassword, newPassword: "analytical", confirmPassword: "analytical" });
    for (let guess = 0; guess < 10; guess += 1) expect(await attempt(`guess ${guess}`)).toMatchObject({ init: { status: 400 } });
    expect(await attempt("lovelace1")).toMatchObject({ init: { status: 429 }, data: { error: expect.stringContaining("Too many wrong passwords") } });
    expect(await signIn("ada@example.com", "lovelace1")).toMatchObject({ ok: true });
  });

  test("an account without a password (Google sign-in) is pointed to Forgot password instead", async () => {
    const googleOnly = await person({ email: "google@example.com" });
    const cookie = await signedInCookie(googleOnly.id);
    expect(await callRoute(settingsLoader, SETTINGS, cookie)).toMatchObject({ hasPassword: false });
    expect(await change(cookie, { currentPassword: "anything", newPassword: "analytical", confirmPassword: "analytical" })).toMatchObject({
      init: { status: 400 },
      data: { error: accountTexts.noPassword },
    });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: googleOnly.id } })).passwordHash).toBeNull();
  });
});
