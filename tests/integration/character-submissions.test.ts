import { beforeEach, describe, expect, test } from "vitest";
import {
  approveSubmission,
  declineSubmission,
  listSubmissions,
  saveOwnerEdits,
  submissionTexts,
  submitForReview,
  visibleCharacter,
} from "~/modules/catalogue/submissions.server";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { searchCharacters } from "~/modules/catalogue/characters.server";
import { ChatNotFoundError } from "~/modules/chat/errors.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "../helpers/accounts";
import { auditRows, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, mailsTo } from "../helpers/outbox";

databaseEmptiedBeforeEachTest();
beforeEach(() => {
  invalidateCatalogueCache();
  clearOutbox();
});

/** A character someone made: private, as /create saves it. */
async function ownCharacter(ownerId: string, name = "Moss the Gardener") {
  return prisma().character.create({
    data: { name, description: "A patient gardener who talks about soil.", welcomeMessage: "Hello there.", createdById: ownerId },
  });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; message?: string }) => ({ status: error.status, message: error.message }),
  );

describe("a character someone made is private until approved", () => {
  test("its owner sees it and can chat with it; another person, search and anonymous visitors cannot", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const other = await confirmedAccount("other@example.com");
    const character = await ownCharacter(owner.id);

    expect((await visibleCharacter(owner.id, character.id))?.name).toBe("Moss the Gardener");
    expect(await visibleCharacter(other.id, character.id)).toBeNull();
    expect(await visibleCharacter(null, character.id)).toBeNull();
    expect((await searchCharacters({ query: "Moss" })).totalCount).toBe(0);

    expect(await startChat(owner.id, character.id)).toMatch(/^[0-9a-f-]{36}$/);
    await expect(startChat(other.id, character.id)).rejects.toBeInstanceOf(ChatNotFoundError);
  });
});

describe("submit, approve, decline", () => {
  test("submitted → approved: published, in search, the owner mailed, the approval audited", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const admin = await signedInAdmin();
    const character = await ownCharacter(owner.id);

    await submitForReview(owner.id, character.id);
    expect(await refusal(submitForReview(owner.id, character.id))).toEqual({ status: 400, message: submissionTexts.alreadySubmitted });
    const waiting = await listSubmissions();
    expect(waiting.total).toBe(1);
    expect(waiting.submissions[0]).toMatchObject({ id: character.id, hasPendingEdits: false, createdBy: { email: "owner@example.com" } });

    await approveSubmission(admin, character.id);
    const stored = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    expect(stored).toMatchObject({ isPublished: true, review: "none", reviewNote: null });
    expect((await searchCharacters({ query: "Moss" })).totalCount).toBe(1);
    expect(await visibleCharacter(null, character.id)).not.toBeNull();
    expect((await listSubmissions()).total).toBe(0);

    const [mail] = mailsTo("owner@example.com");
    expect(mail).toMatchObject({ to: "owner@example.com", subject: '"Moss the Gardener" is published on CharacterVerse' });
    expect(mail!.text).toContain(`/explore?character=${character.id}`);
    expect((await auditRows()).map((row) => [row.action, row.entityType, row.entityId])).toEqual([["approve", "character", character.id]]);
  });

  test("declined with a reason: stays private, the owner sees the reason and gets it by mail; no reason is refused", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const admin = await signedInAdmin();
    const character = await ownCharacter(owner.id);
    await submitForReview(owner.id, character.id);

    expect(await refusal(declineSubmission(admin, character.id, "   "))).toEqual({ status: 400, message: submissionTexts.reasonRequired });
    expect(await refusal(declineSubmission(admin, character.id, "x".repeat(501)))).toEqual({ status: 400, message: submissionTexts.reasonTooLong });
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).review).toBe("submitted");

    await declineSubmission(admin, character.id, "Please describe the character's personality.");
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({
      isPublished: false,
      review: "declined",
      reviewNote: "Please describe the character's personality.",
    });
    const [mail] = mailsTo("owner@example.com");
    expect(mail).toMatchObject({ to: "owner@example.com", subject: '"Moss the Gardener" was not approved' });
    expect(mail!.text).toContain("Please describe the character's personality.");

    // Fixed and submitted again: the reason is gone, it waits again.
    await submitForReview(owner.id, character.id);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({ review: "submitted", reviewNote: null });
  });

  test("a character that is not waiting cannot be approved or declined (404), and nobody but the owner can submit it", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const other = await confirmedAccount("other@example.com");
    const admin = await signedInAdmin();
    const character = await ownCharacter(owner.id);

    expect((await refusal(approveSubmission(admin, character.id)))?.status).toBe(404);
    expect((await refusal(declineSubmission(admin, character.id, "No")))?.status).toBe(404);
    expect((await refusal(submitForReview(other.id, character.id)))?.status).toBe(404);
    expect((await refusal(submitForReview(owner.id, "not-a-uuid")))?.status).toBe(404);
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).review).toBe("none");
    expect(await auditRows()).toEqual([]);
  });
});

describe("an owner's edits", () => {
  test("to a private character apply at once", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const character = await ownCharacter(owner.id);
    expect(await saveOwnerEdits(owner.id, character.id, { name: "Moss" })).toMatchObject({ held: false });
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).name).toBe("Moss");
  });

  test("to a published character wait for review; the published version stays until approved", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const admin = await signedInAdmin();
    const character = await ownCharacter(owner.id);
    await submitForReview(owner.id, character.id);
    await approveSubmission(admin, character.id);

    expect(await saveOwnerEdits(owner.id, character.id, { name: "Moss, Head Gardener", tags: ["garden"] })).toMatchObject({ held: true });
    const held = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    expect(held).toMatchObject({ name: "Moss the Gardener", isPublished: true, review: "submitted" });
    expect((await listSubmissions()).submissions[0]?.hasPendingEdits).toBe(true);
    expect((await visibleCharacter(null, character.id))?.name).toBe("Moss the Gardener");

    await approveSubmission(admin, character.id);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({
      name: "Moss, Head Gardener",
      tags: ["garden"],
      isPublished: true,
      review: "none",
      pendingChanges: null,
    });
  });

  test("by someone else change nothing (404)", async () => {
    const owner = await confirmedAccount("owner@example.com");
    const other = await confirmedAccount("other@example.com");
    const character = await ownCharacter(owner.id);
    expect((await refusal(saveOwnerEdits(other.id, character.id, { name: "Mine now" })))?.status).toBe(404);
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).name).toBe("Moss the Gardener");
  });
});
