import { beforeEach, describe, expect, test } from "vitest";
import type { CharacterFormValues } from "~/lib/character-form";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { searchCatalogue } from "~/modules/catalogue/characters.server";
import { prisma } from "~/modules/db/db.server";
import { action as buildAction } from "~/routes/admin/build";
import { action as listAction, loader as listLoader } from "~/routes/admin/characters";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/characters.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/characters.edit";
import { loader as infoLoader } from "~/routes/admin/characters.info";
import { auditRows, load, post, pngFile, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics, storedAvatar } from "../helpers/characters";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();
beforeEach(async () => {
  invalidateCatalogueCache();
  await characterFormBasics();
});

type ListData = Awaited<ReturnType<typeof listLoader>>;

async function list(cookie: string, query = "") {
  const { status, data } = await load(listLoader, `/admin/characters${query}`, cookie);
  expect(status).toBe(200);
  return data as ListData;
}

/** Characters made directly: `count` of them, a minute apart (the first the oldest). */
async function someCharacters(count: number, make: (index: number) => { name: string; categoryId?: number; isPublished?: boolean; tags?: string[] }) {
  await prisma().character.createMany({
    data: Array.from({ length: count }, (_, index) => ({ description: "x", createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)), ...make(index) })),
  });
}

async function builtCharacter(cookie: string, extra: [string, string | File][] = []) {
  const answer = await post(buildAction, "/admin/build", cookie, characterForm("create", { publish: "now" }, extra));
  expect(answer).toMatchObject({ status: 302 });
  return prisma().character.findFirstOrThrow({ where: { name: "Nova Starlight" } });
}

const names = (data: ListData) => data.characters.map((character) => character.name);
const publicNames = async () => (await searchCatalogue({})).characters.map((character) => character.name);

describe("/admin/characters", () => {
  test("lists every character newest first, 20 a page, with the exact count", async () => {
    const admin = await signedInAdmin();
    await someCharacters(25, (index) => ({ name: `Character ${String(index + 1).padStart(2, "0")}`, isPublished: index % 2 === 0 }));

    const first = await list(admin.cookie);
    expect([first.total, first.page, first.pageCount, first.characters.length]).toEqual([25, 1, 2, 20]);
    expect(first.characters[0]).toMatchObject({ name: "Character 25", isPublished: true, categoryName: null, tags: [] });
    const second = await list(admin.cookie, "?page=2");
    expect(names(second)).toEqual(["Character 05", "Character 04", "Character 03", "Character 02", "Character 01"]);
  });

  test("filters by name (case-insensitive contains), category and published state, together", async () => {
    const admin = await signedInAdmin();
    await someCharacters(4, (index) => ({
      name: ["Nova Starlight", "Nova Moon", "Kai Storm", "Mira Nova"][index]!,
      categoryId: [3, 1, 3, 3][index],
      isPublished: [true, true, false, true][index],
      tags: ["fixture"],
    }));

    expect(names(await list(admin.cookie, "?q=nOVa"))).toEqual(["Mira Nova", "Nova Moon", "Nova Starlight"]);
    expect(names(await list(admin.cookie, "?category=3"))).toEqual(["Mira Nova", "Kai Storm", "Nova Starlight"]);
    expect(names(await list(admin.cookie, "?published=draft"))).toEqual(["Kai Storm"]);
    expect(names(await list(admin.cookie, "?q=nova&category=3&published=published"))).toEqual(["Mira Nova", "Nova Starlight"]);
    const none = await list(admin.cookie, "?q=nobody");
    expect([none.total, none.characters]).toEqual([0, []]);
    // Malformed filters read as none.
    expect((await list(admin.cookie, "?category=abc&published=maybe&page=-3")).total).toBe(4);
  });

  test("the Published switch publishes and unpublishes, audited, and the public catalogue follows", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie);
    expect(await publicNames()).toEqual(["Nova Starlight"]);
    const toggle = (published: boolean, id = character.id) =>
      post(listAction, "/admin/characters?q=nova", admin.cookie, [
        ["intent", "set-published"],
        ["id", id],
        ["published", String(published)],
      ]);

    expect(await toggle(false)).toRedirectTo("/admin/characters?q=nova", { toast: "character-updated" });
    expect(await publicNames()).toEqual([]);
    expect(await toggle(true)).toRedirectTo("/admin/characters?q=nova", { toast: "character-updated" });
    expect(await publicNames()).toEqual(["Nova Starlight"]);
    expect((await auditRows()).map((row) => [row.action, row.entityId])).toEqual([
      ["create", character.id],
      ["unpublish", character.id],
      ["publish", character.id],
    ]);
    expect(await toggle(true, "00000000-0000-4000-8000-000000000000")).toRedirectTo("/admin/characters?q=nova", { toast: "character-update-failed" });
  });

  test("the edit dialog shows every field and saves them, a new avatar replacing (and removing) the old one", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie, [["avatar", await pngFile("first.png", 400, 400)]]);
    // A setting the form does not show is kept.
    await prisma().character.update({ where: { id: character.id }, data: { details: { personality: "Witty", temperature: 0.4 } } });
    const path = `/admin/characters/${character.id}/edit`;
    const params = { characterId: character.id };

    const { data } = await load(editLoader, path, admin.cookie, params);
    const shown = (data as { character: { values: CharacterFormValues } }).character.values;
    expect(shown).toMatchObject({
      categoryId: "3",
      name: "Nova Starlight",
      chatModel: "Talker",
      isPublished: true,
      tags: ["Stars", "Calm", "stars"],
      details: { personality: "Witty" },
      customModels: [{ type: "image", model: "Painter" }],
      askMe: [{ category: "Astronomy", prompts: "What is a nebula?\nHow far is Mars?" }],
      guide: { chat_basics: { category: "Hello", prompts: "How are you?" }, send_me: { category: "", prompts: "" } },
    });

    const edited = await post(
      editAction,
      path,
      admin.cookie,
      characterForm("update", { name: "Nova Nightfall", categoryId: "1", tags: "Night", "detail.voice": "Soft", isPublished: null }, [
        ["avatar", await pngFile("second.png", 300, 300)],
      ]),
      params,
    );
    expect(edited).toRedirectTo("/admin/characters", { toast: "character-updated" });
    const saved = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    expect(saved).toMatchObject({
      name: "Nova Nightfall",
      categoryId: 1,
      tags: ["Night"],
      isPublished: false,
      details: { personality: "Witty", voice: "Soft", temperature: 0.4 },
    });
    expect(saved.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${character.id}/[0-9a-f]{24}\\.webp$`));
    expect(saved.avatarUrl).not.toBe(character.avatarUrl);
    expect(await storedAvatar(saved.avatarUrl!)).not.toBeNull();
    expect(await storedAvatar(character.avatarUrl!)).toBeNull();
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "update",
      entityId: character.id,
      before: { name: "Nova Starlight", isPublished: true },
      after: { name: "Nova Nightfall", isPublished: false },
    });
    expect(await publicNames()).toEqual([]);

    // Saved without a new picture, the avatar stays.
    await post(editAction, path, admin.cookie, characterForm("update", { isPublished: "on" }), params);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({ avatarUrl: saved.avatarUrl, isPublished: true });
  });

  test("an edit that breaks a rule answers 400 with the spec's text and changes nothing", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie);
    const answer = await post(editAction, `/admin/characters/${character.id}/edit`, admin.cookie, characterForm("update", { description: "" }), {
      characterId: character.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: "Missing required fields: Description", description: "Please fill in all required fields" });
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({ description: character.description });
  });

  test("the info dialog hides tags, chat_model, image_model, voice, relationship and isPublished", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie);
    await prisma().character.update({
      where: { id: character.id },
      data: { details: { personality: "Witty", voice: "Soft", relationship: "Friend", image_model: "Painter", occupation: "Guide" } },
    });
    const { data } = await load(infoLoader, `/admin/characters/${character.id}/info`, admin.cookie, { characterId: character.id });
    const info = (data as Awaited<ReturnType<typeof infoLoader>>).character;
    expect(info).toMatchObject({ name: "Nova Starlight", categoryName: "Anime", welcomeMessage: "Hi, I'm Nova!" });
    // jsonb keeps its own key order.
    expect(Object.fromEntries(info.details)).toEqual({ personality: "Witty", occupation: "Guide" });
    for (const hidden of ["tags", "chatModel", "chat_model", "isPublished", "customModels"]) expect(info).not.toHaveProperty(hidden);
  });

  test("delete asks first, then removes the character and its avatar, audited", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie, [["avatar", await pngFile("nova.png", 300, 300)]]);
    const path = `/admin/characters/${character.id}/delete`;
    const params = { characterId: character.id };
    expect((await load(deleteLoader, path, admin.cookie, params)).data).toEqual({ name: "Nova Starlight" });

    expect(await post(deleteAction, path, admin.cookie, [["intent", "delete"]], params)).toRedirectTo("/admin/characters", { toast: "character-deleted" });
    expect(await prisma().character.count()).toBe(0);
    expect(await storedAvatar(character.avatarUrl!)).toBeNull();
    expect((await auditRows()).at(-1)).toMatchObject({ action: "delete", entityId: character.id, before: { name: "Nova Starlight" } });
    expect(await publicNames()).toEqual([]);
  });

  test("a save or delete from a filtered list goes back to the list as it was filtered", async () => {
    const admin = await signedInAdmin();
    const character = await builtCharacter(admin.cookie);
    const params = { characterId: character.id };
    const query = "?q=nova&category=3&toast=character-saved";
    expect(await post(editAction, `/admin/characters/${character.id}/edit${query}`, admin.cookie, characterForm("update"), params)).toRedirectTo(
      "/admin/characters?q=nova&category=3",
      { toast: "character-updated" },
    );
    expect(await post(deleteAction, `/admin/characters/${character.id}/delete${query}`, admin.cookie, [["intent", "delete"]], params)).toRedirectTo(
      "/admin/characters?q=nova&category=3",
      { toast: "character-deleted" },
    );
  });

  test("a character that does not exist answers 404 in the edit, info and delete dialogs", async () => {
    const admin = await signedInAdmin();
    for (const [loader, kind] of [
      [editLoader, "edit"],
      [infoLoader, "info"],
      [deleteLoader, "delete"],
    ] as const) {
      for (const characterId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"])
        expect((await load(loader, `/admin/characters/${characterId}/${kind}`, admin.cookie, { characterId })).status).toBe(404);
    }
  });
});
