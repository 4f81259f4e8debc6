import { parseModelSettings } from "~/lib/documents/model-settings";
import type { GenerateModelView, ModelTypeView } from "~/lib/generate";
import { listPublishedModels } from "~/modules/chat/model-choice.server";
import { prisma } from "~/modules/db/db.server";
import { takesSourceImage } from "~/modules/media/jobs.server";

/** Media model types (not chat) that are active, by seq (spec section 7). */
export async function activeMediaModelTypes(): Promise<ModelTypeView[]> {
  const types = await prisma().modelType.findMany({ where: { isActive: true, NOT: { name: "chat" } }, orderBy: [{ seq: "asc" }, { name: "asc" }] });
  return types.map((type) => ({ name: type.name, icon: type.icon }));
}

/** Published models of the given type, by weight then name (spec section 7), as the page shows them. */
export async function publishedMediaModels(modelType: string): Promise<GenerateModelView[]> {
  const models = (await listPublishedModels()).filter((model) => model.modelType === modelType);
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
