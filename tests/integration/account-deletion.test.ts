import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountTexts, DELETED_ACCOUNT_LABEL } from "~/lib/account";
import { adminUserTexts, deletedEmailFor } from "~/lib/admin-users";
import { getCharacterInfo } from "~/modules/admin/characters.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { localDiskDriver, type StorageDriver } from "~/modules/storage/drivers.server";
import { contentTypeForPath } from "~/modules/storage/paths";
import { removeScheduledFiles } from "~/modules/storage/removals.server";
import { getObject, signedUrl, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { action as adminDeleteAction } from "~/routes/admin/users.$id.delete";
import { action as deleteAction, loader as deleteLoader } from "~/routes/dashboard/settings.delete";
import { action as subscriptionAction } from "~/routes/dashboard/subscription";
import type { FakeStripe } from "../fakes/stripe-server";
import { ledgerMismatches, personWithEverything, rowsOf, storedFilesOf } from "../helpers/account-data";
import { confirmedAccount } from "../helpers/accounts";
import { postForm, signedInAccount } from "../helpers/admin-users";
import { callRoute, checkoutSessionIdOf, paymentsWithFakeStripe, postWebhook, signedInCookie } from "../helpers/payments";
import { statusOfStoredLink } from "../helpers/stored-links";
import { person } from "../helpers/person";

let payments: Awaited<ReturnType<typeof paymentsWithFakeStripe>>;
let fake: FakeStripe;
let characterId: string;
beforeAll(async () => {
  payments = await paymentsWithFakeStripe();
  fake = payments.fake;
  characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true, createdById: null } })).id;
});
afterAll(() => payments.stop());

const PASSWORD = "correct horse";
const DELETE_PAGE = "http://localhost/dashboard/settings/delete";
const deleteOwn = (cookie: string, confirmation: string) => callRoute(deleteAction, DELETE_PAGE, cookie, { intent: "delete-account", confirmation });

const none = {
  chats: 0,
  messages: 0,
  agents: 0,
  uploads: 0,
  media: 0,
  jobs: 0,
  favorites: 0,
  privateCharacters: 0,
  tickets: 0,
  ticketReplies: 0,
  loginSessions: 0,
  googleLinks: 0,
};

describe("deleting one's own account from Settings", () => {
  test("removes every row and stored file of theirs, kills their saved links, signs them out everywhere and keeps the ledger balanced", async () => {
    const ada = await personWithEverything("ada.delete@example.com", PASSWORD, characterId);
    const bob = await personWithEverything("bob.stays@example.com", PASSWORD, characterId);
    const savedLinks = [signedUrl("gallery", ada.picture), signedUrl("gallery", ada.thumbnail), ada.attachment.url, ada.upload.url];
    for (const link of savedLinks) expect(await statusOfStoredLink(link)).toBe(200);
    const before = await storedFilesOf(ada.userId, [ada.privateId, ada.publishedId]);
    expect(before.length).toBeGreaterThanOrEqual(8);
    const bobsBefore = { rows: await rowsOf(bob.userId), files: await storedFilesOf(bob.userId, [bob.privateId, bob.publishedId]) };

    expect(await callRoute(deleteLoader, DELETE_PAGE, ada.cookies[0]!)).toMatchObject({ email: "ada.delete@example.com", hasPassword: true, isAdmin: false });
    const answer = (await deleteOwn(ada.cookies[0]!, PASSWORD)) as Response;
    expect(answer).toRedirectTo("/", { toast: "account-deleted" });
    expect(answer.headers.get("set-cookie")).toMatch(/^cv_session=;.*Max-Age=0/);

    expect(await rowsOf(ada.userId)).toEqual(none);
    expect(await prisma().user.findUniqueOrThrow({ where: { id: ada.userId } })).toMatchObject({
      email: deletedEmailFor(ada.userId),
      name: null,
      avatarUrl: null,
      passwordHash: null,
      status: "inactive",
    });
    // Every device is signed out.
    for (const cookie of ada.cookies) expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
    // Their files are gone, but for the published character's picture, still shown in the catalogue.
    expect(await storedFilesOf(ada.userId, [ada.privateId, ada.publishedId])).toEqual([`avatars/${ada.userId}/card.webp`]);
    for (const link of savedLinks) expect(await statusOfStoredLink(link)).toBe(404);
    expect(await statusOfStoredLink(ada.importedAvatar)).toBe(200);
    expect(await prisma().fileRemoval.count()).toBe(0);

    // The ledger and payments stay with the tombstone, and every account's figures still add up.
    expect(await prisma().tokenTransaction.count({ where: { userId: ada.userId } })).toBeGreaterThan(0);
    expect(await ledgerMismatches()).toEqual([]);

    // The published character stays, credited to a deleted account, its held edits dropped.
    const published = await prisma().character.findUniqueOrThrow({ where: { id: ada.publishedId } });
    expect(published).toMatchObject({ isPublished: true, createdById: ada.userId, pendingChanges: null, review: "none" });
    expect((await getCharacterInfo(ada.publishedId)).createdBy).toBe(DELETED_ACCOUNT_LABEL);

    // Bob's data is untouched, and the address can sign up afresh.
    expect({ rows: await rowsOf(bob.userId), files: await storedFilesOf(bob.userId, [bob.privateId, bob.publishedId]) }).toEqual(bobsBefore);
    expect(await prisma().user.findUnique({ where: { email: "ada.delete@example.com" } })).toBeNull();
  });

  test("a wrong or missing password deletes nothing and says so beside the field", async () => {
    const person = await confirmedAccount("wrong.password@example.com", PASSWORD);
    const cookie = await signedInCookie(person.id);
    expect(await deleteOwn(cookie, "not it")).toMatchObject({
      init: { status: 400 },
      data: { error: accountTexts.passwordWrong, fields: { confirmation: accountTexts.passwordWrong } },
    });
    expect(await deleteOwn(cookie, "")).toMatchObject({ init: { status: 400 }, data: { fields: { confirmation: accountTexts.passwordRequired } } });
    expect(await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ email: "wrong.password@example.com", status: "active" });
  });

  test("wrong passwords count under the sign-in limit: the eleventh attempt is refused unchecked, even with the right password", async () => {
    const person = await confirmedAccount("guesser@example.com", PASSWORD);
    const cookie = await signedInCookie(person.id);
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await deleteOwn(cookie, `guess ${attempt}`)).toMatchObject({ init: { status: 400 } });
    expect(await deleteOwn(cookie, PASSWORD)).toMatchObject({ init: { status: 429 }, data: { error: expect.stringContaining("Too many wrong passwords") } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).status).toBe("active");
  });

  test("an account without a password (Google sign-in) confirms by typing its e-mail address", async () => {
    const googleOnly = await person({ email: "google.only@example.com" });
    const cookie = await signedInCookie(googleOnly.id);
    expect(await callRoute(deleteLoader, DELETE_PAGE, cookie)).toMatchObject({ hasPassword: false });
    expect(await deleteOwn(cookie, "someone@example.com")).toMatchObject({ init: { status: 400 }, data: { error: accountTexts.emailMismatch } });
    expect(((await deleteOwn(cookie, " Google.Only@example.com ")) as Response).headers.get("location")).toBe("/?toast=account-deleted");
    expect((await prisma().user.findUniqueOrThrow({ where: { id: googleOnly.id } })).email).toBe(deletedEmailFor(googleOnly.id));
  });

  test("the same deletion sent twice at once succeeds once; the other is told the account is already deleted", async () => {
    const erin = await personWithEverything("erin.twice@example.com", PASSWORD, characterId);
    const answers = await Promise.all(erin.cookies.map((cookie) => deleteOwn(cookie, PASSWORD)));
    const statuses = answers.map((answer) => (answer instanceof Response ? answer.status : (answer as { init: { status: number } }).init.status));
    expect(statuses.sort()).toEqual([302, 400]);
    expect(answers.find((answer) => !(answer instanceof Response))).toMatchObject({ data: { error: adminUserTexts.deletedAccount } });
    expect(await rowsOf(erin.userId)).toEqual(none);
    expect(await ledgerMismatches()).toEqual([]);
  });

  test("an admin cannot delete their own account from Settings", async () => {
    const { user, cookie } = await signedInAccount("admin.self@example.com", "admin", PASSWORD);
    expect(await callRoute(deleteLoader, DELETE_PAGE, cookie)).toMatchObject({ isAdmin: true });
    expect(await deleteOwn(cookie, PASSWORD)).toMatchObject({ init: { status: 400 }, data: { error: accountTexts.adminAccount } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("admin.self@example.com");
  });

  test("a crash after the rows are gone leaves no row naming a missing file; the sweep removes the files later", async () => {
    const carol = await personWithEverything("carol.crash@example.com", PASSWORD, characterId);
    const link = signedUrl("gallery", carol.picture);
    const disk = localDiskDriver(path.join(env().DATA_DIR, "storage"), contentTypeForPath);
    // Storage refuses every removal, as if the process died right after the transaction committed.
    const failing: StorageDriver = { ...disk, remove: () => Promise.reject(new Error("storage unreachable")) };
    useStorageDriverForTests(failing);
    try {
      expect(((await deleteOwn(carol.cookies[0]!, PASSWORD)) as Response).status).toBe(302);
    } finally {
      useStorageDriverForTests(undefined);
    }
    expect(await rowsOf(carol.userId)).toEqual(none);
    expect(await prisma().fileRemoval.count()).toBeGreaterThan(0);
    expect(await getObject("gallery", carol.picture)).not.toBeNull();

    expect(await removeScheduledFiles()).toBeGreaterThan(0);
    expect(await prisma().fileRemoval.count()).toBe(0);
    expect(await storedFilesOf(carol.userId, [carol.privateId])).toEqual([`avatars/${carol.userId}/card.webp`]);
    expect(await statusOfStoredLink(link)).toBe(404);
  });
});

describe("deleting an account from the admin console", () => {
  test("removes the person's data as Settings does and cancels a live subscription at Stripe", async () => {
    const { cookie } = await signedInAccount("root.admin@example.com");
    const dan = await personWithEverything("dan.subscriber@example.com", PASSWORD, characterId);
    const plan = await prisma().plan.findFirstOrThrow({ where: { name: "Pro" } });
    const checkout = (await callRoute(subscriptionAction, "http://localhost/dashboard/subscription", dan.cookies[0]!, {
      intent: "subscribe",
      planId: plan.id,
    })) as Response;
    const { session, events } = await fake.completeSession(checkoutSessionIdOf(checkout), { deliver: false });
    for (const event of events) await postWebhook(event, fake.webhookSecret);
    const subscriptionId = session.subscription as string;
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId: dan.userId } })).status).toBe("active");
    const picture = signedUrl("gallery", dan.picture);

    const answer = await postForm(adminDeleteAction, `/admin/users/${dan.userId}/delete`, cookie, { intent: "delete" }, { id: dan.userId });
    expect(answer).toEqual({ status: 302, location: "/admin/users?toast=user-deleted" });

    expect(fake.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect((await prisma().subscription.findUniqueOrThrow({ where: { userId: dan.userId } })).status).toBe("canceled");
    expect(await rowsOf(dan.userId)).toEqual(none);
    expect(await storedFilesOf(dan.userId, [dan.privateId])).toEqual([`avatars/${dan.userId}/card.webp`]);
    expect(await statusOfStoredLink(picture)).toBe(404);
    expect(await prisma().payment.count({ where: { userId: dan.userId } })).toBe(1);
    expect(await prisma().planTokenGrant.count({ where: { userId: dan.userId } })).toBe(1);
    expect(await ledgerMismatches()).toEqual([]);
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { action: "delete", entityId: dan.userId } });
    expect(JSON.stringify(audit)).not.toContain("dan.subscriber");

    // A second delete finds the account already deleted.
    const again = await postForm(adminDeleteAction, `/admin/users/${dan.userId}/delete`, cookie, { intent: "delete" }, { id: dan.userId });
    expect(again).toMatchObject({ status: 400, data: { error: adminUserTexts.deletedAccount } });
  });
});
