import { Prisma } from "~/generated/prisma/client";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { InvalidInputError, NotFoundError } from "~/modules/http/errors.server";
import { catalogueChanged } from "./cache.server";
import { mailOwnerAboutReview, mailStaffAboutSubmission } from "./review-mail.server";

/**
 * Characters people make (spec: Create Character). A new one is private: its owner sees it and
 * chats with it, nobody else can (404 everywhere, as if it did not exist). The owner submits it to
 * the catalogue; an admin approves it (published, the owner mailed) or declines it with a reason
 * the owner reads on /create. An owner's edits to a published character wait in `pendingChanges`
 * for the next approval, and the published version stays as it is until then. A character that
 * enters the queue is mailed to the staff; edits to one already waiting are not mailed again.
 */

export const submissionTexts = {
  submitted: "Submitted for review",
  alreadySubmitted: "This character is already waiting for review",
  approved: "Character approved and published",
  declined: "Character declined",
  reasonRequired: "Please give a reason",
  reasonTooLong: "Use at most 500 characters",
  notWaiting: "This character is not waiting for review",
} as const;

export const DECLINE_REASON_MAX = 500;

/** Column values an owner may change (plain values, so that held edits keep as JSON until approved). */
export type OwnerEdits = Omit<
  Prisma.CharacterUncheckedUpdateInput,
  "id" | "createdById" | "isPublished" | "review" | "reviewNote" | "submittedAt" | "pendingChanges"
>;

/** The held edits' JSON columns that may hold no value (Prisma.JsonNull), kept as null in the held JSON. */
const NULLABLE_JSON_EDITS = ["promptGuide", "characterBook"] as const;

/** Edits as held JSON: a JSON column set to no value is held as null. */
function heldJsonOf(changes: OwnerEdits) {
  return Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, value === Prisma.JsonNull ? null : value])) as Prisma.InputJsonObject;
}

/** Held edits as an update: a JSON column held as null is set to no value again. */
function editsOfHeld(held: Prisma.JsonValue): OwnerEdits {
  const edits = { ...((held ?? {}) as Record<string, unknown>) };
  for (const key of NULLABLE_JSON_EDITS) if (key in edits && edits[key] === null) edits[key] = Prisma.JsonNull;
  return edits as OwnerEdits;
}

/** A character this person may see: published, or their own. Anything else is not found. */
export async function visibleCharacter(viewerId: string | null | undefined, characterId: string) {
  if (!isUuid(characterId)) return null;
  return prisma().character.findFirst({
    where: { id: characterId, OR: [{ isPublished: true }, ...(viewerId ? [{ createdById: viewerId }] : [])] },
  });
}

/** Where clause of the characters `viewerId` may see (for lists that join characters). */
export function visibleTo(viewerId: string | null | undefined): Prisma.CharacterWhereInput {
  return { OR: [{ isPublished: true }, ...(viewerId ? [{ createdById: viewerId }] : [])] };
}

/** The person's own character; anyone else's (or none) is not found. */
export async function ownCharacter(userId: string, characterId: string) {
  const character = isUuid(characterId) ? await prisma().character.findFirst({ where: { id: characterId, createdById: userId } }) : null;
  if (!character) throw new NotFoundError();
  return character;
}

/** The owner asks for their character (or their edits to it) to be published. */
export async function submitForReview(userId: string, characterId: string) {
  const character = await ownCharacter(userId, characterId);
  if (character.review === "submitted") throw new InvalidInputError(submissionTexts.alreadySubmitted);
  if (character.isPublished && character.pendingChanges === null) throw new InvalidInputError(submissionTexts.notWaiting);
  // Conditional, so that two submits at once enter the queue (and mail the staff) once.
  const { count } = await prisma().character.updateMany({
    where: { id: character.id, review: { not: "submitted" } },
    data: { review: "submitted", submittedAt: new Date(), reviewNote: null },
  });
  if (count === 0) throw new InvalidInputError(submissionTexts.alreadySubmitted);
  await mailStaffAboutSubmission({
    id: character.id,
    name: heldName(character.pendingChanges) ?? character.name,
    owner: await ownerEmail(userId),
    edits: character.isPublished,
  });
}

/** The name the owner's held edits give the character, if they change it. */
function heldName(held: Prisma.JsonValue) {
  const name = (held as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : null;
}

const ownerEmail = async (userId: string) => (await prisma().user.findUnique({ where: { id: userId }, select: { email: true } }))?.email ?? "Someone";

/** How many characters wait for an admin's review (the console's menu and dashboard). */
export async function countWaitingSubmissions() {
  return prisma().character.count({ where: { review: "submitted" } });
}

/**
 * An owner's edits. A private character changes at once; a published one keeps its published
 * version and holds the edits for review (submitted again). `avatarUrl` is in `changes` only for
 * a new picture; otherwise the avatar (or the one already held) stays. The row is locked, so an
 * avatar drawn meanwhile (its completion takes the same lock) is never written over by what was
 * read before it. Answers the picture the new one replaces, for the caller to remove.
 */
export async function saveOwnerEdits(userId: string, characterId: string, changes: OwnerEdits) {
  if (!isUuid(characterId)) throw new NotFoundError();
  const saved = await prisma().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ name: string; isPublished: boolean; waiting: boolean; avatarUrl: string | null; heldAvatar: string | null }[]>`
      SELECT name, is_published AS "isPublished", review = 'submitted' AS waiting, avatar_url AS "avatarUrl", pending_changes->>'avatarUrl' AS "heldAvatar"
      FROM characters WHERE id = ${characterId}::uuid AND created_by_id = ${userId}::uuid FOR UPDATE`;
    if (!locked) throw new NotFoundError();
    const newAvatar = typeof changes.avatarUrl === "string" ? changes.avatarUrl : null;
    if (!locked.isPublished) {
      await tx.character.update({ where: { id: characterId }, data: changes });
      return { held: false, replacedAvatar: newAvatar ? locked.avatarUrl : null, entered: null };
    }
    const heldAvatar = newAvatar ?? locked.heldAvatar;
    await tx.character.update({
      where: { id: characterId },
      data: {
        pendingChanges: heldJsonOf({ ...changes, ...(heldAvatar ? { avatarUrl: heldAvatar } : {}) }),
        review: "submitted",
        submittedAt: new Date(),
        reviewNote: null,
      },
    });
    const name = typeof changes.name === "string" ? changes.name : locked.name;
    return {
      held: true,
      replacedAvatar: newAvatar && locked.heldAvatar !== locked.avatarUrl ? locked.heldAvatar : null,
      entered: locked.waiting ? null : name,
    };
  });
  if (saved.entered !== null) await mailStaffAboutSubmission({ id: characterId, name: saved.entered, owner: await ownerEmail(userId), edits: true });
  return { held: saved.held, replacedAvatar: saved.replacedAvatar };
}

export const SUBMISSIONS_PAGE_SIZE = 20;

/** What waits for the admins, oldest first (first come, first served). */
export async function listSubmissions(page = 1) {
  const where: Prisma.CharacterWhereInput = { review: "submitted" };
  const [rows, total] = await Promise.all([
    prisma().character.findMany({
      where,
      orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
      skip: (Math.max(1, page) - 1) * SUBMISSIONS_PAGE_SIZE,
      take: SUBMISSIONS_PAGE_SIZE,
      select: {
        id: true,
        name: true,
        description: true,
        avatarUrl: true,
        isPublished: true,
        submittedAt: true,
        pendingChanges: true,
        createdBy: { select: { id: true, email: true, name: true } },
      },
    }),
    prisma().character.count({ where }),
  ]);
  return { submissions: rows.map((row) => ({ ...row, hasPendingEdits: row.pendingChanges !== null })), total };
}

/** One character as the review page shows it, whether or not it is waiting; a character that does not exist is not found. */
export async function getSubmission(characterId: string) {
  const character = isUuid(characterId)
    ? await prisma().character.findUnique({
        where: { id: characterId },
        select: { id: true, name: true, description: true, avatarUrl: true, review: true, pendingChanges: true, createdBy: { select: { email: true } } },
      })
    : null;
  if (!character) throw new NotFoundError();
  const { pendingChanges, review, createdBy, ...shown } = character;
  return { ...shown, waiting: review === "submitted", hasPendingEdits: pendingChanges !== null, ownerEmail: createdBy?.email ?? null };
}

async function waitingCharacter(tx: Prisma.TransactionClient, characterId: string) {
  const [row] = isUuid(characterId)
    ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM characters WHERE id = ${characterId}::uuid AND review = 'submitted' FOR UPDATE`
    : [];
  if (!row) throw new NotFoundError(submissionTexts.notWaiting);
  return tx.character.findUniqueOrThrow({ where: { id: row.id }, include: { createdBy: { select: { email: true } } } });
}

/** An admin publishes a submission, with the owner's held edits if any, and mails the owner. */
export async function approveSubmission(admin: AuditActor, characterId: string) {
  const character = await auditedWrite(admin, async (tx) => {
    const waiting = await waitingCharacter(tx, characterId);
    const edits = editsOfHeld(waiting.pendingChanges);
    const result = await tx.character.update({
      where: { id: waiting.id },
      data: { ...edits, isPublished: true, review: "none", reviewNote: null, pendingChanges: Prisma.DbNull },
      include: { createdBy: { select: { email: true } } },
    });
    return {
      result,
      audit: {
        action: "approve",
        entityType: "character",
        entityId: waiting.id,
        summary: `Approved "${result.name}"${waiting.isPublished ? " (edits)" : ""}`,
        before: { isPublished: waiting.isPublished },
        after: { isPublished: true },
      },
    };
  });
  await catalogueChanged();
  await mailOwnerAboutReview(character.createdBy?.email, character.name, { approved: true, characterId: character.id });
  return character;
}

/** An admin turns a submission down with a reason; the owner reads it on /create and by mail. */
export async function declineSubmission(admin: AuditActor, characterId: string, reasonInput: unknown) {
  const reason = typeof reasonInput === "string" ? reasonInput.trim() : "";
  if (!reason) throw new InvalidInputError(submissionTexts.reasonRequired, { reason: submissionTexts.reasonRequired });
  if (reason.length > DECLINE_REASON_MAX) throw new InvalidInputError(submissionTexts.reasonTooLong, { reason: submissionTexts.reasonTooLong });
  const character = await auditedWrite(admin, async (tx) => {
    const waiting = await waitingCharacter(tx, characterId);
    const result = await tx.character.update({
      where: { id: waiting.id },
      data: { review: "declined", reviewNote: reason },
      include: { createdBy: { select: { email: true } } },
    });
    return { result, audit: { action: "decline", entityType: "character", entityId: waiting.id, summary: `Declined "${result.name}": ${reason}` } };
  });
  await mailOwnerAboutReview(character.createdBy?.email, character.name, { approved: false, characterId: character.id, reason });
  return character;
}
