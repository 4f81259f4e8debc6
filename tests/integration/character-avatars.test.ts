// A character's avatar drawn from its appearance on /create: a media job paid like any other,
// whose picture becomes the avatar (held for review on a published character), checked before
// anything is written.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ownCharacterTexts } from "~/lib/own-characters";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { listObjects } from "~/modules/storage/storage.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as adminListAction } from "~/routes/admin/characters";
import { action as deleteAction } from "~/routes/create/delete";
import { action as editAction, loader as editLoader } from "~/routes/create/edit";
import { action as createAction, loader as createLoader } from "~/routes/create/index";
import type { FakeFal } from "../fakes/fal-server";
import { load, pngFile, post, signedInAdmin } from "../helpers/admin";
import { characterForm, storedAvatar } from "../helpers/characters";
import { expectTokensSettled, jobEnded, personWith500Tokens, startMediaSuite } from "../helpers/media";
import { signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";

let suite: Awaited<ReturnType<typeof startMediaSuite>>;
let fal: FakeFal;
let categoryId: string;
const APPEARANCE = "a lighthouse keeper with a red scarf";

beforeAll(async () => {
  suite = await startMediaSuite();
  fal = suite.fal;
  categoryId = String((await prisma().category.findFirstOrThrow()).id);
});
afterAll(() => suite.stop());

async function person({ tokens = true } = {}) {
  const userId = tokens ? await personWith500Tokens() : await newUser();
  return { userId, cookie: await signedInCookie(userId) };
}

/** The /create form filled for the seeded catalogue (no custom models), asking for a generated avatar. */
function avatarForm(intent: "create" | "update", overrides: Record<string, string | null> = {}, extra: [string, string | File][] = []) {
  return characterForm(
    intent,
    {
      categoryId,
      chatModel: "",
      "customModels.0.type": "",
      "customModels.0.model": "",
      imagePrompt: APPEARANCE,
      generateAvatar: "on",
      ...overrides,
    },
    extra,
  );
}

type CreateData = Awaited<ReturnType<typeof createLoader>>;
type Failure = { error: string; fields?: Record<string, string>; generateAvatar?: boolean; values?: { name: string } };

async function myCharacters(cookie: string) {
  const { data } = await load(createLoader, "/create", cookie);
  return (data as CreateData).characters;
}

/** The avatar job of the person's character, once it has ended. */
async function avatarJobEnded(userId: string, characterId: string) {
  const job = await prisma().mediaJob.findFirstOrThrow({ where: { userId, characterId, setsAvatar: true }, orderBy: { createdAt: "desc" } });
  return jobEnded(userId, job.id);
}

describe("generating a character's avatar from its appearance", () => {
  test("/create offers it with the image model and its price", async () => {
    const { cookie } = await person();
    const { data } = await load(createLoader, "/create", cookie);
    const offer = (data as CreateData).avatarOffer;
    expect(offer).not.toBeNull();
    expect(offer!.costTokens).toBeGreaterThan(0);
  });

  test("a character's edit page offers its own image model, which then draws the avatar", async () => {
    const { userId, cookie } = await person();
    const usable = (await load(createLoader, "/create", cookie)).data as CreateData;
    const images = await prisma().chatModel.findMany({ where: { modelType: "image", isPublished: true }, orderBy: { chatModel: "asc" } });
    const own = images.find((model) => model.chatModel !== usable.avatarOffer!.model && (model.aiPlatform === "demo" || model.aiPlatform === "fal"))!;
    expect(own).toBeDefined();
    await post(createAction, "/create", cookie, avatarForm("create", { name: "Own Painter", generateAvatar: null }));
    const character = await prisma().character.findFirstOrThrow({ where: { name: "Own Painter", createdById: userId } });
    await prisma().character.update({ where: { id: character.id }, data: { customModels: [{ image: own.chatModel }] } });
    const { data } = await load(editLoader, `/create/${character.id}/edit`, cookie, { characterId: character.id });
    expect((data as { avatarOffer: { model: string } }).avatarOffer.model).toBe(own.chatModel);

    const edited = await post(
      editAction,
      `/create/${character.id}/edit`,
      cookie,
      avatarForm("update", { name: "Own Painter", "customModels.0.type": "image", "customModels.0.model": own.chatModel }),
      { characterId: character.id },
    );
    expect(edited).toRedirectTo("/create", { toast: "character-updated-avatar" });
    const job = await prisma().mediaJob.findFirstOrThrow({ where: { characterId: character.id, setsAvatar: true } });
    expect(job.chatModel).toBe(own.chatModel);
    expect((await avatarJobEnded(userId, character.id)).status).toBe("completed");
  });

  test("a new character is saved at once, and its avatar follows from a paid media job drawn from the appearance", async () => {
    const { userId, cookie } = await person();
    const name = `Avatar Keeper ${Date.now()}`;
    expect(await post(createAction, "/create", cookie, avatarForm("create", { name }))).toRedirectTo("/create", { toast: "character-saved-avatar" });
    const saved = await prisma().character.findFirstOrThrow({ where: { name, createdById: userId } });
    expect(saved.isPublished).toBe(false);

    const job = await avatarJobEnded(userId, saved.id);
    expect(job.status).toBe("completed");
    const asked = [...fal.requests.values()].find((request) => request.input.prompt === APPEARANCE);
    expect(asked).toBeDefined();

    const character = await prisma().character.findUniqueOrThrow({ where: { id: saved.id } });
    expect(character.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${saved.id}/[0-9a-f]+\\.webp$`));
    const stored = await storedAvatar(character.avatarUrl!);
    const picture = await sharp(stored!.body).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(["webp", 512, 512]);

    // Paid as the media job's price, exactly once.
    const record = await prisma().mediaJob.findUniqueOrThrow({ where: { id: job.id } });
    expect((await getBalance(userId)).total).toBe(500 - record.costTokens);
    await expectTokensSettled(userId);

    const listed = (await myCharacters(cookie)).find((row) => row.id === saved.id)!;
    expect(listed.avatarUrl).toBe(character.avatarUrl);
    expect(listed.avatarJob).toEqual({ generating: false, failed: null });
  });

  test("without an appearance, without tokens or without an image model nothing is written and the form comes back", async () => {
    const { userId, cookie } = await person();
    const blank = await post(createAction, "/create", cookie, avatarForm("create", { name: "No Look", imagePrompt: "  " }));
    expect(blank.status).toBe(400);
    expect(blank.data as Failure).toMatchObject({
      error: ownCharacterTexts.avatarNeedsAppearance,
      fields: { imagePrompt: ownCharacterTexts.avatarNeedsAppearance },
      generateAvatar: true,
      values: { name: "No Look" },
    });

    const poor = await person({ tokens: false });
    const refused = await post(createAction, "/create", poor.cookie, avatarForm("create", { name: "No Tokens" }));
    expect(refused.status).toBe(402);
    expect((refused.data as Failure).error).toMatch(/^You need \d+ tokens for this, and your balance is 0/);

    const images = await prisma().chatModel.findMany({ where: { modelType: "image", isPublished: true }, select: { id: true } });
    await prisma().chatModel.updateMany({ where: { id: { in: images.map((model) => model.id) } }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      const none = await post(createAction, "/create", cookie, avatarForm("create", { name: "No Model" }));
      expect(none.status).toBe(503);
      expect((await load(createLoader, "/create", cookie)).data).toMatchObject({ avatarOffer: null });
    } finally {
      await prisma().chatModel.updateMany({ where: { id: { in: images.map((model) => model.id) } }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }

    expect(await prisma().character.count({ where: { createdById: { in: [userId, poor.userId] } } })).toBe(0);
    expect(await prisma().mediaJob.count({ where: { userId: { in: [userId, poor.userId] } } })).toBe(0);
    expect((await getBalance(userId)).total).toBe(500);
  });

  test("an uploaded picture wins over generating one: no job, no tokens", async () => {
    const { userId, cookie } = await person();
    const answer = await post(
      createAction,
      "/create",
      cookie,
      avatarForm("create", { name: "Uploaded Look" }, [["avatar", await pngFile("me.png", 300, 300)]]),
    );
    expect(answer).toRedirectTo("/create", { toast: "character-saved" });
    expect((await prisma().character.findFirstOrThrow({ where: { createdById: userId } })).avatarUrl).toMatch(/^\/storage\/avatars\//);
    expect(await prisma().mediaJob.count({ where: { userId } })).toBe(0);
    expect((await getBalance(userId)).total).toBe(500);
  });

  test("a failed drawing returns its tokens, keeps the avatar, and /create says so", async () => {
    const { userId, cookie } = await person();
    const name = `Failing Look ${Date.now()}`;
    fal.script({ fail: true });
    await post(createAction, "/create", cookie, avatarForm("create", { name }));
    const saved = await prisma().character.findFirstOrThrow({ where: { name } });
    expect((await avatarJobEnded(userId, saved.id)).status).toBe("failed");
    expect((await prisma().character.findUniqueOrThrow({ where: { id: saved.id } })).avatarUrl).toBeNull();
    expect((await getBalance(userId)).total).toBe(500);
    await expectTokensSettled(userId);
    const listed = (await myCharacters(cookie)).find((row) => row.id === saved.id)!;
    expect(listed.avatarJob?.generating).toBe(false);
    expect(listed.avatarJob?.failed).toBeTruthy();
  });

  test("on a published character the drawn avatar waits for review with the owner's edits, then an admin's approval shows it", async () => {
    const { userId, cookie } = await person();
    const name = `Published Look ${Date.now()}`;
    await post(createAction, "/create", cookie, avatarForm("create", { name, generateAvatar: null }, [["avatar", await pngFile("first.png", 300, 300)]]));
    const character = await prisma().character.findFirstOrThrow({ where: { name } });
    await prisma().character.update({ where: { id: character.id }, data: { isPublished: true } });

    const edited = await post(editAction, `/create/${character.id}/edit`, cookie, avatarForm("update", { name, description: "Now with a drawn face." }), {
      characterId: character.id,
    });
    expect(edited).toRedirectTo("/create", { toast: "character-updated-avatar" });
    expect((await avatarJobEnded(userId, character.id)).status).toBe("completed");

    const held = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    expect(held.avatarUrl).toBe(character.avatarUrl);
    expect(held.review).toBe("submitted");
    const heldEdits = held.pendingChanges as { avatarUrl: string; description: string };
    expect(heldEdits.description).toBe("Now with a drawn face.");
    expect(heldEdits.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${character.id}/`));
    expect(heldEdits.avatarUrl).not.toBe(character.avatarUrl);

    const admin = await signedInAdmin(`admin.${Date.now()}@example.com`);
    await post(adminListAction, "/admin/characters?published=submitted", admin.cookie, [
      ["intent", "approve"],
      ["id", character.id],
    ]);
    const approved = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    expect([approved.avatarUrl, approved.description, approved.isPublished]).toEqual([heldEdits.avatarUrl, "Now with a drawn face.", true]);
  });

  test("a character deleted while its avatar is drawn: the picture is not kept as an avatar, and the job is paid once", async () => {
    const { userId, cookie } = await person();
    const name = `Gone Look ${Date.now()}`;
    fal.script({ durationMs: 400 });
    await post(createAction, "/create", cookie, avatarForm("create", { name }));
    const saved = await prisma().character.findFirstOrThrow({ where: { name } });
    await prisma().character.delete({ where: { id: saved.id } });
    expect((await avatarJobEnded(userId, saved.id)).status).toBe("completed");
    // The picture made for it is removed once the completing transaction has found no character.
    await expect.poll(() => listObjects("avatars", saved.id), { timeout: 5_000 }).toEqual([]);
    await expectTokensSettled(userId);
  });

  test("a picture uploaded while the avatar is drawn wins: the drawing is cancelled and its tokens come back", async () => {
    const { userId, cookie } = await person();
    const name = `Changed Mind ${Date.now()}`;
    fal.script({ durationMs: 3_000 });
    await post(createAction, "/create", cookie, avatarForm("create", { name }));
    const saved = await prisma().character.findFirstOrThrow({ where: { name } });
    expect((await myCharacters(cookie)).find((row) => row.id === saved.id)!.avatarJob).toEqual({ generating: true, failed: null });

    const upload = await post(
      editAction,
      `/create/${saved.id}/edit`,
      cookie,
      avatarForm("update", { name, generateAvatar: null }, [["avatar", await pngFile("mine.png", 300, 300)]]),
      { characterId: saved.id },
    );
    expect(upload).toRedirectTo("/create", { toast: "character-updated" });
    expect((await avatarJobEnded(userId, saved.id)).status).toBe("cancelled");
    const uploaded = (await prisma().character.findUniqueOrThrow({ where: { id: saved.id } })).avatarUrl!;
    expect(await storedAvatar(uploaded)).not.toBeNull();
    expect(await listObjects("avatars", saved.id)).toHaveLength(1);
    expect((await getBalance(userId)).total).toBe(500);
    await expectTokensSettled(userId);
  });

  test("deleting a character cancels its drawing, and its tokens come back", async () => {
    const { userId, cookie } = await person();
    const name = `Deleted Mind ${Date.now()}`;
    fal.script({ durationMs: 3_000 });
    await post(createAction, "/create", cookie, avatarForm("create", { name }));
    const saved = await prisma().character.findFirstOrThrow({ where: { name } });
    expect(await post(deleteAction, `/create/${saved.id}/delete`, cookie, [["intent", "delete"]], { characterId: saved.id })).toMatchObject({
      status: 302,
    });
    expect((await avatarJobEnded(userId, saved.id)).status).toBe("cancelled");
    expect((await getBalance(userId)).total).toBe(500);
    await expectTokensSettled(userId);
  });

  test("a new picture for a published character replaces the one held before, which is removed", async () => {
    const { userId, cookie } = await person();
    const name = `Held Twice ${Date.now()}`;
    await post(createAction, "/create", cookie, avatarForm("create", { name, generateAvatar: null }, [["avatar", await pngFile("first.png", 300, 300)]]));
    const created = await prisma().character.findFirstOrThrow({ where: { name, createdById: userId } });
    const character = await prisma().character.update({ where: { id: created.id }, data: { isPublished: true } });
    const send = async (file: File) =>
      post(editAction, `/create/${character.id}/edit`, cookie, avatarForm("update", { name, generateAvatar: null }, [["avatar", file]]), {
        characterId: character.id,
      });
    await send(await pngFile("second.png", 300, 300));
    const second = ((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).pendingChanges as { avatarUrl: string }).avatarUrl;
    await send(await pngFile("third.png", 300, 300));
    const after = await prisma().character.findUniqueOrThrow({ where: { id: character.id } });
    const third = (after.pendingChanges as { avatarUrl: string }).avatarUrl;
    expect(third).not.toBe(second);
    expect(after.avatarUrl).toBe(character.avatarUrl);
    expect(await storedAvatar(second)).toBeNull();
    expect(await storedAvatar(third)).not.toBeNull();
    expect(await storedAvatar(character.avatarUrl!)).not.toBeNull();

    // An edit without a new picture keeps the held one.
    await post(editAction, `/create/${character.id}/edit`, cookie, avatarForm("update", { name, description: "Still held.", generateAvatar: null }), {
      characterId: character.id,
    });
    expect((await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).pendingChanges).toMatchObject({
      avatarUrl: third,
      description: "Still held.",
    });
  });

  test("another person's character cannot get an avatar through its edit page", async () => {
    const owner = await person();
    await post(createAction, "/create", owner.cookie, avatarForm("create", { name: "Owned Look", generateAvatar: null }));
    const character = await prisma().character.findFirstOrThrow({ where: { name: "Owned Look" } });
    const other = await person();
    const answer = await post(editAction, `/create/${character.id}/edit`, other.cookie, avatarForm("update"), { characterId: character.id });
    expect(answer.status).toBe(404);
    expect((await load(editLoader, `/create/${character.id}/edit`, other.cookie, { characterId: character.id })).status).toBe(404);
    expect(await prisma().mediaJob.count({ where: { userId: other.userId } })).toBe(0);
  });
});
