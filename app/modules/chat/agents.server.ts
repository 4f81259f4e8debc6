import { z } from "zod";
import { AGENT_FIELD_MAX, agentTexts } from "~/lib/agent-form";
import { ImageRejectedError as AvatarRejected, storeAvatarImage } from "~/modules/storage/images.server";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { customModelsSchema, parseCustomModels, type CustomModels } from "~/lib/documents/custom-models";
import { prisma } from "~/modules/db/db.server";
import { planPerksOf } from "~/modules/payments/plan-perks.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { listPublishedModels } from "./model-choice.server";
import { ChatNotFoundError } from "./errors.server";

const atMost = (field: keyof typeof AGENT_FIELD_MAX) => z.string().trim().max(AGENT_FIELD_MAX[field], `Use at most ${AGENT_FIELD_MAX[field]} characters`);

/** The edit agent form (spec section 2); its limits are the form's maxLength too (AGENT_FIELD_MAX). */
export const agentFormSchema = z.object({
  name: atMost("name").min(1, "Name is required"),
  description: atMost("description"),
  bio: atMost("bio"),
  systemInstruction: atMost("systemInstruction"),
  messageInstruction: atMost("messageInstruction"),
});

const sentText = z.string().default("");
const sentModel = z.string().optional();

/**
 * The edit agent form as it is posted: its texts (checked by agentFormSchema when saved, so every
 * field's problem is shown at once), a model per type (`model:<type>`, absent when the editor
 * could not read the choices) and a new picture, if one was chosen.
 */
export const agentFields = z.object({
  name: sentText,
  description: sentText,
  bio: sentText,
  systemInstruction: sentText,
  messageInstruction: sentText,
  "model:chat": sentModel,
  "model:image": sentModel,
  "model:video": sentModel,
  "model:audio": sentModel,
  avatar: z
    .unknown()
    .optional()
    .transform((value) => (value instanceof File && value.size > 0 ? value : null)),
});

export type AgentFields = z.output<typeof agentFields>;

export type AgentUpdateResult = { ok: true } | { ok: false; error: string; fields?: FieldErrors };

/**
 * The model types a person chooses for their agent, each for what the chat does with it: replies
 * (and Vision), pictures (Image and Design), videos and voice notes (decision 034). Music is not
 * made in a chat, so a music model is not offered.
 */
export const AGENT_MODEL_TYPES = ["chat", "image", "video", "audio"] as const;
type AgentModelType = (typeof AGENT_MODEL_TYPES)[number];

/** The agent and its character's model, as the chat page shows them. */
export function agentForChatPage(agentId: string) {
  return prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId }, include: { character: { select: { chatModel: true } } } });
}

/** Model choices per type for the edit form: published models `access` allows, by weight then name. */
export async function modelChoices(access: ModelAccess) {
  const byType: Record<string, string[]> = {};
  for (const model of await listPublishedModels(access)) {
    if ((AGENT_MODEL_TYPES as readonly string[]).includes(model.modelType)) (byType[model.modelType] ??= []).push(model.chatModel);
  }
  return byType;
}

/**
 * Saves the person's own copy of a character: texts, an optional new picture (checked by
 * content), and a model per type, each of which must be a published model of that type that the
 * person's plan offers (an early-access model without early access is refused like an unknown one).
 * A form without model choices (the editor could not read them) keeps the agent's models.
 */
export async function updateOwnAgent(userId: string, agentId: string, form: AgentFields): Promise<AgentUpdateResult> {
  const agent = await prisma().chatAgent.findFirst({ where: { id: agentId, userId } });
  if (!agent) throw new ChatNotFoundError(agentId);
  const parsed = agentFormSchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, error: agentTexts.updateFailed, fields: fieldErrors(parsed.error) };
  }
  // A form without model choices (the editor could not read them) offers none, so every model is kept.
  const choosesModels = AGENT_MODEL_TYPES.some((type) => form[`model:${type}`] !== undefined);
  const choices = choosesModels ? await modelChoices(await planPerksOf(userId)) : {};
  // What the form does not offer (a character's music model, a type without a published model) is kept as it was.
  const chosenModels: CustomModels = parseCustomModels(agent.customModels).filter((entry) => Object.keys(entry).every((type) => !(type in choices)));
  for (const [type, names] of Object.entries(choices)) {
    const chosen = form[`model:${type}` as `model:${AgentModelType}`];
    if (chosen === undefined || chosen === "") continue;
    if (!names.includes(chosen)) return { ok: false, error: agentTexts.updateFailed, fields: { [`model:${type}`]: "Choose a published model" } };
    chosenModels.push({ [type]: chosen });
  }
  const customModels = customModelsSchema.parse(chosenModels);
  let avatarUrl = agent.avatarUrl;
  const { avatar } = form;
  if (avatar) {
    try {
      avatarUrl = await storeAvatarImage(userId, avatar);
    } catch (error) {
      if (error instanceof AvatarRejected) return { ok: false, error: `${agentTexts.uploadFailed}: ${error.message}` };
      throw error;
    }
  }
  const { name, description, bio, systemInstruction, messageInstruction } = parsed.data;
  await prisma().chatAgent.update({
    where: { id: agent.id },
    data: { name, description, bio, avatarUrl, systemInstruction: systemInstruction || null, messageInstruction: messageInstruction || null, customModels },
  });
  return { ok: true };
}
