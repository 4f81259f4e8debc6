import { beforeEach, describe, expect, test } from "vitest";
import { characterFormTexts, type CharacterFormValues } from "~/lib/character-form";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { searchCatalogue } from "~/modules/catalogue/characters.server";
import { prisma } from "~/modules/db/db.server";
import { action as buildAction, loader as buildLoader } from "~/routes/admin/build";
import { auditRows, load, post, pngFile, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics, refusedCharacterFormValues, storedAvatar } from "../helpers/characters";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();
beforeEach(async () => {
  invalidateCatalogueCache();
  await characterFormBasics();
});

const build = (cookie: string, overrides: Record<string, string | null> = {}, extra: [string, string | File][] = []) =>
  post(buildAction, "/admin/build", cookie, characterForm("create", overrides, extra));

const published = async () => (await searchCatalogue({})).characters.map((character) => character.name);

/** Nothing was written: no character, no audit row. */
const nothingWritten = async () => expect([await prisma().character.count(), await prisma().auditEntry.count()]).toEqual([0, 0]);

describe("/admin/build", () => {
  test("offers the categories, the detail definitions and the published models of each type", async () => {
    const admin = await signedInAdmin();
    const { status, data } = await load(buildLoader, "/admin/build", admin.cookie);
    expect(status).toBe(200);
    expect((data as Awaited<ReturnType<typeof buildLoader>>).choices).toEqual({
      categories: [
        { id: 1, name: "Girls" },
        { id: 3, name: "Anime" },
      ],
      definitions: [
        { name: "personality", description: "Temperament", options: ["Caring", "Witty"] },
        { name: "voice", description: "How they sound", options: ["Soft", "Deep"] },
      ],
      modelTypes: ["chat", "image"],
      modelsByType: { chat: ["Talker"], image: ["Painter"] },
    });
  });

  test("Publish Now stores every field (tags trimmed and de-duplicated, empty details dropped), audits it and shows it on Explore", async () => {
    const admin = await signedInAdmin();
    expect(await published()).toEqual([]);

    const answer = await build(admin.cookie, { publish: "now" });
    expect(answer).toRedirectTo("/admin/characters", { toast: "character-saved" });
    const character = await prisma().character.findFirstOrThrow();
    expect(character).toMatchObject({
      name: "Nova Starlight",
      description: "A stargazing guide who loves quiet nights.",
      categoryId: 3,
      welcomeMessage: "Hi, I'm Nova!",
      isPublished: true,
      chatModel: "Talker",
      tags: ["Stars", "Calm", "stars"],
      details: { personality: "Witty" },
      customModels: [{ image: "Painter" }],
      systemInstruction: "Stay in character as Nova.",
      messageInstruction: "Answer in two sentences.",
      imagePrompt: "a woman under the stars",
      promptGuide: {
        ask_me: [{ category: "Astronomy", prompts: ["What is a nebula?", "How far is Mars?"] }],
        chat_basics: { category: "Hello", prompts: ["How are you?"] },
      },
      avatarUrl: null,
    });
    expect((await auditRows()).map(({ action, entityType, entityId, actorEmail }) => ({ action, entityType, entityId, actorEmail }))).toEqual([
      { action: "create", entityType: "character", entityId: character.id, actorEmail: admin.email },
    ]);
    // The catalogue cache read before the write was cleared by it.
    expect(await published()).toEqual(["Nova Starlight"]);
  });

  test("Save as Draft keeps the character off the public pages", async () => {
    const admin = await signedInAdmin();
    expect(await build(admin.cookie, { publish: "draft" })).toRedirectTo("/admin/characters", { toast: "character-saved" });
    expect(await prisma().character.findFirstOrThrow()).toMatchObject({ isPublished: false });
    expect(await published()).toEqual([]);
  });

  test("tags typed with JavaScript (chips) and without (comma-separated) are trimmed and de-duplicated together", async () => {
    const admin = await signedInAdmin();
    await build(admin.cookie, { tags: "Night,  Owl " }, [
      ["tag", " Calm "],
      ["tag", "Night"],
    ]);
    expect((await prisma().character.findFirstOrThrow()).tags).toEqual(["Calm", "Night", "Owl"]);
  });

  test.each([
    ["all three", { categoryId: "", name: " ", description: "" }, "Category, Name, Description", ["categoryId", "name", "description"]],
    ["the category", { categoryId: "" }, "Category", ["categoryId"]],
    ["the name", { name: "   " }, "Name", ["name"]],
    ["the description", { description: null }, "Description", ["description"]],
  ])("without %s it answers 400 'Missing required fields' listing them, and writes nothing", async (_case, overrides, listed, fields) => {
    const admin = await signedInAdmin();
    const answer = await build(admin.cookie, { publish: "now", ...overrides });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      error: `${characterFormTexts.missingTitle}: ${listed}`,
      description: characterFormTexts.missingDescription,
    });
    expect(Object.keys((answer.data as { fields: object }).fields)).toEqual(fields);
    // What was typed comes back to be shown again.
    expect((answer.data as { values: CharacterFormValues }).values).toMatchObject({ welcomeMessage: "Hi, I'm Nova!", tags: ["Stars", "Calm", "stars"] });
    await nothingWritten();
  });

  test.each([
    ...refusedCharacterFormValues,
    ["a model of another type", { "customModels.0.type": "chat", "customModels.0.model": "Painter" }, "customModels", "Choose a published chat model"],
  ] as const)("refuses %s with 400 and its text, writing nothing", async (_case, overrides, field, text) => {
    const admin = await signedInAdmin();
    const answer = await build(admin.cookie, { publish: "now", ...overrides });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: text, fields: { [field]: text } });
    await nothingWritten();
  });

  test("a custom model row left wholly blank is ignored", async () => {
    const admin = await signedInAdmin();
    await build(admin.cookie, { publish: "now", "customModels.1.type": "", "customModels.1.model": "" });
    expect((await prisma().character.findFirstOrThrow()).customModels).toEqual([{ image: "Painter" }]);
  });

  test("the avatar is stored under a random name in a folder named by the character's id", async () => {
    const admin = await signedInAdmin();
    await build(admin.cookie, { publish: "now" }, [["avatar", await pngFile("nova.png", 600, 800)]]);
    const character = await prisma().character.findFirstOrThrow();
    expect(character.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${character.id}/[0-9a-f]{24}\\.webp$`));
    expect((await storedAvatar(character.avatarUrl!))?.contentType).toBe("image/webp");
  });

  test("an avatar that is not an image by its content is refused, whatever it is called", async () => {
    const admin = await signedInAdmin();
    const fake = new File(["<svg onload=alert(1)>not a picture</svg>"], "nova.png", { type: "image/png" });
    const answer = await build(admin.cookie, { publish: "now" }, [["avatar", fake]]);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      error: `${characterFormTexts.uploadFailed}: ${characterFormTexts.notAnImage}`,
      fields: { avatar: characterFormTexts.notAnImage },
    });
    await nothingWritten();
  });

  test("without JavaScript, Add another shows the form again with one more row and every value kept, saving nothing", async () => {
    const admin = await signedInAdmin();
    const models = await build(admin.cookie, { add: "customModels" });
    expect(models.status).toBe(200);
    const values = (models.data as { values: CharacterFormValues }).values;
    expect(values.customModels).toEqual([
      { type: "image", model: "Painter" },
      { type: "", model: "" },
    ]);
    expect(values).toMatchObject({ name: "Nova Starlight", details: { personality: "Witty", voice: "" }, tags: ["Stars", "Calm", "stars"] });

    const groups = await build(admin.cookie, { add: "askMe" });
    expect((groups.data as { values: CharacterFormValues }).values.askMe).toHaveLength(2);
    const removed = await build(admin.cookie, { remove: "customModels.0" });
    expect((removed.data as { values: CharacterFormValues }).values.customModels).toEqual([]);
    await nothingWritten();
  });
});
