// Character cards in and out. Every card here is built from the public field lists of the Tavern
// Character Card V1, V2 (chara_card_v2) and V3 (chara_card_v3) specifications, and every PNG from
// a picture sharp draws, with the card's tEXt chunks written by the small writer below.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { cardDoesNotFit, cardErrorText, cardTexts } from "~/lib/cards";
import { EXTENSIONS_MAX_CHARS } from "~/lib/documents/character-book";
import { CHARACTER_FIELD_MAX, characterFormTexts } from "~/lib/character-form";
import { CARD_IMPORTS, cardFieldsOfCharacter } from "~/modules/cards/cards.server";
import { prisma } from "~/modules/db/db.server";
import { listObjects } from "~/modules/storage/storage.server";
import { loader as jsonCard } from "~/routes/api/character-card.json";
import { loader as pngCard } from "~/routes/api/character-card.png";
import { action as importAction } from "~/routes/api/characters.import";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newSignedInPerson, signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
/** The category every import here goes to, unless a test says otherwise. */
let categoryId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ id: categoryId } = await prisma().category.create({ data: { name: "Sci-fi" } }));
});
afterAll(() => db.dispose());

let userId: string;
let cookie: string;
beforeEach(async () => {
  ({ userId, cookie } = await newSignedInPerson());
});

/** Every field the app maps, with the lorebook's entry fields from the V2 specification. */
function cardData(name = "Captain Mira") {
  return {
    name,
    description: "A starship captain with a dry wit.",
    personality: "Calm, curious, stubborn.",
    scenario: "The bridge of the Halcyon, adrift near a nebula.",
    first_mes: "Welcome aboard. Mind the loose panel.",
    alternate_greetings: ["Oh, you're awake. Good.", "Another stowaway? Fine."],
    mes_example: "<START>\n{{user}}: Where are we?\n{{char}}: Lost, but in style.",
    system_prompt: "Stay in character as Mira.",
    post_history_instructions: "Keep replies under 100 words.",
    tags: ["sci-fi", "captain"],
    creator: "test-author",
    creator_notes: "Made for the round-trip test. <b>not html</b>",
    character_book: {
      name: "Halcyon lore",
      description: "Ship and crew",
      scan_depth: 4,
      token_budget: 400,
      recursive_scanning: false,
      extensions: {},
      entries: [
        {
          keys: ["nebula"],
          content: "The nebula hides a derelict station.",
          extensions: {},
          enabled: true,
          insertion_order: 10,
          case_sensitive: false,
          name: "Nebula",
          priority: 5,
          id: 1,
          comment: "",
          selective: false,
          secondary_keys: [],
          constant: false,
          position: "before_char" as const,
          use_regex: false,
        },
        {
          keys: ["Halcyon"],
          content: "The Halcyon is an old courier ship.",
          extensions: {},
          enabled: true,
          insertion_order: 1,
          case_sensitive: true,
          constant: true,
          position: "after_char" as const,
          use_regex: false,
        },
      ],
    },
  };
}
const v2Card = (data: object = cardData()) => ({ spec: "chara_card_v2", spec_version: "2.0", data: { ...data, character_version: "1", extensions: {} } });
const v3Card = (data: object = cardData()) => ({
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: { ...data, character_version: "1", extensions: {}, group_only_greetings: [] },
});

/** A tEXt chunk, with its CRC-32 over type and data (the PNG specification). */
function textChunk(keyword: string, text: string) {
  const data = Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write("tEXt", 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small PNG picture with the given tEXt chunks before its IEND (the last 12 bytes). */
async function pngWith(texts: Record<string, string>) {
  const picture = await sharp({ create: { width: 64, height: 96, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  const chunks = Object.entries(texts).map(([keyword, text]) => textChunk(keyword, text));
  return Buffer.concat([picture.subarray(0, -12), ...chunks, picture.subarray(-12)]);
}
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64");

/** The text chunks of a PNG, by keyword (read here, independently of the app's reader). */
function textChunksOf(png: Buffer) {
  const texts: Record<string, string> = {};
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("latin1");
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "tEXt") {
      const nul = data.indexOf(0);
      texts[data.subarray(0, nul).toString("latin1")] = data.subarray(nul + 1).toString("latin1");
    }
    offset += 12 + length;
  }
  return texts;
}

/** The import as the page's script posts it (`answer=data`), into the test's category unless another (or "") is chosen. */
async function importFile(bytes: Buffer, fileName: string, category = String(categoryId)) {
  const response = await postImport(bytes, fileName, category, true);
  return { status: response.status, body: (await response.json()) as { ok: boolean; characterId?: string; error?: string } };
}

/** The import as a plain form posts it, without JavaScript: where it is sent back to. */
async function importWithoutJavaScript(bytes: Buffer, fileName: string, category = String(categoryId)) {
  const response = await postImport(bytes, fileName, category, false);
  return { status: response.status, location: response.headers.get("location") };
}

async function postImport(bytes: Buffer, fileName: string, category: string, script: boolean) {
  const form = new FormData();
  form.set("card", new File([new Uint8Array(bytes)], fileName));
  form.set("categoryId", category);
  form.set("redirectTo", "/create");
  if (script) form.set("answer", "data");
  const request = new Request("http://localhost/api/characters/import", { method: "POST", headers: { Cookie: cookie }, body: form });
  return (await importAction(routeArgs(request))) as Response;
}

async function exported(kind: "png" | "json", characterId: string, as = cookie) {
  const request = new Request(`http://localhost/characters/${characterId}/card.${kind}`, { headers: as ? { Cookie: as } : {} });
  const loader = kind === "png" ? pngCard : jsonCard;
  return (await loader(routeArgs(request, { params: { characterId } }))) as Response;
}

async function fieldsOf(characterId: string) {
  return cardFieldsOfCharacter(await prisma().character.findUniqueOrThrow({ where: { id: characterId } }));
}

describe("a card imported, exported and imported again keeps its fields", () => {
  test("V2 PNG: the character is the importer's, unpublished, with the picture as its avatar", async () => {
    const first = await importFile(await pngWith({ chara: base64(v2Card()) }), "mira.png");
    expect(first).toMatchObject({ status: 201, body: { ok: true } });
    const character = await prisma().character.findUniqueOrThrow({ where: { id: first.body.characterId! } });
    expect(character).toMatchObject({ isPublished: false, createdById: userId, categoryId, welcomeMessage: "Welcome aboard. Mind the loose panel." });
    expect(character).toMatchObject({ personality: "Calm, curious, stubborn.", scenario: "The bridge of the Halcyon, adrift near a nebula.", details: {} });
    expect(character.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${userId}/`));
    expect(await fieldsOf(character.id)).toEqual(cardData());

    const png = await exported("png", character.id);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await png.arrayBuffer());
    const chunks = textChunksOf(bytes);
    expect(JSON.parse(Buffer.from(chunks.chara!, "base64").toString("utf8"))).toMatchObject({ spec: "chara_card_v2", data: cardData() });
    expect(JSON.parse(Buffer.from(chunks.ccv3!, "base64").toString("utf8"))).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: cardData() });

    const again = await importFile(bytes, "exported.png");
    expect(again.status).toBe(201);
    expect(await fieldsOf(again.body.characterId!)).toEqual(cardData());
  });

  test("V3 PNG: the ccv3 chunk is read in preference to the chara chunk", async () => {
    const png = await pngWith({ chara: base64(v2Card(cardData("Old Name"))), ccv3: base64(v3Card()) });
    const first = await importFile(png, "mira.png");
    expect(await fieldsOf(first.body.characterId!)).toEqual(cardData());
    const again = await importFile(Buffer.from(await (await exported("png", first.body.characterId!)).arrayBuffer()), "again.png");
    expect(await fieldsOf(again.body.characterId!)).toEqual(cardData());
  });

  test("JSON: V3 in, V3 JSON out, and in again; a V1 card's plain fields are read too", async () => {
    const first = await importFile(Buffer.from(JSON.stringify(v3Card())), "mira.json");
    expect(first.body.ok).toBe(true);
    const json = await exported("json", first.body.characterId!);
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const card = (await json.json()) as { spec: string; data: unknown };
    expect(card).toMatchObject({ spec: "chara_card_v3", data: cardData() });
    const again = await importFile(Buffer.from(JSON.stringify(card)), "exported.json");
    expect(await fieldsOf(again.body.characterId!)).toEqual(cardData());

    const v1 = { name: "Plain", description: "From V1", personality: "Quiet", scenario: "A library", first_mes: "Shh.", mes_example: "" };
    const old = await importFile(Buffer.from(JSON.stringify(v1)), "plain.json");
    expect(await fieldsOf(old.body.characterId!)).toMatchObject({ ...v1, alternate_greetings: [], character_book: null });
  });
});

describe("a card that is not sound is refused with its reason, and nothing is written", () => {
  async function expectRefused(bytes: Buffer, fileName: string, status: number, error: string) {
    const before = await prisma().character.count();
    expect(await importFile(bytes, fileName)).toEqual({ status, body: { ok: false, error } });
    expect(await prisma().character.count()).toBe(before);
    expect(await listObjects("avatars", userId)).toEqual([]);
  }

  test("a 5 MB description, in a JSON file and in a PNG", async () => {
    const huge = cardData();
    huge.description = "x".repeat(5 * 1024 * 1024);
    await expectRefused(Buffer.from(JSON.stringify(v2Card(huge))), "huge.json", 413, cardTexts.jsonTooLarge);
    await expectRefused(await pngWith({ chara: base64(v2Card(huge)) }), "huge.png", 413, cardTexts.jsonTooLarge);
  });

  test("broken base64 in the chara chunk", async () => {
    await expectRefused(await pngWith({ chara: "eyJzcGVjIjoi*broken*" }), "broken.png", 400, cardTexts.badBase64);
  });

  test("a PNG with a wrong CRC", async () => {
    const png = await pngWith({ chara: base64(v2Card()) });
    png[png.length - 20] ^= 0xff;
    await expectRefused(png, "damaged.png", 400, "This PNG image is damaged (a chunk's checksum is wrong).");
  });

  test("a file named .png that is not a PNG", async () => {
    await expectRefused(Buffer.from(JSON.stringify(v2Card())), "card.png", 400, cardTexts.notPng);
  });

  test("10,000 lorebook entries", async () => {
    const data = cardData();
    // Small entries, so that the card stays under the size limit and it is their number that is refused.
    const entries = Array.from({ length: 10_000 }, (_, id) => ({ keys: [`k${id}`], content: "c", extensions: {}, enabled: true, insertion_order: id }));
    const crowded = { ...data, character_book: { ...data.character_book, entries } };
    await expectRefused(Buffer.from(JSON.stringify(v2Card(crowded))), "crowded.json", 400, cardTexts.tooManyEntries);
  });

  test("a lorebook whose extensions nest 3,000 deep, in a PNG, or weigh more than their limit", async () => {
    let nested: unknown = {};
    for (let depth = 0; depth < 3000; depth++) nested = { deeper: nested };
    const data = cardData();
    const deep = { ...data, character_book: { ...data.character_book, extensions: { nested } } };
    await expectRefused(await pngWith({ chara: base64(v2Card(deep)) }), "deep.png", 400, cardTexts.extensionsTooDeep);
    const entry = { ...data.character_book.entries[0]!, extensions: { nested } };
    const deepEntry = { ...data, character_book: { ...data.character_book, entries: [entry] } };
    await expectRefused(Buffer.from(JSON.stringify(v2Card(deepEntry))), "deep.json", 400, cardTexts.extensionsTooDeep);
    const heavy = { ...data, character_book: { ...data.character_book, extensions: { notes: "x".repeat(EXTENSIONS_MAX_CHARS) } } };
    await expectRefused(Buffer.from(JSON.stringify(v2Card(heavy))), "heavy.json", 400, cardTexts.extensionsTooLarge);
  });

  test("JSON that is not JSON, a PNG without a card, and a card without a name", async () => {
    await expectRefused(Buffer.from("{ not json"), "card.json", 400, cardTexts.badJson);
    await expectRefused(await pngWith({}), "picture.png", 400, cardTexts.noCardInPng);
    await expectRefused(Buffer.from(JSON.stringify({ spec: "chara_card_v2", data: { description: "no name" } })), "card.json", 400, cardTexts.notACard);
  });
});

describe("the category an imported character goes to", () => {
  const json = (data: object = cardData()) => Buffer.from(JSON.stringify(v2Card(data)));

  test("a card without a category is refused until one from the list is chosen, and nothing is written", async () => {
    const before = await prisma().character.count();
    expect(await importFile(json(), "mira.json", "")).toEqual({ status: 400, body: { ok: false, error: cardTexts.noCategory } });
    for (const unknown of ["999999", "abc", "-1"])
      expect(await importFile(json(), "mira.json", unknown), unknown).toEqual({ status: 400, body: { ok: false, error: cardTexts.unknownCategory } });
    expect(await prisma().character.count()).toBe(before);
    expect(await listObjects("avatars", userId)).toEqual([]);
  });

  test("a card exported here names its category and comes back into it without asking; a category chosen wins", async () => {
    const first = await importFile(json(), "mira.json");
    const card = (await (await exported("json", first.body.characterId!)).json()) as { data: { extensions: unknown } };
    expect(card.data.extensions).toEqual({ characterverse: { category: "Sci-fi" } });
    const png = textChunksOf(Buffer.from(await (await exported("png", first.body.characterId!)).arrayBuffer()));
    for (const chunk of [png.chara!, png.ccv3!])
      expect(JSON.parse(Buffer.from(chunk, "base64").toString("utf8")).data.extensions).toEqual(card.data.extensions);

    const back = await importFile(Buffer.from(JSON.stringify(card)), "mira.json", "");
    expect(back.status).toBe(201);
    expect(await prisma().character.findUniqueOrThrow({ where: { id: back.body.characterId! } })).toMatchObject({ categoryId });
    const other = await prisma().category.create({ data: { name: "Adventure" } });
    const moved = await importFile(Buffer.from(JSON.stringify(card)), "mira.json", String(other.id));
    expect(await prisma().character.findUniqueOrThrow({ where: { id: moved.body.characterId! } })).toMatchObject({ categoryId: other.id });
  });

  test("without JavaScript a refusal comes back to the page as keys, which the form reads as the reason", async () => {
    expect(await importWithoutJavaScript(json(), "mira.json", "")).toEqual({ status: 302, location: "/create?cardError=noCategory" });
    expect(cardErrorText("noCategory")).toBe(cardTexts.noCategory);
    const long = { ...cardData(), description: "x".repeat(CHARACTER_FIELD_MAX.description + 1) };
    expect(await importWithoutJavaScript(json(long), "long.json")).toEqual({ status: 302, location: "/create?cardError=doesNotFit&cardField=description" });
    expect(cardErrorText("doesNotFit", "description")).toBe(`${cardTexts.doesNotFit}: check its description`);
    const imported = await importWithoutJavaScript(json(), "mira.json");
    expect(imported.location).toMatch(/^\/create\?imported=[0-9a-f-]{36}$/);
  });
});

describe("a card the character form would refuse is refused at import, naming the field, and nothing is written", () => {
  const over = (field: keyof typeof CHARACTER_FIELD_MAX) => "x".repeat(CHARACTER_FIELD_MAX[field] + 1);
  const tooLong = (label: string, field: keyof typeof CHARACTER_FIELD_MAX) => `${label} must be at most ${CHARACTER_FIELD_MAX[field]} characters`;
  test.each([
    ["description", { description: over("description") }, tooLong("Description", "description")],
    // The probe's case: a card far under the file limit whose description alone is 900 KB.
    ["a 900 KB description", { description: "x".repeat(900 * 1024) }, tooLong("Description", "description")],
    ["an empty description", { description: " " }, `${characterFormTexts.missingTitle}: Description`],
    ["first_mes", { first_mes: over("welcomeMessage") }, tooLong("Welcome message", "welcomeMessage")],
    ["personality", { personality: over("personality") }, tooLong("Personality", "personality")],
    ["scenario", { scenario: over("scenario") }, tooLong("Scenario", "scenario")],
    ["mes_example", { mes_example: over("mesExample") }, tooLong("Example dialogue", "mesExample")],
    ["system_prompt", { system_prompt: over("systemInstruction") }, tooLong("System instruction", "systemInstruction")],
    [
      "post_history_instructions",
      { post_history_instructions: over("postHistoryInstructions") },
      tooLong("Post-history instructions", "postHistoryInstructions"),
    ],
    ["creator_notes", { creator_notes: over("creatorNotes") }, tooLong("Creator notes", "creatorNotes")],
    ["an alternate greeting", { alternate_greetings: ["Hi", over("alternateGreeting")] }, characterFormTexts.greetingTooLong(1)],
    ["too many alternate greetings", { alternate_greetings: Array.from({ length: 20 }, (_, index) => `Hi ${index}`) }, characterFormTexts.tooManyGreetings],
    ["too many tags", { tags: Array.from({ length: 21 }, (_, index) => `tag ${index}`) }, characterFormTexts.tooManyTags],
  ])("%s", async (_case, change, reason) => {
    const before = await prisma().character.count();
    const card = Buffer.from(JSON.stringify(v2Card({ ...cardData(), ...change })));
    expect(await importFile(card, "card.json")).toEqual({ status: 400, body: { ok: false, error: cardDoesNotFit(reason) } });
    expect(await prisma().character.count()).toBe(before);
    expect(await listObjects("avatars", userId)).toEqual([]);
  });
});

describe("export is for characters the person may see", () => {
  test("published to anyone; an unpublished one to its creator only; anything else 404", async () => {
    const published = await prisma().character.create({ data: { name: "Open", isPublished: true } });
    const mine = await prisma().character.create({ data: { name: "Mine", isPublished: false, createdById: userId } });
    const stranger = await signedInCookie(await newUser());
    for (const kind of ["png", "json"] as const) {
      expect((await exported(kind, published.id, "")).status, kind).toBe(200);
      expect((await exported(kind, mine.id)).status, kind).toBe(200);
      expect((await exported(kind, mine.id, stranger)).status, kind).toBe(404);
      expect((await exported(kind, mine.id, "")).status, kind).toBe(404);
      expect((await exported(kind, "00000000-0000-4000-8000-000000000000")).status, kind).toBe(404);
      expect((await exported(kind, "nope")).status, kind).toBe(404);
    }
  });

  test("a person importing too many cards in an hour is told to wait, and nothing is written", async () => {
    const card = Buffer.from(JSON.stringify(v2Card()));
    for (let count = 0; count < CARD_IMPORTS.limit; count++) expect((await importFile(card, "card.json")).status).toBe(201);
    const before = await prisma().character.count();
    expect(await importFile(card, "card.json")).toEqual({ status: 429, body: { ok: false, error: cardTexts.tooManyImports } });
    expect(await prisma().character.count()).toBe(before);
  });

  test("import needs a signed-in person", async () => {
    const form = new FormData();
    form.set("card", new File([JSON.stringify(v2Card())], "card.json"));
    const response = (await importAction(routeArgs(new Request("http://localhost/api/characters/import", { method: "POST", body: form })))) as Response;
    expect(response.status).toBe(401);
    expect(await prisma().character.count({ where: { name: "Captain Mira", createdById: null } })).toBe(0);
  });
});
