import { isPlatformConfigured } from "~/modules/config/env.server";
import { cachedCatalogueRead } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";

/** Spec section 2 (agent details): the chat model falls back to deepseek-v3. */
export const FALLBACK_CHAT_MODEL = "deepseek-v3";

/** The chosen model for each type, read from custom_models (a list of single-entry maps). */
export function customModelMap(customModels: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!Array.isArray(customModels)) return map;
  for (const entry of customModels) {
    if (!entry || typeof entry !== "object") continue;
    for (const [type, name] of Object.entries(entry as Record<string, unknown>)) if (typeof name === "string") map[type] ??= name;
  }
  return map;
}

/**
 * Published models of every type, heaviest first. Read on every chat page and reply, so kept for
 * the catalogue cache's window; whoever changes a model must call invalidateCatalogueCache().
 */
export function listPublishedModels() {
  return cachedCatalogueRead("published-models", () =>
    prisma().chatModel.findMany({ where: { isPublished: true }, orderBy: [{ weight: "desc" }, { chatModel: "asc" }] }),
  );
}

/**
 * Which model answers in a session: the person's choice for their agent, then the character's,
 * then deepseek-v3, then the heaviest published chat model. Only published models whose platform
 * can be called count, so a missing key never breaks a chat: the offline demo model is always there.
 */
export async function chooseChatModel(agent: { customModels: unknown; document: unknown; characterChatModel: string | null }) {
  const documentModel = (agent.document as { chat_model?: unknown } | null)?.chat_model;
  const wanted = [customModelMap(agent.customModels).chat, typeof documentModel === "string" ? documentModel : null, agent.characterChatModel, FALLBACK_CHAT_MODEL].filter(
    (name): name is string => Boolean(name),
  );
  const usable = (await listPublishedModels()).filter(
    (model) => model.modelType === "chat" && (isPlatformConfigured(model.aiPlatform) || Boolean(model.apiKey)),
  );
  for (const name of wanted) {
    const match = usable.find((model) => model.chatModel === name);
    if (match) return match;
  }
  return usable[0] ?? null;
}
