import { beforeEach, describe, expect, test } from "vitest";
import { characterFormTexts, type CharacterFormValues } from "~/lib/character-form";
import { ownCharacterTexts } from "~/lib/own-characters";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { searchCatalogue } from "~/modules/catalogue/characters.server";
import { OWN_CHARACTER_CREATES } from "~/modules/catalogue/own-characters.server";
import { submissionTexts } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { recordAttempt } from "~/modules/security/rate-limit.server";
import { action as adminListAction, loader as adminListLoader } from "~/routes/admin/characters";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin/characters.review";
import { action as deleteAction, loader as deleteLoader } from "~/routes/create/delete";
import { action as editAction, loader as editLoader } from "~/routes/create/edit";
import { action as createAction, loader as createLoader } from "~/routes/create/index";
import { confirmedAccount } from "../helpers/accounts";
import { load, post, pngFile, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics, refusedCharacterFormValues, storedAvatar } from "../helpers/characters";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, mailsTo } from "../helpers/outbox";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();
beforeEach(async () => {
  invalidateCatalogueCache();
  clearOutbox();
  await characterFormBasics();
});

type CreateData = Awaited<ReturnType<typeof createLoader>>;

async function person(email = "maker@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

const create = (cookie: string, overrides: Record<string, string | null> = {}, extra: [string, string | File][] = []) =>
  post(createAction, "/create", cookie, characterForm("create", overrides, extra));

async function myCharacters(cookie: string) {
  const { status, data } = await load(createLoader, "/create", cookie);
  expect(status).toBe(200);
  return (data as CreateData).characters;
}

/** The status label /create shows for each of the person's characters. */
async function statuses(cookie: string) {
  const { ownCharacterStatus } = await import("~/lib/own-characters");
  return (await myCharacters(cookie)).map((character) => [character.name, ownCharacterStatus(character)]);
}

async function createdCharacter(cookie: string, overrides: Record<string, string | null> = {}) {
  expect(await create(cookie, overrides)).toRedirectTo("/create", { toast: "character-saved" });
  return prisma().character.findFirstOrThrow({ where: { name: overrides.name ?? "Nova Starlight" } });
}

/** Posts /create's "Submit for review" for the character. */
const submit = (cookie: string, characterId: string) =>
  post(createAction, "/create", cookie, [
    ["intent", "submit"],
    ["characterId", characterId],
  ]);

/** Posts "Approve" for the character on /admin/characters' waiting list. */
const approve = (cookie: string, characterId: string) =>
  post(adminListAction, "/admin/characters?published=submitted", cookie, [
    ["intent", "approve"],
    ["id", characterId],
  ]);

/** Posts "Decline" with the reason on the character's review page. */
const decline = (cookie: string, characterId: string, reason: string) =>
  post(
    reviewAction,
    `/admin/characters/${characterId}/review`,
    cookie,
    [
      ["intent", "decline"],
      ["reason", reason],
    ],
    { characterId },
  );

const publicNames = async () => {
  invalidateCatalogueCache();
  return (await searchCatalogue({})).characters.map((character) => character.name);
};

const validationCases = [
  [
    "all three required fields",
    { categoryId: "", name: " ", description: "" },
    "description",
    `${characterFormTexts.missingTitle}: Category, Name, Description`,
  ],
  ["the category", { categoryId: "" }, "description", `${characterFormTexts.missingTitle}: Category`],
  ["the name", { name: "   " }, "description", `${characterFormTexts.missingTitle}: Name`],
  ["the description", { description: null }, "description", `${characterFormTexts.missingTitle}: Description`],
  ...refusedCharacterFormValues,
  ["more than 20 tags", { tags: Array.from({ length: 21 }, (_, index) => `t${index}`).join(",") }, "tags", characterFormTexts.tooManyTags],
  ["a tag over 40 characters", { tags: "x".repeat(41) }, "tags", characterFormTexts.tagTooLong],
] as const;

/** What a refusal answers: the form's text (and the spec's description line for missing fields), the values to show again. */
function expectRefusal(answer: { status: number; data?: unknown }, field: string, text: string) {
  expect(answer.status).toBe(400);
  const refusal = answer.data as { error: string; description?: string; fields: Record<string, string>; values: CharacterFormValues };
  expect(refusal.error).toBe(text);
  if (text.startsWith(characterFormTexts.missingTitle)) expect(refusal.description).toBe(characterFormTexts.missingDescription);
  else expect(refusal.fields[field]).toBe(text);
  expect(refusal.values.welcomeMessage).toBe("Hi, I'm Nova!");
}

describe("/create", () => {
  test("is for a signed-in person: anonymous visitors are sent to sign in", async () => {
    expect(await load(createLoader, "/create", "")).toRedirectTo("/login?redirectTo=%2Fcreate");
    expect(await create("")).toRedirectTo("/login?redirectTo=%2Fcreate");
    expect(await prisma().character.count()).toBe(0);
  });

  test("creates a private character of the person's own, even when the form asks to publish, with its avatar", async () => {
    const maker = await person();
    expect(await create(maker.cookie, { publish: "now" }, [["avatar", await pngFile("nova.png", 300, 300)]])).toRedirectTo("/create", {
      toast: "character-saved",
    });
    const stored = await prisma().character.findFirstOrThrow();
    expect(stored).toMatchObject({
      name: "Nova Starlight",
      createdById: maker.id,
      isPublished: false,
      review: "none",
      chatModel: "Talker",
      tags: ["Stars", "Calm", "stars"],
    });
    expect(await storedAvatar(stored.avatarUrl!)).not.toBeNull();
    expect(await statuses(maker.cookie)).toEqual([["Nova Starlight", "Private"]]);
    expect(await publicNames()).toEqual([]);
    // Nothing a person makes goes into the admins' audit log.
    expect(await prisma().auditEntry.count()).toBe(0);
  });

  test.each(validationCases)("refuses %s with 400 and its text, writing nothing", async (_case, overrides, field, text) => {
    const maker = await person();
    expectRefusal(await create(maker.cookie, overrides), field, text);
    expect(await prisma().character.count()).toBe(0);
  });

  test("an avatar that is not an image is refused with its text", async () => {
    const maker = await person();
    const answer = await create(maker.cookie, {}, [["avatar", new File(["not an image"], "nova.png", { type: "image/png" })]]);
    expect(answer.status).toBe(400);
    expect((answer.data as { error: string }).error).toBe(`${characterFormTexts.uploadFailed}: ${characterFormTexts.notAnImage}`);
    expect(await prisma().character.count()).toBe(0);
  });

  test(`creates at most ${OWN_CHARACTER_CREATES.limit} characters an hour per person`, async () => {
    const maker = await person();
    for (let count = 0; count < OWN_CHARACTER_CREATES.limit; count++) await recordAttempt(`character-create:user:${maker.id}`, OWN_CHARACTER_CREATES);
    const answer = await create(maker.cookie);
    expect(answer).toMatchObject({ status: 429, data: { error: ownCharacterTexts.tooManyCreated, values: { name: "Nova Starlight" } } });
    expect(await prisma().character.count()).toBe(0);
    // Another person is not held back by it.
    const other = await person("other@example.com");
    expect(await create(other.cookie)).toMatchObject({ status: 302 });
  });
});

describe("/create/:characterId/edit", () => {
  test("shows the character in the form and saves a private one at once", async () => {
    const maker = await person();
    const character = await createdCharacter(maker.cookie);
    const path = `/create/${character.id}/edit`;
    const params = { characterId: character.id };
    const { data } = await load(editLoader, path, maker.cookie, params);
    expect((data as { character: { values: CharacterFormValues } }).character.values).toMatchObject({
      name: "Nova Starlight",
      categoryId: "3",
      chatModel: "Talker",
    });

    expect(await post(editAction, path, maker.cookie, characterForm("update", { name: "Nova Nightfall" }), params)).toRedirectTo("/create", {
      toast: "character-updated",
    });
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({ name: "Nova Nightfall", isPublished: false });
  });

  test.each(validationCases)("refuses %s with 400 and its text, changing nothing", async (_case, overrides, field, text) => {
    const maker = await person();
    const character = await createdCharacter(maker.cookie);
    const answer = await post(editAction, `/create/${character.id}/edit`, maker.cookie, characterForm("update", overrides), { characterId: character.id });
    expectRefusal(answer, field, text);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toEqual(character);
  });

  test("edits to a published character wait for review; the editor shows them, the catalogue the published version", async () => {
    const maker = await person();
    const admin = await signedInAdmin();
    const character = await createdCharacter(maker.cookie);
    await submit(maker.cookie, character.id);
    await approve(admin.cookie, character.id);

    const path = `/create/${character.id}/edit`;
    const params = { characterId: character.id };
    expect(await post(editAction, path, maker.cookie, characterForm("update", { name: "Nova Nightfall" }), params)).toRedirectTo("/create", {
      toast: "character-edits-held",
    });
    expect(await publicNames()).toEqual(["Nova Starlight"]);
    expect(await statuses(maker.cookie)).toEqual([["Nova Starlight", "Published, edits waiting for review"]]);
    const { data } = await load(editLoader, path, maker.cookie, params);
    expect((data as { character: { values: CharacterFormValues } }).character.values.name).toBe("Nova Nightfall");

    await approve(admin.cookie, character.id);
    expect(await publicNames()).toEqual(["Nova Nightfall"]);
    expect(await statuses(maker.cookie)).toEqual([["Nova Nightfall", "Published"]]);
  });
});

describe("/create/:characterId/delete", () => {
  test("asks first, then deletes the character and its avatar", async () => {
    const maker = await person();
    expect(await create(maker.cookie, {}, [["avatar", await pngFile("nova.png", 300, 300)]])).toMatchObject({ status: 302 });
    const character = await prisma().character.findFirstOrThrow();
    const path = `/create/${character.id}/delete`;
    const params = { characterId: character.id };
    expect(await load(deleteLoader, path, maker.cookie, params)).toMatchObject({ status: 200, data: { name: "Nova Starlight" } });
    // A post without the confirmation's intent deletes nothing.
    expect(await post(deleteAction, path, maker.cookie, [], params)).toMatchObject({ status: 400 });
    expect(await prisma().character.count()).toBe(1);

    expect(await post(deleteAction, path, maker.cookie, [["intent", "delete"]], params)).toRedirectTo("/create", { toast: "character-deleted" });
    expect(await prisma().character.count()).toBe(0);
    expect(await storedAvatar(character.avatarUrl!)).toBeNull();
    expect(await myCharacters(maker.cookie)).toEqual([]);
  });
});

describe("another person's character does not exist on /create", () => {
  test("every /create route answers 404 for it and changes nothing; it is not in their list", async () => {
    const maker = await person();
    const other = await person("other@example.com");
    const character = await createdCharacter(maker.cookie);
    const params = { characterId: character.id };
    const edit = `/create/${character.id}/edit`;
    const remove = `/create/${character.id}/delete`;

    expect((await load(editLoader, edit, other.cookie, params)).status).toBe(404);
    expect((await post(editAction, edit, other.cookie, characterForm("update", { name: "Mine now" }), params)).status).toBe(404);
    expect((await load(deleteLoader, remove, other.cookie, params)).status).toBe(404);
    expect((await post(deleteAction, remove, other.cookie, [["intent", "delete"]], params)).status).toBe(404);
    expect((await submit(other.cookie, character.id)).status).toBe(404);
    expect(await myCharacters(other.cookie)).toEqual([]);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toEqual(character);
  });
});

describe("submit, approve, decline", () => {
  test("submitted, then approved by an admin on /admin/characters: published, on explore, and the owner mailed", async () => {
    const maker = await person();
    const admin = await signedInAdmin();
    const character = await createdCharacter(maker.cookie);

    expect(await submit(maker.cookie, character.id)).toRedirectTo("/create", { toast: "character-submitted" });
    expect(await statuses(maker.cookie)).toEqual([["Nova Starlight", "Waiting for review"]]);
    // Submitting again while it waits is refused with a toast.
    expect(await submit(maker.cookie, character.id)).toMatchObject({
      location: "/create?toast=character-submit-failed",
    });

    const { data } = await load(adminListLoader, "/admin/characters?published=submitted", admin.cookie);
    expect((data as { submissions: { id: string; name: string }[] }).submissions.map((row) => row.name)).toEqual(["Nova Starlight"]);

    expect(await approve(admin.cookie, character.id)).toRedirectTo("/admin/characters?published=submitted", { toast: "character-approved" });
    expect(await statuses(maker.cookie)).toEqual([["Nova Starlight", "Published"]]);
    expect(await publicNames()).toEqual(["Nova Starlight"]);
    const [mail] = mailsTo("maker@example.com");
    expect(mail).toMatchObject({ to: "maker@example.com", subject: '"Nova Starlight" is published on CharacterVerse' });
    // Approving what no longer waits says so.
    expect(await approve(admin.cookie, character.id)).toMatchObject({
      location: "/admin/characters?published=submitted&toast=review-not-waiting",
    });
  });

  test("declined with a reason on the review page: the owner reads it on /create; a decline without a reason is refused", async () => {
    const maker = await person();
    const admin = await signedInAdmin();
    const character = await createdCharacter(maker.cookie);
    await submit(maker.cookie, character.id);
    const path = `/admin/characters/${character.id}/review`;
    const params = { characterId: character.id };

    expect(await load(reviewLoader, path, admin.cookie, params)).toMatchObject({ status: 200, data: { character: { name: "Nova Starlight", waiting: true } } });
    expect(await decline(admin.cookie, character.id, "  ")).toMatchObject({
      status: 400,
      data: { error: submissionTexts.reasonRequired },
    });
    expect(await decline(admin.cookie, character.id, "Please describe how Nova talks.")).toRedirectTo("/admin/characters?published=submitted", {
      toast: "character-declined",
    });
    expect(await statuses(maker.cookie)).toEqual([["Nova Starlight", "Declined: Please describe how Nova talks."]]);
    expect(await publicNames()).toEqual([]);
    expect(mailsTo("maker@example.com")[0]?.text).toContain("Please describe how Nova talks.");
    expect(await load(reviewLoader, path, admin.cookie, params)).toMatchObject({ data: { character: { waiting: false } } });
  });
});
