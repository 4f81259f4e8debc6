import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { PERSONA_DESCRIPTION_MAX, PERSONA_NAME_MAX, personaTexts, type PersonaView } from "~/lib/personas";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { NotFoundError } from "~/modules/http/errors.server";
import { storeAvatarImage } from "~/modules/storage/images.server";

/*
 * Personas (docs/chat.md, Personas; decision 044): who a person presents themselves as in a chat.
 * Each is its owner's alone: someone else's persona does not exist for them (404). At most one is
 * the default, which chats without a chosen persona use.
 */

/** Someone else's persona, or one that is gone: 404. */
export class PersonaNotFoundError extends NotFoundError {
  constructor() {
    super(personaTexts.notFound);
  }
}

/** The persona form's fields: name, description, an optional picture, and whether it is the default (a checkbox: "on"). */
export const personaFields = z.object({
  name: z.string({ error: personaTexts.nameRequired }).trim().min(1, personaTexts.nameRequired).max(PERSONA_NAME_MAX, personaTexts.nameTooLong),
  description: z.string().trim().max(PERSONA_DESCRIPTION_MAX, personaTexts.descriptionTooLong).default(""),
  avatar: z.unknown().optional(),
  isDefault: z.string().optional(),
});

export type PersonaInput = z.output<typeof personaFields>;

const VIEW = { id: true, name: true, description: true, avatarUrl: true, isDefault: true } as const;

/** The person's personas, the default first, then oldest first. */
export async function listPersonas(userId: string): Promise<PersonaView[]> {
  return prisma().persona.findMany({ where: { userId }, select: VIEW, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }] });
}

/** The person's own persona, else PersonaNotFoundError. */
export async function ownPersona(userId: string, personaId: string): Promise<PersonaView> {
  const persona = isUuid(personaId) ? await prisma().persona.findFirst({ where: { id: personaId, userId }, select: VIEW }) : null;
  if (!persona) throw new PersonaNotFoundError();
  return persona;
}

/** A picture that was chosen: stored as an avatar is (checked by its content, re-encoded); none chosen leaves it as it is. */
async function storedAvatar(userId: string, avatar: unknown) {
  return avatar instanceof File && avatar.size > 0 ? storeAvatarImage(userId, avatar) : undefined;
}

/**
 * Takes the person's row lock for a change of their personas: two saves at once (two tabs, a
 * double submit) then take turns, so "first one is the default" and "at most one default" hold
 * without the unique index refusing the second.
 */
async function lockPersonasOf(tx: Prisma.TransactionClient, userId: string) {
  await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
}

export async function createPersona(userId: string, input: PersonaInput): Promise<PersonaView> {
  const avatarUrl = await storedAvatar(userId, input.avatar);
  return prisma().$transaction(async (tx) => {
    await lockPersonasOf(tx, userId);
    // The person's first persona is their default: one they made is who they mean to be.
    const first = (await tx.persona.count({ where: { userId } })) === 0;
    const isDefault = first || input.isDefault === "on";
    if (isDefault) await tx.persona.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
    return tx.persona.create({ data: { userId, name: input.name, description: input.description, avatarUrl, isDefault }, select: VIEW });
  });
}

export async function updatePersona(userId: string, personaId: string, input: PersonaInput): Promise<PersonaView> {
  await ownPersona(userId, personaId);
  const avatarUrl = await storedAvatar(userId, input.avatar);
  const isDefault = input.isDefault === "on";
  return prisma().$transaction(async (tx) => {
    await lockPersonasOf(tx, userId);
    if (isDefault) await tx.persona.updateMany({ where: { userId, isDefault: true, NOT: { id: personaId } }, data: { isDefault: false } });
    const { count } = await tx.persona.updateMany({
      where: { id: personaId, userId },
      data: { name: input.name, description: input.description, isDefault, ...(avatarUrl ? { avatarUrl } : {}) },
    });
    if (count === 0) throw new PersonaNotFoundError();
    return tx.persona.findUniqueOrThrow({ where: { id: personaId }, select: VIEW });
  });
}

/** Deletes the person's persona; the chats that used it go back to the default (chat_sessions.persona_id is set null). */
export async function deletePersona(userId: string, personaId: string) {
  if (!isUuid(personaId)) throw new PersonaNotFoundError();
  const { count } = await prisma().persona.deleteMany({ where: { id: personaId, userId } });
  if (count === 0) throw new PersonaNotFoundError();
}
