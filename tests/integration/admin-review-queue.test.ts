// Admins are told what waits for review: the console's menu and dashboard count it, and each
// character entering the queue is mailed to SUPPORT_EMAIL, or to every active admin without it.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { approveSubmission, saveOwnerEdits, submitForReview } from "~/modules/catalogue/submissions.server";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { resetMailerForTests } from "~/modules/mail/mailer.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as createAction } from "~/routes/create/index";
import { confirmedAccount } from "../helpers/accounts";
import { load, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();
beforeEach(() => {
  invalidateCatalogueCache();
  clearOutbox();
});
afterEach(() => {
  delete process.env.SUPPORT_EMAIL;
  delete process.env.SMTP_URL;
  resetEnvForTests();
  resetMailerForTests();
});

function useEnv(variables: Record<string, string>) {
  Object.assign(process.env, variables);
  resetEnvForTests();
  resetMailerForTests();
}

/** A character someone made: private, as /create saves it. */
const madeBy = (ownerId: string, name = "Moss the Gardener") =>
  prisma().character.create({ data: { name, description: "A patient gardener.", welcomeMessage: "Hello there.", createdById: ownerId } });

/** A character of the owner's that an admin has published. */
async function publishedBy(ownerId: string, admin: { id: string; email: string }, name: string) {
  const character = await madeBy(ownerId, name);
  await submitForReview(ownerId, character.id);
  await approveSubmission(admin, character.id);
  return character;
}

const waitingOnDashboard = async (cookie: string) => ((await load(dashboardLoader, "/admin", cookie)).data as { waitingForReview: number }).waitingForReview;
const waitingInMenu = async (cookie: string) => ((await load(layoutLoader, "/admin/users", cookie)).data as { waitingForReview: number }).waitingForReview;

describe("the console counts what waits for review", () => {
  test("new characters and edits to published ones waiting are counted on the dashboard and in the menu; private, declined and decided ones are not", async () => {
    const admin = await signedInAdmin();
    const owner = await confirmedAccount("owner@example.com");
    expect([await waitingOnDashboard(admin.cookie), await waitingInMenu(admin.cookie)]).toEqual([0, 0]);

    const waitingNew = await madeBy(owner.id, "Waiting New");
    await submitForReview(owner.id, waitingNew.id);
    const edited = await publishedBy(owner.id, admin, "Edited Published");
    await saveOwnerEdits(owner.id, edited.id, { description: "New words" });
    await madeBy(owner.id, "Still Private");
    const declined = await madeBy(owner.id, "Declined One");
    await prisma().character.update({ where: { id: declined.id }, data: { review: "declined", reviewNote: "No" } });

    expect([await waitingOnDashboard(admin.cookie), await waitingInMenu(admin.cookie)]).toEqual([2, 2]);
    await approveSubmission(admin, waitingNew.id);
    expect([await waitingOnDashboard(admin.cookie), await waitingInMenu(admin.cookie)]).toEqual([1, 1]);
  });

  test("a person who is not an admin is sent away from the count", async () => {
    const person = await confirmedAccount("person@example.com");
    expect(await load(layoutLoader, "/admin", await signedInCookie(person.id))).toRedirectTo("/");
  });
});

describe("a character entering the queue is mailed to the staff", () => {
  test("without SUPPORT_EMAIL, to every active admin, with a link to its review; its name travels as text", async () => {
    await signedInAdmin("root@example.com");
    await signedInAdmin("second@example.com");
    const gone = await signedInAdmin("gone@example.com");
    await prisma().user.update({ where: { id: gone.id }, data: { status: "inactive" } });
    const owner = await confirmedAccount("owner@example.com");
    const character = await madeBy(owner.id, "Moss <b>the</b> Gardener");

    // Through /create's Submit for review, as the owner does it.
    expect(
      await post(createAction, "/create", await signedInCookie(owner.id), [
        ["intent", "submit"],
        ["characterId", character.id],
      ]),
    ).toRedirectTo("/create", { toast: "character-submitted" });

    const mails = outboxMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["root@example.com, second@example.com", "Character waiting for review: Moss <b>the</b> Gardener"],
    ]);
    expect(mails[0]!.text).toContain('owner@example.com submitted a new character, "Moss <b>the</b> Gardener"');
    expect(mails[0]!.text).toContain(`http://localhost:3000/admin/characters/${character.id}/review?published=submitted`);
    expect(mails[0]!.html).toContain("Moss &lt;b&gt;the&lt;/b&gt; Gardener");
    expect(mails[0]!.html).not.toContain("<b>the</b>");
  });

  test("with SUPPORT_EMAIL, to its addresses instead of the admins", async () => {
    useEnv({ SUPPORT_EMAIL: "help@example.com, desk@example.com" });
    await signedInAdmin();
    const owner = await confirmedAccount("owner@example.com");
    await submitForReview(owner.id, (await madeBy(owner.id)).id);
    expect(outboxMails().map((mail) => mail.to)).toEqual(["help@example.com, desk@example.com"]);
  });

  test("an owner's edit of a published character is mailed when it goes back to review, once while it waits", async () => {
    useEnv({ SUPPORT_EMAIL: "help@example.com" });
    const admin = await signedInAdmin();
    const owner = await confirmedAccount("owner@example.com");
    const character = await publishedBy(owner.id, admin, "Moss the Gardener");
    clearOutbox();

    await saveOwnerEdits(owner.id, character.id, { name: "Moss, Head Gardener" });
    await saveOwnerEdits(owner.id, character.id, { name: "Moss, Head Gardener", description: "Fixed a typo" });
    const mails = outboxMails().filter((mail) => mail.to === "help@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual(["Edits waiting for review: Moss, Head Gardener"]);
    expect(mails[0]!.text).toContain('owner@example.com changed "Moss, Head Gardener", a published character.');
    expect(mails[0]!.text).toContain(`/admin/characters/${character.id}/review?published=submitted`);

    // Approved, then edited again: it enters the queue again, and the staff hear of it again.
    await approveSubmission(admin, character.id);
    await saveOwnerEdits(owner.id, character.id, { description: "Another change" });
    expect(outboxMails().filter((mail) => mail.to === "help@example.com")).toHaveLength(2);
  });

  test("a private character's edits are not mailed: nothing waits", async () => {
    await signedInAdmin();
    const owner = await confirmedAccount("owner@example.com");
    await saveOwnerEdits(owner.id, (await madeBy(owner.id)).id, { name: "Renamed" });
    expect(outboxMails()).toEqual([]);
  });

  test("a mail that cannot be sent does not fail the submission", async () => {
    // Nothing listens on port 1: the SMTP connection is refused.
    useEnv({ SMTP_URL: "smtp://127.0.0.1:1", SUPPORT_EMAIL: "help@example.com" });
    const owner = await confirmedAccount("owner@example.com");
    const admin = await signedInAdmin();
    const character = await madeBy(owner.id);
    await expect(submitForReview(owner.id, character.id)).resolves.toBeUndefined();
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).review).toBe("submitted");
    expect(await waitingOnDashboard(admin.cookie)).toBe(1);
  });
});
