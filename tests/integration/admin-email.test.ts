import { afterEach, describe, expect, it } from "vitest";
import { signUp } from "~/modules/auth/accounts.server";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { confirmedAccount } from "../helpers/accounts";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

const test = databaseEmptiedBeforeEachTest();

function adminEmail(email: string | undefined) {
  if (email === undefined) delete process.env.ADMIN_EMAIL;
  else process.env.ADMIN_EMAIL = email;
  resetEnvForTests();
}
afterEach(() => adminEmail(undefined));

const roleOf = async (email: string) => (await test.database.prisma.user.findUniqueOrThrow({ where: { email } })).role;

describe("ADMIN_EMAIL", () => {
  it("makes an account that signed up before it was set an admin when the server starts, and nobody else", async () => {
    await confirmedAccount("boss@example.com");
    await confirmedAccount("staff@example.com");
    adminEmail("Boss@Example.com");

    await prepareDatabase(test.database, { seed: false });

    expect(await roleOf("boss@example.com")).toBe("admin");
    expect(await roleOf("staff@example.com")).toBe("user");
  });

  it("makes the account it names an admin at sign-up, and nobody else", async () => {
    adminEmail("boss@example.com");
    await (
      await signUp("boss@example.com", "first-password")
    ).delivery;
    await (
      await signUp("staff@example.com", "first-password")
    ).delivery;

    expect(await roleOf("boss@example.com")).toBe("admin");
    expect(await roleOf("staff@example.com")).toBe("user");
  });

  it("without it, starting the server promotes nobody", async () => {
    await confirmedAccount("boss@example.com");
    await prepareDatabase(test.database, { seed: false });
    expect(await roleOf("boss@example.com")).toBe("user");
  });
});
