import { parseModelSettings } from "~/lib/documents/model-settings";
import type { GenerateModelView, ModelTypeView } from "~/lib/generate";
import { listPublishedModels } from "~/modules/chat/model-choice.server";
import { prisma } from "~/modules/db/db.server";
import { takesSourceImage } from "./jobs.server";
import { BASE_PERKS, planPerksOf } from "~/modules/payments/plan-perks.server";

/** Media model types (not chat) that are active, by seq (spec section 7). */
export async function activeMediaModelTypes(): Promise<ModelTypeView[]> {
  const types = await prisma().modelType.findMany({ where: { isActive: true, NOT: { name: "chat" } }, orderBy: [{ seq: "asc" }, { name: "asc" }] });
  return types.map((type) => ({ name: type.name, icon: type.icon }));
}

/**
 * Published models of the given type, by weight then name (spec section 7), as the page shows them
 * to `viewerId` (null: signed out): early-access models only on a plan with early access.
 */
export async function publishedMediaModels(modelType: string, viewerId: string | null): Promise<GenerateModelView[]> {
  const access = viewerId ? await planPerksOf(viewerId) : BASE_PERKS;
  const models = (await listPublishedModels(access)).filter((model) => model.modelType === modelType);
  return models.map((model) => {
    const settings = parseModelSettings(model.settings);
    return {
      name: model.chatModel,
      description: model.description,
      modelType: model.modelType,
      aiPlatform: model.aiPlatform,
      costTokens: model.costTokens,
      costUnit: model.costUnit,
      settings,
      takesSourceImage: takesSourceImage(model),
    };
  });
}
