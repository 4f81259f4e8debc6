import { Prisma } from "~/generated/prisma/client";
import { IMAGE_ATTACHMENT_EXTENSIONS } from "~/lib/attachments";
import { parseAgentDocument } from "~/lib/documents/agent-document";
import { CHAT_MODEL_TYPE, modelsByType, parseCustomModels } from "~/lib/documents/custom-models";
import { isPlatformConfigured } from "~/modules/config/env.server";
import { cachedCatalogueRead } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import type { ModelAccess } from "~/modules/payments/plan-perks.server";
import { agentChatModelSql, jsonKey } from "./agent-settings.server";

/** Spec section 2 (agent details): the chat model falls back to deepseek-v3. */
export const FALLBACK_CHAT_MODEL = "deepseek-v3";

/** The chosen model for each type, read from custom_models (a list of single-entry maps). */
export function customModelMap(customModels: unknown): Record<string, string> {
  return modelsByType(parseCustomModels(customModels));
}

/** The chat entry of custom_models (an SQL jsonb expression) as customModelMap reads it, else NULL. */
export function customChatModelSql(customModels: Prisma.Sql) {
  const chat = jsonKey(CHAT_MODEL_TYPE);
  return Prisma.sql`(SELECT entry ->> ${chat}
                FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${customModels}) = 'array' THEN ${customModels} END) WITH ORDINALITY AS custom(entry, position)
                WHERE jsonb_typeof(entry -> ${chat}) = 'string' ORDER BY position LIMIT 1)`;
}

/** Every published model: the admin console's view, and a statement that decides early access itself. */
export const EVERY_MODEL: ModelAccess = { earlyAccess: true };

/**
 * Published models of every type that `access` allows, heaviest first. Read on every chat page and
 * reply, so kept for the catalogue cache's window; whoever changes a model must call
 * invalidateCatalogueCache().
 */
export async function listPublishedModels(access: ModelAccess) {
  const models = await cachedCatalogueRead("published-models", () =>
    prisma().chatModel.findMany({ where: { isPublished: true }, orderBy: [{ weight: "desc" }, { chatModel: "asc" }] }),
  );
  return access.earlyAccess ? models : models.filter((model) => !model.earlyAccess);
}

/** Published chat models that `access` allows and whose platform can be called (configured, or the model has its own key), heaviest first. */
export async function usableChatModels(access: ModelAccess) {
  return (await listPublishedModels(access)).filter((model) => model.modelType === "chat" && (isPlatformConfigured(model.aiPlatform) || Boolean(model.apiKey)));
}

/**
 * Which model answers in a session: the person's choice for this chat (`chatModel`), then for their agent, then the character's,
 * then deepseek-v3, then the heaviest published chat model. Only published models whose platform
 * can be called count, so a missing key never breaks a chat: the offline demo model is always there.
 * A message with images (`needsImages`) goes by the same order to a model that reads images, when
 * one can be called; without one, it goes where any other message would (the images then reach the
 * model as their names). `chatModelChoiceSql` is the same rule for a statement; a test holds the
 * two to the same answers.
 */
export async function chooseChatModel(
  agent: { customModels: unknown; document: unknown; characterChatModel: string | null; chatModel?: string | null },
  access: ModelAccess,
  { needsImages = false } = {},
) {
  const wanted = [
    // The model chosen for this one chat (chat_sessions.chat_model), first.
    agent.chatModel,
    customModelMap(agent.customModels)[CHAT_MODEL_TYPE],
    parseAgentDocument(agent.document).chat_model,
    agent.characterChatModel,
    FALLBACK_CHAT_MODEL,
  ].filter((name): name is string => Boolean(name));
  const usable = await usableChatModels(access);
  const firstWanted = (candidates: typeof usable) =>
    wanted.map((name) => candidates.find((model) => model.chatModel === name)).find(Boolean) ?? candidates[0] ?? null;
  return (needsImages && firstWanted(usable.filter((model) => model.acceptsImages))) || firstWanted(usable);
}

/**
 * chooseChatModel's rule as a subquery over an agent's columns (SQL expressions: `customModels`
 * and `document` jsonb, `characterChatModel` text, `needsImages` boolean), picking from `usable`
 * (as usableChatModels lists them for EVERY_MODEL), leaving out early-access models unless the
 * person's `earlyAccess` (a boolean SQL expression) says otherwise. It yields at most one row,
 * (name, cost), so that a reply can reserve the chosen model's cost in the statement that reads
 * the agent.
 */
export function chatModelChoiceSql(
  usable: { chatModel: string; costTokens: number; acceptsImages: boolean; earlyAccess: boolean }[],
  agent: {
    customModels: Prisma.Sql;
    document: Prisma.Sql;
    characterChatModel: Prisma.Sql;
    needsImages: Prisma.Sql;
    earlyAccess: Prisma.Sql;
    /** The session's own model (chat_sessions.chat_model), when the statement reads a session. */
    chatModel?: Prisma.Sql;
  },
): Prisma.Sql {
  return Prisma.sql`
    SELECT usable.name, usable.cost
    FROM unnest(${usable.map((model) => model.chatModel)}::text[], ${usable.map((model) => model.costTokens)}::int[],
                ${usable.map((model) => model.acceptsImages)}::boolean[], ${usable.map((model) => model.earlyAccess)}::boolean[])
         WITH ORDINALITY AS usable(name, cost, reads_images, early_access, rank)
    WHERE NOT usable.early_access OR ${agent.earlyAccess}
    ORDER BY (${agent.needsImages} AND NOT usable.reads_images),
             array_position(ARRAY[
               ${agent.chatModel ?? Prisma.sql`NULL::text`},
               ${customChatModelSql(agent.customModels)},
               ${agentChatModelSql(agent.document)},
               ${agent.characterChatModel},
               ${FALLBACK_CHAT_MODEL}
             ]::text[], usable.name) NULLS LAST,
             usable.rank
    LIMIT 1`;
}

const IMAGE_PATH = `\\.(${IMAGE_ATTACHMENT_EXTENSIONS.join("|")})$`;

/**
 * Whether the person's last message in `history` (the json list a reply's opening statement
 * reads, each entry with `senderType` and `uploadedFiles`) has an image among its files, as
 * isImageAttachment tells: the `needsImages` of a regenerate, which sends those files again.
 */
export function lastAskHasImagesSql(history: Prisma.Sql) {
  return Prisma.sql`COALESCE((
    SELECT bool_or(lower(file ->> 'path') ~ ${IMAGE_PATH})
    FROM (SELECT entry -> 'uploadedFiles' AS files FROM json_array_elements(${history}) WITH ORDINALITY AS recent(entry, position)
          WHERE entry ->> 'senderType' = 'user' ORDER BY position DESC LIMIT 1) AS last_ask,
         json_array_elements(CASE WHEN json_typeof(last_ask.files) = 'array' THEN last_ask.files END) AS file), false)`;
}
