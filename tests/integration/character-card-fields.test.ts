// The whole character card in the character form (issue 31, item 7): personality, scenario,
// alternate greetings, example dialogue, post-history instructions and creator notes are saved
// from /create, its edit page and the console, refused over their limits, carried through card
// export and import, and reach the chat's prompt; an imported card saves again as it is.
import { beforeEach, describe, expect, test } from "vitest";
import { CHARACTER_FIELD_MAX, characterFormTexts, type CharacterFormFailure, type CharacterFormValues } from "~/lib/character-form";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { cardFieldsOfCharacter, importCard } from "~/modules/cards/cards.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as adminEditAction, loader as adminEditLoader } from "~/routes/admin/characters.edit";
import { loader as infoLoader } from "~/routes/admin/characters.info";
import { action as buildAction } from "~/routes/admin/build";
import { loader as jsonCard } from "~/routes/api/character-card.json";
import { action as editAction, loader as editLoader } from "~/routes/create/edit";
import { action as createAction } from "~/routes/create/index";
import { confirmedAccount } from "../helpers/accounts";
import { auditRows, load, post, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics, formOfValues } from "../helpers/characters";
import { chatWithFakeProvider } from "../helpers/chat";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

const file = databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

async function person(email = "maker@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

/** The card's texts as a person types them. */
const typed = {
  personality: "Patient and dry-humoured; {{char}} answers questions with questions.",
  scenario: "A lighthouse on a foggy night; {{user}} knocks on the door.",
  "alternateGreetings.0": "Storm's coming. Come in.",
  "alternateGreetings.1": "  ",
  "alternateGreetings.2": "You again? Tea's on the stove.",
  mesExample: "<START>\n{{user}}: Is the lamp lit?\n{{char}}: Always.",
  postHistoryInstructions: "Stay in character as {{char}}.",
  creatorNotes: "Best played at night.",
};
/** What is stored of them: greetings trimmed, blank ones left out. */
const stored = {
  personality: typed.personality,
  scenario: typed.scenario,
  alternateGreetings: ["Storm's coming. Come in.", "You again? Tea's on the stove."],
  mesExample: typed.mesExample,
  postHistoryInstructions: typed.postHistoryInstructions,
  creatorNotes: typed.creatorNotes,
};

const create = (cookie: string, overrides: Record<string, string | null> = {}, extra: [string, string][] = []) =>
  post(createAction, "/create", cookie, characterForm("create", { ...typed, ...overrides }, extra));
const editPath = (characterId: string) => `/create/${characterId}/edit`;
const edit = (cookie: string, characterId: string, overrides: Record<string, string | null> = {}) =>
  post(editAction, editPath(characterId), cookie, characterForm("update", { ...typed, ...overrides }), { characterId });

async function shownValues(cookie: string, characterId: string) {
  const { status, data } = await load(editLoader, editPath(characterId), cookie, { characterId });
  expect(status).toBe(200);
  return (data as { character: { values: CharacterFormValues } }).character.values;
}

async function exportedCard(cookie: string, characterId: string) {
  const request = new Request(`http://localhost/characters/${characterId}/card.json`, { headers: { Cookie: cookie } });
  const response = (await jsonCard(routeArgs(request, { params: { characterId } }))) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
}

const over = (field: keyof typeof CHARACTER_FIELD_MAX) => "x".repeat(CHARACTER_FIELD_MAX[field] + 1);
/** Each new field over its limit: what is posted, the field marked and its text. */
const overLimits = [
  ["personality", { personality: over("personality") }, "personality", `Personality must be at most ${CHARACTER_FIELD_MAX.personality} characters`],
  ["scenario", { scenario: over("scenario") }, "scenario", `Scenario must be at most ${CHARACTER_FIELD_MAX.scenario} characters`],
  ["an alternate greeting", { "alternateGreetings.2": over("alternateGreeting") }, "alternateGreetings.2", characterFormTexts.greetingTooLong(2)],
  ["example dialogue", { mesExample: over("mesExample") }, "mesExample", `Example dialogue must be at most ${CHARACTER_FIELD_MAX.mesExample} characters`],
  [
    "post-history instructions",
    { postHistoryInstructions: over("postHistoryInstructions") },
    "postHistoryInstructions",
    `Post-history instructions must be at most ${CHARACTER_FIELD_MAX.postHistoryInstructions} characters`,
  ],
  ["creator notes", { creatorNotes: over("creatorNotes") }, "creatorNotes", `Creator notes must be at most ${CHARACTER_FIELD_MAX.creatorNotes} characters`],
] as const;

const manyGreetings = Object.fromEntries(
  Array.from({ length: CHARACTER_FIELD_MAX.alternateGreetings + 1 }, (_, index) => [`alternateGreetings.${index}`, `Hi ${index}`]),
);

function expectRefused(answer: { status: number; data?: unknown }, field: string, text: string) {
  expect(answer.status).toBe(400);
  const refusal = answer.data as { error: string; fields: Record<string, string>; values: CharacterFormValues };
  expect(refusal.error).toBe(text);
  expect(refusal.fields[field]).toBe(text);
  // What was typed comes back to be corrected.
  expect(refusal.values.scenario).toBe(field === "scenario" ? over("scenario") : typed.scenario);
}

describe("an owner's character card texts on /create", () => {
  beforeEach(() => characterFormBasics());

  test("a new character stores each of them; the edit page shows them; a save changes them", async () => {
    const maker = await person();
    expect(await create(maker.cookie)).toRedirectTo("/create", { toast: "character-saved" });
    const character = await prisma().character.findFirstOrThrow();
    expect(character).toMatchObject(stored);

    const shown = await shownValues(maker.cookie, character.id);
    expect(shown).toMatchObject({ ...stored, alternateGreetings: stored.alternateGreetings });

    const changed = {
      personality: "Grumpy until the kettle boils.",
      scenario: "",
      "alternateGreetings.0": "Only one greeting now.",
      "alternateGreetings.1": null,
      "alternateGreetings.2": null,
      mesExample: "",
      postHistoryInstructions: "Short answers.",
      creatorNotes: "",
    };
    expect(await edit(maker.cookie, character.id, changed)).toRedirectTo("/create", { toast: "character-updated" });
    expect(await prisma().character.findUniqueOrThrow({ where: { id: character.id } })).toMatchObject({
      personality: "Grumpy until the kettle boils.",
      scenario: null,
      alternateGreetings: ["Only one greeting now."],
      mesExample: null,
      postHistoryInstructions: "Short answers.",
      creatorNotes: null,
    });
  });

  test.each(overLimits)("%s over its limit is refused on create, naming the field, and nothing is written", async (_case, overrides, field, text) => {
    const maker = await person();
    expectRefused(await create(maker.cookie, overrides), field, text);
    expect(await prisma().character.count()).toBe(0);
  });

  test.each(overLimits)("%s over its limit is refused on edit, naming the field, and nothing changes", async (_case, overrides, field, text) => {
    const maker = await person();
    await create(maker.cookie);
    const before = await prisma().character.findFirstOrThrow();
    expectRefused(await edit(maker.cookie, before.id, overrides), field, text);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
  });

  test("more alternate greetings than a chat can offer are refused on the list", async () => {
    const maker = await person();
    const answer = await create(maker.cookie, manyGreetings);
    expect(answer.status).toBe(400);
    expect((answer.data as { fields: Record<string, string> }).fields).toEqual({ alternateGreetings: characterFormTexts.tooManyGreetings });
    expect(await prisma().character.count()).toBe(0);
  });

  test("Add greeting and Remove alternate greeting without JavaScript show the form again with every value, writing nothing", async () => {
    const maker = await person();
    const added = await create(maker.cookie, {}, [["add", "alternateGreetings"]]);
    expect(added.status).toBe(200);
    const shown = added.data as NonNullable<CharacterFormFailure>;
    expect(shown.changed).toBe("alternateGreetings");
    expect(shown.values?.alternateGreetings).toEqual([typed["alternateGreetings.0"], "  ", typed["alternateGreetings.2"], ""]);
    expect(shown.values).toMatchObject({ personality: typed.personality, creatorNotes: typed.creatorNotes, name: "Nova Starlight" });

    const removed = await create(maker.cookie, {}, [["remove", "alternateGreetings.0"]]);
    expect((removed.data as NonNullable<CharacterFormFailure>).values?.alternateGreetings).toEqual(["  ", typed["alternateGreetings.2"]]);
    expect(await prisma().character.count()).toBe(0);
  });

  test("edits to a published character wait for review with the rest, and approval applies them", async () => {
    const maker = await person();
    await create(maker.cookie);
    const { id } = await prisma().character.findFirstOrThrow();
    await prisma().character.update({ where: { id }, data: { isPublished: true } });
    expect(await edit(maker.cookie, id, { scenario: "A ship in a bottle." })).toRedirectTo("/create", { toast: "character-edits-held" });
    expect(await prisma().character.findUniqueOrThrow({ where: { id } })).toMatchObject({ scenario: typed.scenario });
    expect((await shownValues(maker.cookie, id)).scenario).toBe("A ship in a bottle.");
  });
});

describe("the texts go out with the card and come back in", () => {
  beforeEach(() => characterFormBasics());

  test("a character made on /create exports them and an import of its card brings them back, in its category", async () => {
    const maker = await person();
    await create(maker.cookie);
    const character = await prisma().character.findFirstOrThrow();
    const card = await exportedCard(maker.cookie, character.id);
    expect(card.data).toMatchObject({
      personality: stored.personality,
      scenario: stored.scenario,
      alternate_greetings: stored.alternateGreetings,
      mes_example: stored.mesExample,
      post_history_instructions: stored.postHistoryInstructions,
      creator_notes: stored.creatorNotes,
      extensions: { characterverse: { category: "Anime" } },
    });

    const id = await importCard(maker.id, new File([JSON.stringify(card)], "card.json"));
    const imported = await prisma().character.findUniqueOrThrow({ where: { id } });
    expect(imported).toMatchObject({ ...stored, categoryId: 3 });
    expect(cardFieldsOfCharacter(imported)).toEqual(cardFieldsOfCharacter(character));
  });

  test("an imported card's first save works as it is, and keeps every field", async () => {
    const maker = await person();
    const card = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Captain Mira",
        description: "A starship captain with a dry wit.",
        personality: "Calm, curious, stubborn.",
        scenario: "The bridge of the Halcyon.",
        first_mes: "Welcome aboard.",
        alternate_greetings: ["Oh, you're awake."],
        mes_example: "<START>\n{{user}}: Where are we?\n{{char}}: Lost, but in style.",
        system_prompt: "Stay in character.",
        post_history_instructions: "Keep it short.",
        tags: ["sci-fi"],
        creator: "someone",
        creator_notes: "For the test.",
        character_book: {
          extensions: {},
          entries: [{ keys: ["nebula"], content: "A derelict station hides there.", extensions: {}, enabled: true, insertion_order: 1 }],
        },
        extensions: {},
      },
    };
    const id = await importCard(maker.id, new File([JSON.stringify(card)], "mira.json"), { categoryId: "1" });
    const before = await prisma().character.findUniqueOrThrow({ where: { id } });
    const values = await shownValues(maker.cookie, id);
    expect(await post(editAction, editPath(id), maker.cookie, formOfValues("update", values), { characterId: id })).toRedirectTo("/create", {
      toast: "character-updated",
    });
    const after = await prisma().character.findUniqueOrThrow({ where: { id } });
    const { character_book: bookBefore, ...fieldsBefore } = cardFieldsOfCharacter(before);
    const { character_book: bookAfter, ...fieldsAfter } = cardFieldsOfCharacter(after);
    expect(fieldsAfter).toEqual(fieldsBefore);
    // The form writes a lorebook entry's switches out in full; nothing of the card's is lost.
    expect(bookAfter?.entries).toEqual([{ ...bookBefore!.entries[0], constant: false, case_sensitive: false }]);
    expect(after).toMatchObject({ categoryId: 1, creator: "someone" });
  });
});

describe("an admin's character card texts on the console", () => {
  beforeEach(() => characterFormBasics());

  test("Build stores them; Edit shows and changes them, audited", async () => {
    const admin = await signedInAdmin();
    expect(await post(buildAction, "/admin/build", admin.cookie, characterForm("create", { ...typed, publish: "now" }))).toMatchObject({ status: 302 });
    const { id } = await prisma().character.findFirstOrThrow();
    expect(await prisma().character.findUniqueOrThrow({ where: { id } })).toMatchObject(stored);
    const info = await load(infoLoader, `/admin/characters/${id}/info`, admin.cookie, { characterId: id });
    expect((info.data as Awaited<ReturnType<typeof infoLoader>>).character).toMatchObject({ personality: stored.personality, scenario: stored.scenario });

    const path = `/admin/characters/${id}/edit`;
    const { data } = await load(adminEditLoader, path, admin.cookie, { characterId: id });
    expect((data as { character: { values: CharacterFormValues } }).character.values).toMatchObject(stored);
    const answer = await post(adminEditAction, path, admin.cookie, characterForm("update", { ...typed, isPublished: "on", creatorNotes: "Edited." }), {
      characterId: id,
    });
    expect(answer).toRedirectTo("/admin/characters", { toast: "character-updated" });
    expect(await prisma().character.findUniqueOrThrow({ where: { id } })).toMatchObject({ ...stored, creatorNotes: "Edited." });
    expect((await auditRows()).map((row) => row.action)).toEqual(["create", "update"]);
  });

  test.each(overLimits)("%s over its limit is refused on Build and Edit, and nothing is written", async (_case, overrides, field, text) => {
    const admin = await signedInAdmin();
    expectRefused(await post(buildAction, "/admin/build", admin.cookie, characterForm("create", { ...typed, ...overrides, publish: "now" })), field, text);
    expect(await prisma().character.count()).toBe(0);
    await post(buildAction, "/admin/build", admin.cookie, characterForm("create", { ...typed, publish: "now" }));
    const before = await prisma().character.findFirstOrThrow();
    const path = `/admin/characters/${before.id}/edit`;
    expectRefused(
      await post(adminEditAction, path, admin.cookie, characterForm("update", { ...typed, ...overrides }), { characterId: before.id }),
      field,
      text,
    );
    expect(await prisma().character.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
    expect(await prisma().auditEntry.count()).toBe(1);
  });
});

describe("in a chat", () => {
  test("personality and scenario follow the description in the system message, example dialogue after them, post-history instructions last", async () => {
    const provider = await chatWithFakeProvider({ database: file.database, dispose: async () => {} });
    try {
      const maker = await person();
      await credit(maker.id, { type: "free", amount: 1000, description: "test" });
      const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
      const category = await prisma().category.findFirstOrThrow();
      const form = characterForm("create", {
        ...typed,
        categoryId: String(category.id),
        chatModel: base.chatModel,
        "customModels.0.type": "",
        "customModels.0.model": "",
        "detail.personality": null,
        "detail.voice": null,
      });
      expect(await post(createAction, "/create", maker.cookie, form)).toRedirectTo("/create", { toast: "character-saved" });
      const character = await prisma().character.findFirstOrThrow({ where: { createdById: maker.id } });
      const sessionId = await startChat(maker.id, character.id);

      provider.fake.nextReply({ text: "The lamp is lit." });
      expect((await runReply(await prepareReply({ userId: maker.id }, sessionId, { text: "Hello" }), {})).status).toBe("complete");
      const messages = provider.fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
      const system = messages[0]!.content;
      const at = (text: string) => system.indexOf(text);
      expect(at("Description: A stargazing guide")).toBeGreaterThan(-1);
      expect(at("Nova Starlight's personality: Patient and dry-humoured; Nova Starlight answers questions with questions.")).toBeGreaterThan(
        at("Description: A stargazing guide"),
      );
      // {{user}} reads as the person's name or "User": whichever, no placeholder reaches the model.
      expect(at("Scenario: A lighthouse on a foggy night; ")).toBeGreaterThan(at("Nova Starlight's personality"));
      expect(system).not.toContain("{{");
      expect(at("Example dialogue:")).toBeGreaterThan(at("Scenario:"));
      expect(messages.at(-1)).toEqual({ role: "system", content: "Stay in character as Nova Starlight." });
    } finally {
      await provider.stop();
    }
  });
});
