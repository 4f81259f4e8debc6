import { z } from "zod";
import { personaName } from "~/lib/macros";
import { personaTexts, type PersonaView } from "~/lib/personas";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, ForbiddenError } from "~/modules/http/errors.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { ChatNotFoundError } from "./errors.server";
import { EVERY_MODEL, usableChatModels } from "./model-choice.server";
import { listPersonas, PersonaNotFoundError } from "./personas.server";
import { publishChatChanged } from "./realtime.server";

/*
 * What one chat is set to, apart from its character (docs/chat.md; decision 044): who the person
 * is in it (a persona) and which chat model answers. Both are chosen in the chat's details panel.
 */

/** The details panel's fields: the persona's id ("" for the default) and the model's name ("" for the character's). */
export const chatChoiceFields = z.object({ personaId: z.string().optional(), chatModel: z.string().optional() });

/** A model that is not a published chat model anyone can call: 400. */
export class ChatModelNotOfferedError extends AppError {
  constructor() {
    super("chat-model-not-offered", 400, personaTexts.modelNotOffered);
  }
}

/** What the details panel shows for a chat: its persona and model, and what may be chosen. */
export type ChatChoices = {
  personaId: string | null;
  personas: Pick<PersonaView, "id" | "name" | "isDefault">[];
  /** Who the person is where no persona applies: their display name. */
  ownName: string;
  chatModel: string | null;
  /** The chat models the person's plan offers, heaviest first, each with its price per message. */
  models: { name: string; cost: number; costUnit: string | null }[];
};

/** The chat's own persona and model; someone else's chat is ChatNotFoundError. */
async function chatSettings(userId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw new ChatNotFoundError(sessionId);
  const session = await prisma().chatSession.findFirst({
    where: { id: sessionId, userId },
    select: { personaId: true, chatModel: true, user: { select: { name: true, email: true } } },
  });
  if (!session) throw new ChatNotFoundError(sessionId);
  return session;
}

/** The chat's choices as its details panel shows them. `sessionId` is the person's own (the page has checked). */
export async function chatChoicesFor(userId: string, sessionId: string, access: ModelAccess): Promise<ChatChoices> {
  const [session, personas, models] = await Promise.all([chatSettings(userId, sessionId), listPersonas(userId), usableChatModels(access)]);
  return {
    personaId: session.personaId,
    personas: personas.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
    ownName: personaName(session.user),
    chatModel: session.chatModel,
    models: models.map((model) => ({ name: model.chatModel, cost: model.costTokens, costUnit: model.costUnit })),
  };
}

/** The chat's model as chooseChatModel reads it first (null: the agent's and character's). */
export async function chatModelOf(userId: string, sessionId: string) {
  return (await chatSettings(userId, sessionId)).chatModel;
}

/** Sets who the person is in their chat: one of their personas, or "" for their default. Someone else's persona is 404. */
export async function choosePersona(userId: string, sessionId: string, personaId: string) {
  await chatSettings(userId, sessionId);
  if (personaId === "") await prisma().chatSession.updateMany({ where: { id: sessionId, userId }, data: { personaId: null } });
  else {
    // One statement: the persona is set only when it is the chat owner's own.
    const count = await prisma().$executeRaw`
      UPDATE chat_sessions s SET persona_id = p.id FROM personas p
      WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId}::uuid AND p.id = ${isUuid(personaId) ? personaId : null}::uuid AND p.user_id = s.user_id`;
    if (count === 0) throw new PersonaNotFoundError();
  }
  await publishChatChanged(userId, sessionId);
}

/**
 * Sets the model that answers in the person's chat: a published chat model that can be called and
 * that their plan offers (early-access models only with that perk), or "" for the character's own.
 * Any other name is refused (400), an early-access one without the perk 403.
 */
export async function chooseChatModelForChat(userId: string, sessionId: string, name: string, access: ModelAccess) {
  await chatSettings(userId, sessionId);
  if (name !== "") {
    const model = (await usableChatModels(EVERY_MODEL)).find((candidate) => candidate.chatModel === name);
    if (!model) throw new ChatModelNotOfferedError();
    if (model.earlyAccess && !access.earlyAccess) throw new ForbiddenError(personaTexts.modelNotInPlan, "chat-model-not-in-plan");
  }
  await prisma().chatSession.updateMany({ where: { id: sessionId, userId }, data: { chatModel: name === "" ? null : name } });
  await publishChatChanged(userId, sessionId);
}
