import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consumeLink, issueLink, liveLinkUser } from "~/modules/auth/links.server";
import { openDatabase, type Database } from "~/modules/db/database.server";
import { prisma, useDatabaseForTests } from "~/modules/db/db.server";
import { action as resetPasswordAction } from "~/routes/reset-password";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { answerOf, routeArgs } from "../helpers/route-args";
import { confirmedAccount } from "../helpers/accounts";
import { person } from "../helpers/person";

let test: TestDatabase;
let zoned: Database | undefined;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await zoned?.close();
  await test.dispose();
});
beforeEach(async () => {
  await truncateAll(test.database);
});

/**
 * Makes the app's database sessions use `timeZone`, as on a server whose TimeZone is not UTC:
 * PGlite has one session, which SET changes; on PostgreSQL the database's default changes and a
 * new pool picks it up.
 */
async function serverTimeZone(timeZone: string) {
  if (!test.url) {
    await test.database.prisma.$executeRawUnsafe(`SET TIME ZONE '${timeZone}'`);
  } else {
    await test.database.prisma.$executeRawUnsafe(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET TimeZone = %L', current_database(), '${timeZone}'); END $$`,
    );
    await zoned?.close();
    zoned = openDatabase({ kind: "postgres", url: test.url, poolSize: 2 });
    useDatabaseForTests(zoned);
  }
  const [{ TimeZone }] = await prisma().$queryRawUnsafe<{ TimeZone: string }[]>("SHOW TimeZone");
  expect(TimeZone).toBe(timeZone);
}

const account = () => confirmedAccount();

function setNewPassword(token: string) {
  const body = new URLSearchParams({ token, password: "analytical engine", confirmPassword: "analytical engine" });
  const request = new Request(`http://localhost/reset-password?token=${token}`, { method: "POST", body });
  return answerOf(() => resetPasswordAction(routeArgs(request))).then((answer) => answer.status);
}

describe("e-mail links on a database whose time zone is not UTC", () => {
  it("east of UTC, a fresh one-hour reset link works and is marked used at the real time", async () => {
    await serverTimeZone("Asia/Tokyo");
    const user = await account();
    const token = await issueLink(user.id, "password_reset");

    const before = Date.now();
    expect(await setNewPassword(token)).toBe(302);
    const { usedAt } = await prisma().verificationToken.findFirstOrThrow({ where: { userId: user.id } });
    // A few seconds of slack for the database clock; a time-zone slip would be hours off.
    expect(Math.abs(usedAt!.getTime() - before)).toBeLessThan(5_000);
  });

  it("west of UTC, a link that expired an hour ago is refused", async () => {
    await serverTimeZone("America/Los_Angeles");
    const user = await account();
    const token = await issueLink(user.id, "password_reset");
    await prisma().verificationToken.updateMany({ data: { expiresAt: new Date(Date.now() - 60 * 60 * 1000) } });

    expect(await consumeLink(token, "password_reset")).toBeNull();
    expect(await setNewPassword(token)).toBe(400);
  });

  it("on either side of UTC, a fresh confirmation link shows its account and one expired an hour ago does not", async () => {
    for (const zone of ["Asia/Tokyo", "America/Los_Angeles"]) {
      await serverTimeZone(zone);
      const user = await person({ email: `pending.${zone.replace("/", ".")}@example.com`, name: "pending", status: "pending", confirmed: false });
      const expired = await issueLink(user.id, "email_verification");
      await prisma().verificationToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 60 * 60 * 1000) } });
      const fresh = await issueLink(user.id, "email_verification");

      expect(await liveLinkUser(fresh, "email_verification")).toBe(user.id);
      expect(await liveLinkUser(expired, "email_verification")).toBeNull();
    }
  });
});
