import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_IMAGE_SETTINGS, modelTexts } from "~/lib/admin-models";
import { FORBIDDEN_MODEL_ADDRESS_TEXT } from "~/lib/model-address";
import routes from "~/routes";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { EVERY_MODEL, listPublishedModels } from "~/modules/chat/model-choice.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { isSealed, openSecret } from "~/modules/security/secret-box.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/models.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/models.edit";
import { action as newAction } from "~/routes/admin/models.new";
import { action as modelsAction, loader as modelsLoader } from "~/routes/admin/models";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import { auditRows, load, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { appRequestHandler } from "../helpers/request-handler";
import { routeArgs } from "../helpers/route-args";

databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const SECRET_KEY = "sk-test-very-secret-0123456789";

type Fields = [string, string][];
type TextField =
  | "chatModel"
  | "modelId"
  | "aiPlatform"
  | "modelType"
  | "description"
  | "costTokens"
  | "costUnit"
  | "weight"
  | "apiUrl"
  | "apiKey"
  | "removeApiKey"
  | "contextTokens";
type ModelFields = Partial<Record<TextField, string>> & { settings?: [string, string][]; checks?: string[] };

function modelForm(intent: "create" | "update", { settings = [], checks = ["isStream"], ...overrides }: ModelFields = {}): Fields {
  const values = {
    chatModel: "Fake GPT",
    modelId: "gpt-fake",
    aiPlatform: "openai",
    modelType: "chat",
    description: "A model for tests",
    systemInstruction: "",
    messageInstruction: "",
    costTokens: "20",
    costUnit: "message",
    weight: "5",
    apiUrl: fake.url,
    apiKey: "",
    ...overrides,
  };
  return [
    ["intent", intent],
    ...(Object.entries(values) as Fields),
    ...settings.flatMap(([name, options]): Fields => [
      ["settingName", name],
      ["settingOptions", options],
    ]),
    ...checks.map((name): [string, string] => [name, "on"]),
  ];
}

async function addModel(cookie: string, fields: ModelFields = {}) {
  const answer = await post(newAction, "/admin/models/new", cookie, modelForm("create", fields));
  expect(answer).toRedirectTo("/admin/models", { toast: "model-added" });
  return prisma().chatModel.findFirstOrThrow({ where: { chatModel: fields.chatModel ?? "Fake GPT" } });
}

type Listed = Awaited<ReturnType<typeof modelsLoader>>;
const listed = async (cookie: string, query = "") =>
  ((await load(modelsLoader, `/admin/models${query}`, cookie)).data as Listed).models.map((m) => m.chatModel);

/** Every /admin route of app/routes.ts, its params filled from `ids`. */
function adminRoutes(entries: RouteConfigEntry[] = routes, parent = ""): { url: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    const here = own.startsWith("admin") ? [{ url: `/${own}`, file: entry.file }] : [];
    return [...here, ...adminRoutes(entry.children ?? [], own)];
  });
}

/**
 * The API key is write-only: for every admin page, neither its loader's data nor its rendered HTML
 * holds the key, as typed or as stored.
 */
async function expectKeyInNoAdminPage(cookie: string, ids: Record<string, string>, secrets: string[]) {
  const handle = await appRequestHandler();
  const pages = adminRoutes();
  expect(pages.map((page) => page.url)).toEqual(expect.arrayContaining(["/admin/models", "/admin/models/:modelId/edit", "/admin/banners", "/admin/users"]));
  for (const page of pages) {
    const params = Object.fromEntries([...page.url.matchAll(/:(\w+)/g)].map(([, name]) => [name, ids[name] ?? "missing"]));
    const url = page.url.replace(/:(\w+)/g, (_, name: string) => params[name]!);
    const module = (await import(/* @vite-ignore */ path.resolve("app", page.file))) as { loader?: (args: never) => Promise<unknown> };
    if (module.loader) {
      const data = JSON.stringify((await load(module.loader, url, cookie, params)).data ?? null);
      for (const secret of secrets) expect(data, `${url} loader data`).not.toContain(secret);
    }
    const response = await handle(new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }));
    expect(response.status, url).toBeLessThan(500);
    const html = await response.text();
    for (const secret of secrets) expect(html, `${url} HTML`).not.toContain(secret);
  }
}

describe("/admin/models", () => {
  test("Add Model stores the model with typed settings and the key sealed, and audits without the key", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie, {
      apiKey: SECRET_KEY,
      settings: [
        ["quality", " high, low "],
        ["hd", "true, false"],
        ["steps", "4, 8.5"],
      ],
      checks: ["isStream", "isPublished"],
    });
    expect(model).toMatchObject({ modelId: "gpt-fake", aiPlatform: "openai", modelType: "chat", costTokens: 20, weight: 5, isPublished: true, isStream: true });
    expect(model.settings).toEqual({ quality: ["high", "low"], hd: [true, false], steps: [4, 8.5] });
    expect(isSealed(model.apiKey!)).toBe(true);
    expect(model.apiKey).not.toContain(SECRET_KEY);
    expect(openSecret(model.apiKey)).toBe(SECRET_KEY);

    const [audit] = await auditRows();
    expect(audit).toMatchObject({ actorEmail: admin.email, action: "create", entityType: "chat-model", entityId: model.id, after: { hasApiKey: true } });
    expect(JSON.stringify(audit)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(audit)).not.toContain(model.apiKey);
  });

  test("a new image model without settings starts with the spec's default image settings", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie, { chatModel: "Flux", modelType: "image", costUnit: "1_megabitpixiels" });
    expect(model.settings).toEqual(DEFAULT_IMAGE_SETTINGS);
  });

  test("the list filters by name (case-insensitive), platform and type; nothing matching says 'No chat models found'", async () => {
    const admin = await signedInAdmin();
    await addModel(admin.cookie, { chatModel: "Fake GPT" });
    await addModel(admin.cookie, { chatModel: "Llama Large", modelId: "llama-3", aiPlatform: "nebius" });
    await addModel(admin.cookie, { chatModel: "Flux", modelId: "flux-dev", aiPlatform: "fal", modelType: "image", costTokens: "0" });

    expect(await listed(admin.cookie)).toEqual(["Fake GPT", "Llama Large", "Flux"]);
    expect(await listed(admin.cookie, "?name=LLAMA")).toEqual(["Llama Large"]);
    expect(await listed(admin.cookie, "?name=flux-d")).toEqual(["Flux"]);
    expect(await listed(admin.cookie, "?platform=nebius")).toEqual(["Llama Large"]);
    expect(await listed(admin.cookie, "?type=image")).toEqual(["Flux"]);
    expect(await listed(admin.cookie, "?type=chat&platform=fal")).toEqual([]);
    expect(await listed(admin.cookie, "?name=%00&type=%00")).toEqual(["Fake GPT", "Llama Large", "Flux"]);

    const handle = await appRequestHandler();
    const page = await (await handle(new Request("http://localhost/admin/models", { headers: { Cookie: admin.cookie } }))).text();
    expect(page).toContain("Free");
    expect(page).toContain("20 tokens per message");
    const empty = await (await handle(new Request("http://localhost/admin/models?name=nothing", { headers: { Cookie: admin.cookie } }))).text();
    expect(empty).toContain(modelTexts.empty);
  });

  test.each([
    ["chatModel", modelTexts.chatModelRequired, { chatModel: " " }],
    ["modelId", modelTexts.modelIdRequired, { modelId: "" }],
    ["aiPlatform", modelTexts.platformRequired, { aiPlatform: "" }],
    ["modelType", modelTexts.typeRequired, { modelType: "" }],
    ["modelType", modelTexts.typeRequired, { modelType: "hologram" }],
    ["costTokens", modelTexts.costInteger, { costTokens: "-1" }],
    ["costTokens", modelTexts.costInteger, { costTokens: "1.5" }],
    ["costTokens", modelTexts.costInteger, { costTokens: "" }],
    ["apiUrl", modelTexts.apiUrl, { apiUrl: "ftp://example.com" }],
  ])("a model without a valid %s is refused with '%s' and nothing is written", async (field, message, overrides) => {
    const admin = await signedInAdmin();
    const answer = await post(newAction, "/admin/models/new", admin.cookie, modelForm("create", { ...overrides, apiKey: SECRET_KEY }));
    expect(answer).toMatchObject({ status: 400, data: { error: message, fields: { [field]: message } } });
    expect(JSON.stringify(answer)).not.toContain(SECRET_KEY);
    expect(await prisma().chatModel.count()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  test("a setting with a name but no options, or options without a name, is refused", async () => {
    const admin = await signedInAdmin();
    for (const settings of [[["size", " , "]], [["", "1, 2"]]] as [string, string][][]) {
      const answer = await post(newAction, "/admin/models/new", admin.cookie, modelForm("create", { settings }));
      expect(answer).toMatchObject({ status: 400, data: { fields: { settings: expect.any(String) } } });
    }
    expect(await prisma().chatModel.count()).toBe(0);
  });

  test("Context size is kept from the form (blank: no bound); one out of range or not a number is refused with its text", async () => {
    const admin = await signedInAdmin();
    expect((await addModel(admin.cookie, { contextTokens: " 8192 " })).contextTokens).toBe(8192);
    expect((await addModel(admin.cookie, { chatModel: "Unbounded", contextTokens: "" })).contextTokens).toBeNull();
    for (const contextTokens of ["100", "12.5", "lots", "99999999999"]) {
      const answer = await post(newAction, "/admin/models/new", admin.cookie, modelForm("create", { chatModel: "Refused", contextTokens }));
      expect(answer).toMatchObject({ status: 400, data: { fields: { contextTokens: modelTexts.contextTokens } } });
    }
    expect(await prisma().chatModel.count({ where: { chatModel: "Refused" } })).toBe(0);
  });

  test("a second model with the same name is refused with its text", async () => {
    const admin = await signedInAdmin();
    await addModel(admin.cookie);
    const answer = await post(newAction, "/admin/models/new", admin.cookie, modelForm("create"));
    expect(answer).toMatchObject({ status: 400, data: { error: modelTexts.duplicate, fields: { chatModel: modelTexts.duplicate } } });
    expect(await prisma().chatModel.count()).toBe(1);
  });

  test("Edit shows the model without its key; a blank key keeps it, a new one replaces it, 'remove' clears it", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie, { apiKey: SECRET_KEY, settings: [["size", "square, 2"]] });
    const { data } = await load(editLoader, `/admin/models/${model.id}/edit`, admin.cookie, { modelId: model.id });
    expect(data).toMatchObject({ hasApiKey: true, values: { chatModel: "Fake GPT", settings: [{ name: "size", options: "square, 2" }], costTokens: "20" } });
    expect(JSON.stringify(data)).not.toContain(SECRET_KEY);

    const edit = (fields: ModelFields) => post(editAction, `/admin/models/${model.id}/edit`, admin.cookie, modelForm("update", fields), { modelId: model.id });
    expect(await edit({ chatModel: "Fake GPT 2", costTokens: "0" })).toRedirectTo("/admin/models", { toast: "model-updated" });
    let saved = await prisma().chatModel.findUniqueOrThrow({ where: { id: model.id } });
    expect(saved).toMatchObject({ chatModel: "Fake GPT 2", costTokens: 0, apiKey: model.apiKey, settings: {} });

    await edit({ chatModel: "Fake GPT 2", apiKey: "sk-new-key-987" });
    saved = await prisma().chatModel.findUniqueOrThrow({ where: { id: model.id } });
    expect(openSecret(saved.apiKey)).toBe("sk-new-key-987");

    await edit({ chatModel: "Fake GPT 2", removeApiKey: "on" });
    expect((await prisma().chatModel.findUniqueOrThrow({ where: { id: model.id } })).apiKey).toBeNull();

    const audits = (await auditRows()).filter((row) => row.action === "update");
    expect(audits.map((row) => row.summary)).toEqual([
      "Updated chat model Fake GPT 2",
      "Updated chat model Fake GPT 2 (API key replaced)",
      "Updated chat model Fake GPT 2 (API key removed)",
    ]);
    expect(audits[0]).toMatchObject({ before: { chatModel: "Fake GPT", costTokens: 20 }, after: { chatModel: "Fake GPT 2", costTokens: 0 } });
    expect(JSON.stringify(await auditRows())).not.toMatch(/sk-new-key|sk-test-very/);
  });

  test("Edit of a model that does not exist answers 404", async () => {
    const admin = await signedInAdmin();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await load(editLoader, `/admin/models/${missing}/edit`, admin.cookie, { modelId: missing })).toMatchObject({ status: 404 });
    expect(await load(editLoader, "/admin/models/nope/edit", admin.cookie, { modelId: "nope" })).toMatchObject({ status: 404 });
  });

  test("the Published switch publishes and unpublishes, chat sees the change at once, and each is audited", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie);
    expect(await listPublishedModels(EVERY_MODEL)).toEqual([]);
    const toggle = (published: string) =>
      post(modelsAction, "/admin/models", admin.cookie, [
        ["intent", "set-published"],
        ["id", model.id],
        ["published", published],
      ]);

    expect(await toggle("true")).toRedirectTo("/admin/models");
    expect((await listPublishedModels(EVERY_MODEL)).map((m) => m.chatModel)).toEqual(["Fake GPT"]);
    const filtered = await post(modelsAction, "/admin/models?type=chat&toast=model-added", admin.cookie, [
      ["intent", "set-published"],
      ["id", model.id],
      ["published", "false"],
    ]);
    expect(filtered).toRedirectTo("/admin/models?type=chat");
    expect(await listPublishedModels(EVERY_MODEL)).toEqual([]);
    expect((await auditRows()).map((row) => row.action)).toEqual(["create", "publish", "unpublish"]);
    expect(await toggle("false")).toRedirectTo("/admin/models");

    expect(
      await post(modelsAction, "/admin/models", admin.cookie, [
        ["intent", "set-published"],
        ["id", "nope"],
        ["published", "true"],
      ]),
    ).toRedirectTo("/admin/models", { toast: "model-update-failed" });
  });

  test("Delete asks first, then removes the model with an audit row", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie);
    expect((await load(deleteLoader, `/admin/models/${model.id}/delete`, admin.cookie, { modelId: model.id })).data).toEqual({ name: "Fake GPT" });
    const answer = await post(deleteAction, `/admin/models/${model.id}/delete`, admin.cookie, [["intent", "delete"]], { modelId: model.id });
    expect(answer).toRedirectTo("/admin/models", { toast: "model-deleted" });
    expect(await prisma().chatModel.count()).toBe(0);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "delete", entityType: "chat-model", entityId: model.id, before: { chatModel: "Fake GPT" } });
  });

  test("Test sends one short request with the model's own key and shows the answer, or the provider's error", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie, { apiKey: SECRET_KEY });
    const before = fake.requests.length;
    fake.nextReply({ text: "I am working fine." });
    const answer = await post(modelsAction, "/admin/models", admin.cookie, [
      ["intent", "test"],
      ["id", model.id],
    ]);
    expect(answer).toMatchObject({ status: 200, data: { test: { ok: true, name: "Fake GPT", text: "I am working fine." } } });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.body).toMatchObject({ model: "gpt-fake", messages: [{ role: "user", content: modelTexts.testPrompt }] });

    fake.nextReply({ failWith: { status: 401, message: "Incorrect API key provided" } });
    const failed = await post(modelsAction, "/admin/models", admin.cookie, [
      ["intent", "test"],
      ["id", model.id],
    ]);
    expect(failed).toMatchObject({ status: 200, data: { test: { ok: false, text: expect.stringContaining("Incorrect API key provided") } } });
    expect(JSON.stringify(failed)).not.toContain(SECRET_KEY);
  });

  test("an API URL at a link-local or metadata address is refused on the form; one stored earlier fails its Test with that reason", async () => {
    const admin = await signedInAdmin();
    for (const apiUrl of ["http://169.254.169.254/v1", "http://metadata.google.internal/v1", "http://[fe80::1]:8080/v1"]) {
      const answer = await post(newAction, "/admin/models/new", admin.cookie, modelForm("create", { apiUrl }));
      expect(answer, apiUrl).toMatchObject({ status: 400, data: { fields: { apiUrl: FORBIDDEN_MODEL_ADDRESS_TEXT } } });
    }
    expect(await prisma().chatModel.count()).toBe(0);
    // A self-hosted model on this machine or the local network is fine.
    await addModel(admin.cookie, { chatModel: "Local Llama", apiUrl: "http://127.0.0.1:11434/v1" });
    const model = await addModel(admin.cookie, { apiKey: SECRET_KEY });
    await prisma().chatModel.update({ where: { id: model.id }, data: { apiUrl: "http://169.254.169.254/v1" } });
    const before = fake.requests.length;
    const tested = await post(modelsAction, "/admin/models", admin.cookie, [
      ["intent", "test"],
      ["id", model.id],
    ]);
    expect(tested).toMatchObject({ status: 200, data: { test: { ok: false, text: FORBIDDEN_MODEL_ADDRESS_TEXT } } });
    expect(fake.requests.length).toBe(before);
  });

  test("a key stored in plain text before keys were sealed is still used", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie);
    await prisma().chatModel.update({ where: { id: model.id }, data: { apiKey: "sk-legacy-plain" } });
    fake.nextReply({ text: "Legacy works." });
    const answer = await post(modelsAction, "/admin/models", admin.cookie, [
      ["intent", "test"],
      ["id", model.id],
    ]);
    expect(answer).toMatchObject({ data: { test: { ok: true, text: "Legacy works." } } });
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer sk-legacy-plain");
  });

  test("the API key is in no admin loader's data and no admin page's HTML", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie, { apiKey: SECRET_KEY, checks: ["isPublished"] });
    const legacy = await addModel(admin.cookie, { chatModel: "Legacy", apiKey: "x" });
    await prisma().chatModel.update({ where: { id: legacy.id }, data: { apiKey: "sk-legacy-plain-abcdef" } });
    const detail = await prisma().characterDetailDefinition.create({ data: { name: "Hobby", details: ["Chess"] } });
    const plan = await prisma().plan.create({ data: { name: "Fixture plan", priceCents: 0 } });
    const banner = await prisma().banner.create({ data: { title: "Fixture", imageUrl: "/fixture.webp" } });
    const ids = { modelId: model.id, detailId: String(detail.id), planId: plan.id, bannerId: banner.id, id: admin.id, packageId: "none" };
    await expectKeyInNoAdminPage(admin.cookie, ids, [SECRET_KEY, model.apiKey!, "sk-legacy-plain-abcdef"]);
  });

  test("when the models cannot be loaded, the page shows 'Error fetching chat models' in a panel", async () => {
    const admin = await signedInAdmin();
    await prisma().$executeRawUnsafe("ALTER TABLE chat_models RENAME TO chat_models_gone");
    const errorLog = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const handle = await appRequestHandler();
      const response = await handle(new Request("http://localhost/admin/models", { headers: { Cookie: admin.cookie } }));
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain(modelTexts.fetchFailed);
      expect(html).toContain("Try again");
    } finally {
      errorLog.mockRestore();
      await prisma().$executeRawUnsafe("ALTER TABLE chat_models_gone RENAME TO chat_models");
    }
  });

  test("deleting a model that is already gone answers 404 and writes nothing", async () => {
    const admin = await signedInAdmin();
    const missing = "00000000-0000-4000-8000-000000000000";
    const answer = await post(deleteAction, `/admin/models/${missing}/delete`, admin.cookie, [["intent", "delete"]], { modelId: missing });
    expect(answer).toMatchObject({ status: 404 });
    expect(await auditRows()).toEqual([]);
  });

  test("a signed-out visitor is sent away from the Test action and nothing is called", async () => {
    const admin = await signedInAdmin();
    const model = await addModel(admin.cookie);
    const before = fake.requests.length;
    const request = new Request("http://localhost/admin/models", { method: "POST", body: new URLSearchParams({ intent: "test", id: model.id }) });
    await expect(modelsAction(routeArgs(request))).rejects.toMatchObject({ status: 302 });
    expect(fake.requests.length).toBe(before);
  });
});
