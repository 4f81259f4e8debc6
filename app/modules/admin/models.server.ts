import type { ChatModel, Prisma } from "~/generated/prisma/client";
import {
  DEFAULT_IMAGE_SETTINGS,
  MODEL_TYPES,
  modelFormSchema,
  modelTexts,
  rowsFromSettings,
  type ModelFormValues,
  type ModelInput,
  type SettingRow,
} from "~/lib/admin-models";
import { parseModelSettings } from "~/lib/documents/model-settings";
import { aiPlatforms } from "~/lib/ai-platforms";
import { ProviderError } from "~/modules/ai/providers/errors.server";
import { chatProviderFor } from "~/modules/ai/providers/registry.server";
import { catalogueChanged } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { sealSecret } from "~/modules/security/secret-box.server";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";
import { parseEditorForm } from "./console.server";

/** A model form: instructions and settings, a few tens of kilobytes at most. */
export const MODEL_FORM_MAX_BYTES = 128 * 1024;
/** The Test button waits this long for the model's answer. */
const TEST_TIMEOUT_MS = 15_000;

export type ModelFilters = { name: string; platform: string; type: string };

/**
 * A model as the console shows it: every column but the API key, of which only whether one is
 * stored leaves the server.
 */
function toView(model: ChatModel) {
  const { apiKey, settings, createdAt, updatedAt, ...rest } = model;
  return {
    ...rest,
    settings: parseModelSettings(settings),
    hasApiKey: Boolean(apiKey),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
export type AdminModelView = ReturnType<typeof toView>;

export function readModelFilters(url: URL): ModelFilters {
  // No one types a control character into a filter; PostgreSQL cannot compare one (NUL).
  const get = (name: string) =>
    (url.searchParams.get(name) ?? "")
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, 100);
  const type = get("type");
  return { name: get("name"), platform: get("platform"), type: (MODEL_TYPES as readonly string[]).includes(type) ? type : "" };
}

/** Models matching the filters (name or model id contains, case-insensitive), heaviest first, with the platforms for the filter. */
export async function listModelsForAdmin({ name, platform, type }: ModelFilters) {
  const where: Prisma.ChatModelWhereInput = {
    ...(name ? { OR: [{ chatModel: { contains: name, mode: "insensitive" } }, { modelId: { contains: name, mode: "insensitive" } }] } : {}),
    ...(platform ? { aiPlatform: platform } : {}),
    ...(type ? { modelType: type } : {}),
  };
  const [models, used] = await Promise.all([
    prisma().chatModel.findMany({ where, orderBy: [{ modelType: "asc" }, { weight: "desc" }, { chatModel: "asc" }] }),
    prisma().chatModel.findMany({ distinct: ["aiPlatform"], select: { aiPlatform: true } }),
  ]);
  const platforms = [...new Set([...aiPlatforms.map((known) => known.id), ...used.map((row) => row.aiPlatform)])].sort();
  return { models: models.map(toView), platforms };
}

async function findModel(modelId: string) {
  const model = isUuid(modelId) ? await prisma().chatModel.findUnique({ where: { id: modelId } }) : null;
  if (!model) throw new NotFoundError();
  return model;
}

export async function getModel(modelId: string) {
  return toView(await findModel(modelId));
}

/** A saved model as the form shows it. */
export function formValuesOf(model: AdminModelView): ModelFormValues {
  return {
    ...model,
    systemInstruction: model.systemInstruction ?? "",
    messageInstruction: model.messageInstruction ?? "",
    settings: rowsFromSettings(model.settings),
    costTokens: String(model.costTokens),
    weight: String(model.weight),
    apiUrl: model.apiUrl ?? "",
    contextTokens: model.contextTokens === null ? "" : String(model.contextTokens),
  };
}

/** What the form sent about the key: a new one, keep the stored one, or remove it. */
export type KeyChange = { set: string } | "keep" | "remove";

/** The model form, validated; a refusal carries the field errors and what was sent (never the key). */
export function readModelForm(form: FormData): { model: ModelInput; key: KeyChange; values: ModelFormValues } {
  const names = form.getAll("settingName").map(String);
  const options = form.getAll("settingOptions").map(String);
  const values: ModelFormValues = {
    chatModel: String(form.get("chatModel") ?? ""),
    modelId: String(form.get("modelId") ?? ""),
    aiPlatform: String(form.get("aiPlatform") ?? ""),
    modelType: String(form.get("modelType") ?? ""),
    description: String(form.get("description") ?? ""),
    systemInstruction: String(form.get("systemInstruction") ?? ""),
    messageInstruction: String(form.get("messageInstruction") ?? ""),
    settings: names.map((name, index): SettingRow => ({ name, options: options[index] ?? "" })),
    costTokens: String(form.get("costTokens") ?? ""),
    costUnit: String(form.get("costUnit") ?? ""),
    weight: String(form.get("weight") ?? "0") || "0",
    apiUrl: String(form.get("apiUrl") ?? ""),
    isPublished: form.get("isPublished") === "on",
    isStream: form.get("isStream") === "on",
    isWebhook: form.get("isWebhook") === "on",
    acceptsImages: form.get("acceptsImages") === "on",
    earlyAccess: form.get("earlyAccess") === "on",
    contextTokens: String(form.get("contextTokens") ?? ""),
  };
  const model = parseEditorForm(modelFormSchema, values, modelTexts.updateFailed);
  const typed = String(form.get("apiKey") ?? "").trim();
  const key: KeyChange = typed ? { set: typed.slice(0, 1000) } : form.get("removeApiKey") === "on" ? "remove" : "keep";
  return { model, key, values };
}

/** Add Model / Edit: the form read, then the model created or saved. A taken name is refused like a field. */
export async function saveModelForm(actor: AuditActor, form: FormData, modelId?: string) {
  const { model, key, values } = readModelForm(form);
  try {
    return modelId ? await updateModel(actor, modelId, model, key) : await createModel(actor, model, key);
  } catch (error) {
    if ((error as { code?: string })?.code !== "P2002") throw error;
    throw new AppError("invalid-input", 400, modelTexts.duplicate, { details: { fields: { chatModel: modelTexts.duplicate }, values } });
  }
}

/** What the audit log keeps of a model: never its key, only whether it has one. */
const summaryOf = (model: ChatModel) => ({
  chatModel: model.chatModel,
  modelId: model.modelId,
  aiPlatform: model.aiPlatform,
  modelType: model.modelType,
  costTokens: model.costTokens,
  costUnit: model.costUnit,
  isPublished: model.isPublished,
  earlyAccess: model.earlyAccess,
  contextTokens: model.contextTokens,
  apiUrl: model.apiUrl,
  hasApiKey: Boolean(model.apiKey),
});

const keyColumn = (key: KeyChange) => (key === "keep" ? {} : { apiKey: key === "remove" ? null : sealSecret(key.set) });

export async function createModel(actor: AuditActor, input: ModelInput, key: KeyChange) {
  // Spec section 9: a new image model starts with the default image settings.
  const settings = input.modelType === "image" && Object.keys(input.settings).length === 0 ? DEFAULT_IMAGE_SETTINGS : input.settings;
  const model = await auditedWrite(actor, async (tx) => {
    const created = await tx.chatModel.create({ data: { ...input, settings, ...keyColumn(key) } });
    return {
      result: created,
      audit: { action: "create", entityType: "chat-model", entityId: created.id, summary: `Added chat model ${created.chatModel}`, after: summaryOf(created) },
    };
  });
  await catalogueChanged();
  return model;
}

export async function updateModel(actor: AuditActor, modelId: string, input: ModelInput, key: KeyChange) {
  const before = await findModel(modelId);
  const model = await auditedWrite(actor, async (tx) => {
    const updated = await tx.chatModel.update({ where: { id: modelId }, data: { ...input, ...keyColumn(key) } });
    const audit = {
      action: "update",
      entityType: "chat-model",
      entityId: modelId,
      summary: `Updated chat model ${updated.chatModel}${key === "keep" ? "" : key === "remove" ? " (API key removed)" : " (API key replaced)"}`,
      before: summaryOf(before),
      after: summaryOf(updated),
    };
    return { result: updated, audit };
  });
  await catalogueChanged();
  return model;
}

/** The Published switch (spec: a chat model's is_published toggles directly). */
export async function setModelPublished(actor: AuditActor, modelId: string, isPublished: boolean) {
  const before = await findModel(modelId);
  await auditedWrite(actor, async (tx) => {
    await tx.chatModel.update({ where: { id: modelId }, data: { isPublished } });
    return {
      result: null,
      audit: {
        action: isPublished ? "publish" : "unpublish",
        entityType: "chat-model",
        entityId: modelId,
        summary: `${isPublished ? "Published" : "Unpublished"} chat model ${before.chatModel}`,
        before: { isPublished: before.isPublished },
        after: { isPublished },
      },
    };
  });
  await catalogueChanged();
}

export async function deleteModel(actor: AuditActor, modelId: string) {
  const before = await findModel(modelId);
  await auditedWrite(actor, async (tx) => {
    const { count } = await tx.chatModel.deleteMany({ where: { id: modelId } });
    if (count === 0) throw new NotFoundError();
    return {
      result: null,
      audit: { action: "delete", entityType: "chat-model", entityId: modelId, summary: `Deleted chat model ${before.chatModel}`, before: summaryOf(before) },
    };
  });
  await catalogueChanged();
}

export type ModelTestResult = { modelId: string; name: string; ok: boolean; text: string };

/**
 * The Test button: one short request to the model through its provider, with its stored key. The
 * answer, or the provider's error, is what the admin sees; the provider redacts the key from errors.
 */
export async function testModel(modelId: string): Promise<ModelTestResult> {
  const model = await findModel(modelId);
  const name = model.chatModel;
  try {
    const provider = chatProviderFor(model);
    const reply = await provider.completeChat({
      messages: [{ role: "user", content: modelTexts.testPrompt }],
      temperature: 0.6,
      timeoutMs: TEST_TIMEOUT_MS,
    });
    return { modelId, name, ok: true, text: reply.text.trim().slice(0, 2000) || "(The model answered with no text.)" };
  } catch (error) {
    if (error instanceof ProviderError) return { modelId, name, ok: false, text: error.message.slice(0, 1000) };
    logger.error({ err: error, modelId }, "model test failed");
    return { modelId, name, ok: false, text: "The test failed unexpectedly." };
  }
}
