// A card from SillyTavern survives the round trip (issue 36, item 6): its character_version, its own
// extensions (talkativeness, fav, world, the character's note depth_prompt, another tool's key) and
// the fields this app does not know, at the top and in data, come back unchanged from export after
// the owner and an admin edit it in the character form; only what they changed differs. The note
// reaches the model at its depth. The card is shaped as SillyTavern writes one: the V1 copies of
// the fields at the top beside spec and data.
import { beforeEach, describe, expect, test } from "vitest";
import type { CharacterFormValues } from "~/lib/character-form";
import { cardTexts } from "~/lib/cards";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as adminEditAction, loader as adminEditLoader } from "~/routes/admin/characters.edit";
import { loader as jsonCard } from "~/routes/api/character-card.json";
import { loader as pngCard } from "~/routes/api/character-card.png";
import { action as importAction } from "~/routes/api/characters.import";
import { action as editAction, loader as editLoader } from "~/routes/create/edit";
import { action as createAction } from "~/routes/create/index";
import { confirmedAccount } from "../helpers/accounts";
import { load, post, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics, formOfValues } from "../helpers/characters";
import { chatWithFakeProvider } from "../helpers/chat";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

const file = databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

const fields = {
  name: "Captain Mira",
  description: "A starship captain with a dry wit.",
  personality: "Calm, curious, stubborn.",
  scenario: "The bridge of the Halcyon.",
  first_mes: "Welcome aboard, {{user}}.",
  mes_example: "<START>\n{{user}}: Where are we?\n{{char}}: Lost, but in style.",
  tags: ["sci-fi", "captain"],
};

/** A V3 card as SillyTavern exports one, with another tool's fields at both levels. */
function sillyTavernCard() {
  return {
    ...fields,
    creatorcomment: "Made for the round trip.",
    avatar: "none",
    talkativeness: "0.5",
    fav: true,
    create_date: "2024-9-28 @01h 02m 36s 000ms",
    other_tool: { source: "elsewhere", ids: [1, 2, 3] },
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: {
      ...fields,
      alternate_greetings: ["Oh, you're awake."],
      system_prompt: "Stay in character as {{char}}.",
      post_history_instructions: "Keep replies under 100 words.",
      creator: "test-author",
      creator_notes: "Made for the round trip.",
      character_version: "1.2",
      extensions: {
        talkativeness: "0.5",
        fav: true,
        world: "Halcyon lore",
        depth_prompt: { prompt: "{{char}} never mentions the nebula first.", depth: 2, role: "system" },
        regex_scripts: [],
        other_tool: { nested: { deeper: ["kept", { as: "is" }] } },
      },
      group_only_greetings: ["Crew, to your stations."],
      creation_date: 1727474556,
      nickname: "Mira",
      source: ["https://example.com/mira"],
      unknown_data_field: { keep: "me" },
    },
  };
}

async function person(email = "maker@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

/** An import as the page's script posts it; no category: the one the card names. */
async function importFile(cookie: string, card: File, categoryId = "") {
  const form = new FormData();
  form.set("card", card);
  form.set("categoryId", categoryId);
  form.set("redirectTo", "/create");
  form.set("answer", "data");
  const request = new Request("http://localhost/api/characters/import", { method: "POST", headers: { Cookie: cookie }, body: form });
  const response = (await importAction(routeArgs(request))) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; characterId?: string; error?: string } };
}
const importJson = (cookie: string, card: unknown, categoryId = "3") =>
  importFile(cookie, new File([JSON.stringify(card)], "mira.json", { type: "application/json" }), categoryId);

async function exported(kind: "png" | "json", cookie: string, characterId: string) {
  const request = new Request(`http://localhost/characters/${characterId}/card.${kind}`, { headers: { Cookie: cookie } });
  const response = (await (kind === "png" ? pngCard : jsonCard)(routeArgs(request, { params: { characterId } }))) as Response;
  expect(response.status).toBe(200);
  return response;
}

/** The cards inside an exported PNG, by chunk keyword (read here, independently of the app's reader). */
function cardsInPng(png: Buffer) {
  const cards: Record<string, unknown> = {};
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (png.subarray(offset + 4, offset + 8).toString("latin1") === "tEXt") {
      const nul = data.indexOf(0);
      cards[data.subarray(0, nul).toString("latin1")] = JSON.parse(Buffer.from(data.subarray(nul + 1).toString("latin1"), "base64").toString("utf8"));
    }
    offset += 12 + length;
  }
  return cards;
}

const editPath = (characterId: string) => `/create/${characterId}/edit`;
const adminEditPath = (characterId: string) => `/admin/characters/${characterId}/edit`;
const valuesOf = (data: unknown) => (data as { character: { values: CharacterFormValues } }).character.values;

/** What the card is expected to be after the edits: the card as it came, with the edited texts at both levels and this app's category. */
function expectedAfterEdits(description: string, scenario: string) {
  const card = sillyTavernCard();
  return {
    ...card,
    description,
    scenario,
    data: {
      ...card.data,
      description,
      scenario,
      extensions: { ...card.data.extensions, characterverse: { category: "Anime" } },
      modification_date: expect.any(Number),
    },
  };
}

describe("a SillyTavern card edited in the character form", () => {
  beforeEach(() => characterFormBasics());

  test("exports as JSON and PNG with every field of its own; only what the owner and an admin changed differs", async () => {
    const maker = await person();
    const imported = await importJson(maker.cookie, sillyTavernCard());
    expect(imported).toMatchObject({ status: 201, body: { ok: true } });
    const id = imported.body.characterId!;

    // The owner changes the description on /create/:id/edit, the form as the page shows it.
    const { data: shown } = await load(editLoader, editPath(id), maker.cookie, { characterId: id });
    const ownerForm = formOfValues("update", { ...valuesOf(shown), description: "A captain who lost her ship." });
    expect(await post(editAction, editPath(id), maker.cookie, ownerForm, { characterId: id })).toRedirectTo("/create", { toast: "character-updated" });

    // An admin changes the scenario on the console's editor.
    const admin = await signedInAdmin();
    const { data: adminShown } = await load(adminEditLoader, adminEditPath(id), admin.cookie, { characterId: id });
    const adminForm = formOfValues("update", { ...valuesOf(adminShown), scenario: "A lifeboat drifting home." });
    expect(await post(adminEditAction, adminEditPath(id), admin.cookie, adminForm, { characterId: id })).toRedirectTo("/admin/characters", {
      toast: "character-updated",
    });

    const expected = expectedAfterEdits("A captain who lost her ship.", "A lifeboat drifting home.");
    const json = await (await exported("json", maker.cookie, id)).json();
    expect(json).toEqual(expected);

    const png = Buffer.from(await (await exported("png", maker.cookie, id)).arrayBuffer());
    const { chara, ccv3 } = cardsInPng(png);
    expect(ccv3).toEqual(expected);
    const { modification_date: _v3Only, ...v2Data } = expected.data;
    expect(chara).toEqual({ ...expected, spec: "chara_card_v2", spec_version: "2.0", data: v2Data });

    // Imported again, the exported PNG comes back out the same.
    const again = await importFile(maker.cookie, new File([new Uint8Array(png)], "mira.png"));
    expect(again.status).toBe(201);
    expect(await (await exported("json", maker.cookie, again.body.characterId!)).json()).toEqual(expected);
  });

  test("the form shows the character's note; a change to it changes the note's text alone, its depth and role kept", async () => {
    const maker = await person();
    const id = (await importJson(maker.cookie, sillyTavernCard())).body.characterId!;
    const { data: shown } = await load(editLoader, editPath(id), maker.cookie, { characterId: id });
    expect(valuesOf(shown).characterNote).toBe("{{char}} never mentions the nebula first.");
    const form = formOfValues("update", { ...valuesOf(shown), characterNote: "{{char}} hums when nervous." });
    expect(await post(editAction, editPath(id), maker.cookie, form, { characterId: id })).toRedirectTo("/create", { toast: "character-updated" });

    const card = sillyTavernCard();
    const depthPrompt = { ...card.data.extensions.depth_prompt, prompt: "{{char}} hums when nervous." };
    expect(await (await exported("json", maker.cookie, id)).json()).toEqual({
      ...card,
      data: {
        ...card.data,
        extensions: { ...card.data.extensions, depth_prompt: depthPrompt, characterverse: { category: "Anime" } },
        modification_date: expect.any(Number),
      },
    });
  });

  test("a note written on /create is exported where SillyTavern reads it, with its default depth and role", async () => {
    const maker = await person();
    const form = characterForm("create", { characterNote: "{{char}} counts the stars." });
    expect(await post(createAction, "/create", maker.cookie, form)).toRedirectTo("/create", { toast: "character-saved" });
    const { id } = await prisma().character.findFirstOrThrow({ where: { createdById: maker.id } });
    const { data } = await (await exported("json", maker.cookie, id)).json();
    expect(data.extensions).toEqual({
      depth_prompt: { prompt: "{{char}} counts the stars.", depth: 4, role: "system" },
      characterverse: { category: "Anime" },
    });
    expect(data.character_version).toBe("");
  });

  test("a card whose other fields nest deeper than a lorebook's extensions may is refused, and nothing is written", async () => {
    const maker = await person();
    let deep: unknown = "bottom";
    for (let level = 0; level < 3000; level++) deep = { deep };
    const card = sillyTavernCard();
    const refused = await importJson(maker.cookie, { ...card, data: { ...card.data, extensions: { other_tool: deep } } });
    expect(refused).toEqual({ status: 400, body: { ok: false, error: cardTexts.extrasTooDeep } });
    expect(await prisma().character.count()).toBe(0);
  });
});

describe("the character's note in a reply", () => {
  test("reaches the model at its depth from the end of the chat, in its role, with the names filled in", async () => {
    const provider = await chatWithFakeProvider({ database: file.database, dispose: async () => {} });
    try {
      const maker = await person();
      await credit(maker.id, { type: "free", amount: 1000, description: "test" });
      const base = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
      const category = await prisma().category.findFirstOrThrow();
      const imported = await importJson(maker.cookie, sillyTavernCard(), String(category.id));
      const id = imported.body.characterId!;
      await prisma().character.update({ where: { id }, data: { chatModel: base.chatModel } });
      const sessionId = await startChat(maker.id, id);

      const ask = async (text: string, reply: string) => {
        provider.fake.nextReply({ text: reply });
        expect((await runReply(await prepareReply({ userId: maker.id }, sessionId, { text }), {})).status).toBe("complete");
        return provider.fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
      };
      await ask("Where are we?", "Lost, but in style.");
      const messages = await ask("Can we get home?", "Perhaps.");
      expect(messages.slice(-5)).toEqual([
        { role: "user", content: "Where are we?" },
        { role: "system", content: "Captain Mira never mentions the nebula first." },
        { role: "assistant", content: "Lost, but in style." },
        { role: "user", content: "Can we get home?" },
        { role: "system", content: "Keep replies under 100 words." },
      ]);
      expect(messages.filter((message) => message.content.includes("nebula first"))).toHaveLength(1);
    } finally {
      await provider.stop();
    }
  });
});
