import { beforeEach, describe, expect, test } from "vitest";
import type { CharacterFormValues } from "~/lib/character-form";
import { LOREBOOK_ENTRY_MAX_CHARS, lorebookTexts, type CharacterBook } from "~/lib/documents/character-book";
import { lorebookFormTexts, type LorebookEntryValues } from "~/lib/lorebook-form";
import { importCard } from "~/modules/cards/cards.server";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as adminListAction } from "~/routes/admin/characters";
import { action as adminEditAction, loader as adminEditLoader } from "~/routes/admin/characters.edit";
import { action as buildAction } from "~/routes/admin/build";
import { action as editAction, loader as editLoader } from "~/routes/create/edit";
import { action as createAction } from "~/routes/create/index";
import { confirmedAccount } from "../helpers/accounts";
import { auditRows, load, post, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics } from "../helpers/characters";
import { chatWithFakeProvider } from "../helpers/chat";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";

const file = databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

type Row = Partial<LorebookEntryValues>;

/** Lorebook rows as the browser posts them: every text field, and a box only when it is checked (a new row's Enabled is). */
function lorebookFields(rows: Row[]): [string, string][] {
  return rows.flatMap((given, index) => {
    const row = { keys: "", content: "", enabled: true, constant: false, caseSensitive: false, insertionOrder: "0", extra: "", ...given };
    const name = (field: string) => `lorebook.${index}.${field}`;
    const pairs: [string, string][] = [
      [name("extra"), row.extra],
      [name("keys"), row.keys],
      [name("content"), row.content],
      [name("insertionOrder"), row.insertionOrder],
    ];
    if (row.enabled) pairs.push([name("enabled"), "on"]);
    if (row.constant) pairs.push([name("constant"), "on"]);
    if (row.caseSensitive) pairs.push([name("caseSensitive"), "on"]);
    return pairs;
  });
}

async function person(email = "maker@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

const create = (cookie: string, rows: Row[], pairs: [string, string][] = []) =>
  post(createAction, "/create", cookie, characterForm("create", {}, [...lorebookFields(rows), ...pairs]));

const editPath = (characterId: string) => `/create/${characterId}/edit`;
const edit = (cookie: string, characterId: string, rows: Row[], pairs: [string, string][] = []) =>
  post(editAction, editPath(characterId), cookie, characterForm("update", {}, [...lorebookFields(rows), ...pairs]), { characterId });

/** The rows the owner's edit page shows. */
async function shownRows(cookie: string, characterId: string) {
  const { status, data } = await load(editLoader, editPath(characterId), cookie, { characterId });
  expect(status).toBe(200);
  return (data as { character: { values: CharacterFormValues } }).character.values.lorebook;
}

const storedBook = async (characterId: string) =>
  (await prisma().character.findUniqueOrThrow({ where: { id: characterId }, select: { characterBook: true } })).characterBook as CharacterBook | null;

/** An entry as the form writes it (the schema's defaults filled in). */
const written = (fields: { keys: string[]; content: string } & Partial<CharacterBook["entries"][number]>) => ({
  extensions: {},
  enabled: true,
  constant: false,
  case_sensitive: false,
  insertion_order: 0,
  use_regex: false,
  ...fields,
});

const twoEntries: Row[] = [
  { keys: "dragon, wyrm", content: "Dragons sleep under the Grey Mountain.", insertionOrder: "10" },
  { keys: "", content: "The kingdom is called Arden.", constant: true, enabled: true, caseSensitive: true, insertionOrder: "-2" },
];
const twoWritten = [
  written({ keys: ["dragon", "wyrm"], content: "Dragons sleep under the Grey Mountain.", insertion_order: 10 }),
  written({ keys: [], content: "The kingdom is called Arden.", constant: true, case_sensitive: true, insertion_order: -2 }),
];

/** Form values that are refused wherever the form is posted: the case, the rows, the text. */
const refusedRows = [
  ["content without a key on an entry that is not constant", [twoEntries[0]!, { content: "Lost lore" }], lorebookFormTexts.needsKey(1)],
  ["keys without content", [{ keys: "dragon" }], lorebookFormTexts.needsContent(0)],
  ["an insertion order that is not a whole number", [{ keys: "dragon", content: "Lore", insertionOrder: "2.5" }], lorebookFormTexts.insertionOrder(0)],
  ["an entry over the length limit", [{ keys: "dragon", content: "x".repeat(LOREBOOK_ENTRY_MAX_CHARS) }], lorebookTexts.entryTooLong(0)],
  [
    "hidden entry fields that are not the lorebook's",
    [{ keys: "dragon", content: "Lore", extra: '{"secondary_keys":"not a list"}' }],
    lorebookFormTexts.unreadable(0),
  ],
] as const;

/** A refusal: 400, the text on the lorebook, and the rows shown again as typed. */
function expectRefused(answer: { status: number; data?: unknown }, text: string, rows: readonly Row[]) {
  expect(answer.status).toBe(400);
  const refusal = answer.data as { error: string; fields: Record<string, string>; values: CharacterFormValues };
  expect(refusal.error).toBe(text);
  expect(refusal.fields.lorebook).toBe(text);
  expect(refusal.values.lorebook.map((row) => row.content)).toEqual(rows.map((row) => row.content ?? ""));
}

describe("an owner's lorebook on /create", () => {
  beforeEach(() => characterFormBasics());

  test("a character created with two entries stores them; blank rows are left out", async () => {
    const maker = await person();
    expect(await create(maker.cookie, [twoEntries[0]!, { keys: " ", content: "" }, twoEntries[1]!])).toRedirectTo("/create", { toast: "character-saved" });
    const character = await prisma().character.findFirstOrThrow();
    expect(character.characterBook).toEqual({ extensions: {}, entries: twoWritten });
  });

  test("a character created without entries has no lorebook", async () => {
    const maker = await person();
    expect(await create(maker.cookie, [{ keys: "", content: "" }])).toMatchObject({ status: 302 });
    expect((await prisma().character.findFirstOrThrow()).characterBook).toBeNull();
  });

  test("the edit page shows the entries; a save changes them, and removing them all leaves no lorebook", async () => {
    const maker = await person();
    await create(maker.cookie, twoEntries);
    const { id } = await prisma().character.findFirstOrThrow();
    const rows = await shownRows(maker.cookie, id);
    expect(rows).toEqual([
      {
        keys: "dragon, wyrm",
        content: "Dragons sleep under the Grey Mountain.",
        enabled: true,
        constant: false,
        caseSensitive: false,
        insertionOrder: "10",
        extra: "",
      },
      { keys: "", content: "The kingdom is called Arden.", enabled: true, constant: true, caseSensitive: true, insertionOrder: "-2", extra: "" },
    ]);

    const changed = [
      { ...rows[0]!, keys: "dragon", content: "Dragons are awake now.", enabled: false },
      rows[1]!,
      { keys: "Rose", content: "Rose tends the garden." },
    ];
    expect(await edit(maker.cookie, id, changed)).toRedirectTo("/create", { toast: "character-updated" });
    expect(await storedBook(id)).toEqual({
      extensions: {},
      entries: [
        written({ keys: ["dragon"], content: "Dragons are awake now.", enabled: false, insertion_order: 10 }),
        twoWritten[1],
        written({ keys: ["Rose"], content: "Rose tends the garden." }),
      ],
    });

    expect(await edit(maker.cookie, id, [])).toMatchObject({ status: 302 });
    expect(await storedBook(id)).toBeNull();
    expect(await shownRows(maker.cookie, id)).toEqual([]);
  });

  test("Add entry and Remove entry without JavaScript show the form again with every typed row, writing nothing", async () => {
    const maker = await person();
    const added = await create(maker.cookie, twoEntries, [["add", "lorebook"]]);
    expect(added.status).toBe(200);
    expect((added.data as { values: CharacterFormValues }).values.lorebook).toEqual([
      expect.objectContaining({ keys: "dragon, wyrm", insertionOrder: "10" }),
      expect.objectContaining({ content: "The kingdom is called Arden.", constant: true, caseSensitive: true }),
      { keys: "", content: "", enabled: true, constant: false, caseSensitive: false, insertionOrder: "0", extra: "" },
    ]);
    const removed = await create(maker.cookie, twoEntries, [["remove", "lorebook.0"]]);
    expect((removed.data as { values: CharacterFormValues }).values.lorebook).toEqual([expect.objectContaining({ content: "The kingdom is called Arden." })]);
    expect(await prisma().character.count()).toBe(0);
  });

  test.each(refusedRows)("refuses %s on create with 400 and its text, writing nothing", async (_case, rows, text) => {
    const maker = await person();
    expectRefused(await create(maker.cookie, [...rows]), text, rows);
    expect(await prisma().character.count()).toBe(0);
  });

  test.each(refusedRows)("refuses %s on edit with 400 and its text, changing nothing", async (_case, rows, text) => {
    const maker = await person();
    await create(maker.cookie, twoEntries);
    const before = await prisma().character.findFirstOrThrow();
    expectRefused(await edit(maker.cookie, before.id, [...rows]), text, rows);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
  });

  test("lorebook edits to a published character wait for review; approval applies them, a removal too", async () => {
    const maker = await person();
    const admin = await signedInAdmin();
    await create(maker.cookie, [twoEntries[0]!]);
    const { id } = await prisma().character.findFirstOrThrow();
    const approve = async () => {
      await post(createAction, "/create", maker.cookie, [
        ["intent", "submit"],
        ["characterId", id],
      ]);
      const answer = await post(adminListAction, "/admin/characters?published=submitted", admin.cookie, [
        ["intent", "approve"],
        ["id", id],
      ]);
      expect(answer.status).toBe(302);
    };
    await approve();

    expect(await edit(maker.cookie, id, twoEntries)).toRedirectTo("/create", { toast: "character-edits-held" });
    expect(await storedBook(id)).toEqual({ extensions: {}, entries: [twoWritten[0]] });
    expect((await shownRows(maker.cookie, id)).map((row) => row.content)).toEqual(twoEntries.map((row) => row.content));
    await approve();
    expect(await storedBook(id)).toEqual({ extensions: {}, entries: twoWritten });

    expect(await edit(maker.cookie, id, [])).toRedirectTo("/create", { toast: "character-edits-held" });
    expect(await shownRows(maker.cookie, id)).toEqual([]);
    // "No lorebook" is held as a JSON null, not as a word Prisma happens to read back.
    const { pendingChanges } = await prisma().character.findUniqueOrThrow({ where: { id } });
    expect(pendingChanges).toMatchObject({ characterBook: null });
    expect(await storedBook(id)).toEqual({ extensions: {}, entries: twoWritten });
    await approve();
    expect(await storedBook(id)).toBeNull();
  });
});

/** A V2 card whose lorebook has its own settings and entries with the fields the form does not show. */
function cardWithLorebook() {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name: "Captain Mira",
      description: "A starship captain with a dry wit.",
      personality: "",
      scenario: "",
      first_mes: "Welcome aboard.",
      mes_example: "",
      character_book: {
        name: "Halcyon lore",
        description: "Ship and crew",
        scan_depth: 3,
        token_budget: 400,
        recursive_scanning: false,
        extensions: { source: "card" },
        entries: [
          {
            keys: ["nebula"],
            content: "The nebula hides a derelict station.",
            extensions: { depth: 4 },
            enabled: true,
            insertion_order: 10,
            case_sensitive: false,
            name: "Nebula",
            priority: 5,
            id: 1,
            comment: "the main mystery",
            selective: true,
            secondary_keys: ["station"],
            constant: false,
            position: "before_char",
            use_regex: false,
          },
          { keys: ["Halcyon"], content: "The Halcyon is an old courier ship.", extensions: {}, enabled: true, insertion_order: 1, position: "after_char" },
        ],
      },
    },
  };
}

describe("an imported card's lorebook edited through the form", () => {
  beforeEach(() => characterFormBasics());

  test("keeps its entries' other fields and the lorebook's own settings", async () => {
    const maker = await person();
    const card = new File([JSON.stringify(cardWithLorebook())], "mira.json", { type: "application/json" });
    const id = await importCard(maker.id, card, { categoryId: "3" });
    const rows = await shownRows(maker.cookie, id);
    expect(rows.map((row) => [row.keys, row.content])).toEqual([
      ["nebula", "The nebula hides a derelict station."],
      ["Halcyon", "The Halcyon is an old courier ship."],
    ]);

    const changed = [
      { ...rows[0]!, content: "The nebula hides two stations.", keys: "nebula, fog" },
      rows[1]!,
      { keys: "captain", content: "Mira has flown for twenty years." },
    ];
    expect(await edit(maker.cookie, id, changed)).toRedirectTo("/create", { toast: "character-updated" });
    const { character_book: imported } = cardWithLorebook().data;
    expect(await storedBook(id)).toEqual({
      name: "Halcyon lore",
      description: "Ship and crew",
      scan_depth: 3,
      token_budget: 400,
      recursive_scanning: false,
      extensions: { source: "card" },
      entries: [
        { ...imported.entries[0], keys: ["nebula", "fog"], content: "The nebula hides two stations." },
        { ...imported.entries[1], case_sensitive: false, constant: false, use_regex: false },
        written({ keys: ["captain"], content: "Mira has flown for twenty years." }),
      ],
    });
  });
});

describe("an admin's lorebook on the console's character form", () => {
  beforeEach(() => characterFormBasics());

  test("Build stores the entries; Edit shows and changes them, audited", async () => {
    const admin = await signedInAdmin();
    expect(await post(buildAction, "/admin/build", admin.cookie, characterForm("create", { publish: "now" }, lorebookFields(twoEntries)))).toMatchObject({
      status: 302,
    });
    const { id } = await prisma().character.findFirstOrThrow();
    expect(await storedBook(id)).toEqual({ extensions: {}, entries: twoWritten });

    const path = `/admin/characters/${id}/edit`;
    const { data } = await load(adminEditLoader, path, admin.cookie, { characterId: id });
    const rows = (data as { character: { values: CharacterFormValues } }).character.values.lorebook;
    expect(rows.map((row) => row.keys)).toEqual(["dragon, wyrm", ""]);

    const changed = lorebookFields([{ ...rows[0]!, content: "Dragons left the mountain." }]);
    expect(await post(adminEditAction, path, admin.cookie, characterForm("update", { isPublished: "on" }, changed), { characterId: id })).toRedirectTo(
      "/admin/characters",
      { toast: "character-updated" },
    );
    expect(await storedBook(id)).toEqual({
      extensions: {},
      entries: [written({ keys: ["dragon", "wyrm"], content: "Dragons left the mountain.", insertion_order: 10 })],
    });
    expect((await auditRows()).map((row) => row.action)).toEqual(["create", "update"]);
  });

  test.each(refusedRows)("refuses %s on the admin edit page with 400 and its text, changing nothing", async (_case, rows, text) => {
    const admin = await signedInAdmin();
    await post(buildAction, "/admin/build", admin.cookie, characterForm("create", { publish: "now" }, lorebookFields(twoEntries)));
    const before = await prisma().character.findFirstOrThrow();
    const path = `/admin/characters/${before.id}/edit`;
    expectRefused(
      await post(adminEditAction, path, admin.cookie, characterForm("update", {}, lorebookFields([...rows])), { characterId: before.id }),
      text,
      rows,
    );
    expect(await prisma().character.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
    expect(await prisma().auditEntry.count()).toBe(1);
  });
});

describe("an entry added through the form in a chat", () => {
  test("reaches the model's prompt when its key is in the message", async () => {
    const provider = await chatWithFakeProvider({ database: file.database, dispose: async () => {} });
    try {
      const maker = await person();
      await credit(maker.id, { type: "free", amount: 1000, description: "test" });
      const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
      const category = await prisma().category.findFirstOrThrow();
      const form = characterForm(
        "create",
        { categoryId: String(category.id), chatModel: base.chatModel, "customModels.0.type": "", "customModels.0.model": "" },
        lorebookFields([{ keys: "lighthouse", content: "The lighthouse keeper is named Orin." }]),
      );
      expect(await post(createAction, "/create", maker.cookie, form)).toRedirectTo("/create", { toast: "character-saved" });
      const character = await prisma().character.findFirstOrThrow({ where: { createdById: maker.id } });
      const sessionId = await startChat(maker.id, character.id);

      const systemPromptFor = async (text: string) => {
        provider.fake.nextReply({ text: "Noted." });
        const outcome = await runReply(await prepareReply({ userId: maker.id }, sessionId, { text }), {});
        expect(outcome.status).toBe("complete");
        return (provider.fake.requests.at(-1)!.body.messages as { role: string; content: string }[])[0]!.content;
      };
      expect(await systemPromptFor("Good evening")).not.toContain("Orin");
      expect(await systemPromptFor("Who lives in the Lighthouse?")).toContain("The lighthouse keeper is named Orin.");
    } finally {
      await provider.stop();
    }
  });
});
