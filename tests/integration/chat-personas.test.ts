// Personas and the model per chat (docs/chat.md): made on the dashboard, chosen in a chat's details
// panel, and what the model is then sent and what the reply costs. Runs on PGlite.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { personaTexts } from "~/lib/personas";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import * as personasEdit from "~/routes/dashboard/personas.edit";
import * as personasDelete from "~/routes/dashboard/personas.delete";
import * as personas from "~/routes/dashboard/personas";
import * as chatPage from "~/routes/chat/session";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newSignedInPerson } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let person: { userId: string; cookie: string };
let other: { userId: string; cookie: string };
let sessionId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  person = await newSignedInPerson();
  other = await newSignedInPerson();
  await credit(person.userId, { type: "free", amount: 200, description: "test" });
  const characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  sessionId = await startChat(person.userId, characterId);
  // The character's own words name the person, as cards do with {{user}}.
  await prisma().chatAgent.updateMany({ where: { userId: person.userId }, data: { systemInstruction: "You are talking with {{user}}." } });
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

type RouteFn = (args: never) => Promise<unknown>;
/** A 404 is thrown as data (the error page's); what a browser gets either way. */
async function answered(run: () => Promise<unknown>) {
  return answerOf(() =>
    run().catch((thrown: unknown) => {
      const init = (thrown as { init?: ResponseInit | null })?.init;
      if (init?.status) return thrown;
      throw thrown;
    }),
  );
}
function post(fn: RouteFn, url: string, cookie: string, form: Record<string, string> | FormData, params: Record<string, string> = {}) {
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  return answered(() => fn(routeArgs(new Request(`http://localhost${url}`, { method: "POST", headers: { Cookie: cookie }, body }), { params })));
}
function get(fn: RouteFn, url: string, cookie: string, params: Record<string, string> = {}) {
  return answered(() => fn(routeArgs(new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }), { params })));
}
const chatAction = (cookie: string, form: Record<string, string>) => post(chatPage.action, `/chat/${sessionId}`, cookie, form, { sessionId });

/** Sends a message from the chat page without JavaScript; the request the model received. */
async function send(text: string) {
  const before = provider.fake.requests.length;
  provider.fake.nextReply({ text: "Hello there." });
  expect(await chatAction(person.cookie, { intent: "send", message: text })).toMatchObject({ status: 302 });
  expect(provider.fake.requests.length).toBe(before + 1);
  return provider.fake.requests.at(-1)!.body as { model: string; messages: { role: string; content: string }[] };
}
const systemOf = (body: { messages: { role: string; content: string }[] }) => body.messages[0]!.content;

async function balance(userId: string) {
  const row = await prisma().tokenBalance.findUniqueOrThrow({ where: { userId } });
  return row.balanceFree + row.balancePurchased;
}

describe("personas", () => {
  let personaId: string;

  test("without a persona the model is told the person's own name", async () => {
    const user = await prisma().user.findUniqueOrThrow({ where: { id: person.userId } });
    const name = user.name ?? user.email.split("@")[0]!;
    expect(systemOf(await send("Hi"))).toContain(`You are talking with ${name}.`);
  });

  test("a persona made on the dashboard and chosen in the chat: the model receives its name and description", async () => {
    const created = await post(personas.action, "/dashboard/personas", person.cookie, {
      intent: "create",
      name: "Captain Mira",
      description: "A retired sea captain who speaks in nautical terms.",
    });
    expect(created.status).toBe(200);
    const list = (await get(personas.loader, "/dashboard/personas", person.cookie)).data as { personas: { id: string; name: string; isDefault: boolean }[] };
    expect(list.personas).toEqual([expect.objectContaining({ name: "Captain Mira", isDefault: true })]);
    personaId = list.personas[0]!.id;

    expect(await chatAction(person.cookie, { intent: "choose-persona", personaId })).toMatchObject({
      status: 302,
      location: `/chat/${sessionId}?toast=persona-chosen`,
    });
    const system = systemOf(await send("Ahoy"));
    expect(system).toContain("You are talking with Captain Mira.");
    expect(system).toContain("About Captain Mira, the person you are talking with:\nA retired sea captain who speaks in nautical terms.");
  });

  test("the chat's details show the chosen persona", async () => {
    const page = (await get(chatPage.loader, `/chat/${sessionId}`, person.cookie, { sessionId })).data as { agent: { chat: { personaId: string } } };
    expect(page.agent.chat.personaId).toBe(personaId);
  });

  test("a persona without a name is refused with its text, and nothing is saved", async () => {
    const refused = await post(personas.action, "/dashboard/personas", person.cookie, { intent: "create", name: "  ", description: "" });
    expect(refused).toMatchObject({ status: 400, data: { fields: { name: personaTexts.nameRequired } } });
    expect(await prisma().persona.count({ where: { userId: person.userId } })).toBe(1);
  });

  test("a picture that is not an image is refused by its content, whatever its name", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "Fake picture");
    form.set("avatar", new File(["<html>not a picture</html>"], "me.png", { type: "image/png" }));
    const refused = await post(personas.action, "/dashboard/personas", person.cookie, form);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Only images can be used as an avatar");
    expect(await prisma().persona.count({ where: { userId: person.userId, name: "Fake picture" } })).toBe(0);
  });

  test("another person's persona answers 404: its pages, and its id posted to one's own chat", async () => {
    const params = { personaId };
    expect((await get(personasEdit.loader, `/dashboard/personas/${personaId}`, other.cookie, params)).status).toBe(404);
    expect((await post(personasEdit.action, `/dashboard/personas/${personaId}`, other.cookie, { intent: "update", name: "Stolen" }, params)).status).toBe(404);
    expect((await get(personasDelete.loader, `/dashboard/personas/${personaId}/delete`, other.cookie, params)).status).toBe(404);
    expect((await post(personasDelete.action, `/dashboard/personas/${personaId}/delete`, other.cookie, { intent: "delete" }, params)).status).toBe(404);
    expect((await prisma().persona.findUniqueOrThrow({ where: { id: personaId } })).name).toBe("Captain Mira");

    const othersChat = await startChat(other.userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id);
    const posted = await post(chatPage.action, `/chat/${othersChat}`, other.cookie, { intent: "choose-persona", personaId }, { sessionId: othersChat });
    expect(posted.status).toBe(404);
    expect((await prisma().chatSession.findUniqueOrThrow({ where: { id: othersChat } })).personaId).toBeNull();
  });

  test("a deleted persona leaves its chats to the person's own name", async () => {
    expect(await post(personasDelete.action, `/dashboard/personas/${personaId}/delete`, person.cookie, { intent: "delete" }, { personaId })).toMatchObject({
      status: 302,
      location: "/dashboard/personas?toast=persona-deleted",
    });
    expect((await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } })).personaId).toBeNull();
    expect(systemOf(await send("Still there?"))).not.toContain("Captain Mira");
  });
});

describe("the model per chat", () => {
  beforeAll(async () => {
    await prisma().chatModel.createMany({
      data: [
        { chatModel: "Pricey Chat", modelId: "pricey-chat-1", aiPlatform: "nebius", modelType: "chat", isPublished: true, costTokens: 7, weight: -1 },
        {
          chatModel: "Early Chat",
          modelId: "early-chat-1",
          aiPlatform: "nebius",
          modelType: "chat",
          isPublished: true,
          costTokens: 3,
          earlyAccess: true,
          weight: -2,
        },
        { chatModel: "Hidden Chat", modelId: "hidden-chat-1", aiPlatform: "nebius", modelType: "chat", isPublished: false, costTokens: 1, weight: -3 },
      ],
    });
    invalidateCatalogueCache();
  });

  test("the details panel offers the published models the plan allows", async () => {
    const page = (await get(chatPage.loader, `/chat/${sessionId}`, person.cookie, { sessionId })).data as {
      agent: { chat: { models: { name: string; cost: number }[] } };
    };
    const names = page.agent.chat.models.map((model) => model.name);
    expect(names).toContain("Pricey Chat");
    expect(names).not.toContain("Early Chat");
    expect(names).not.toContain("Hidden Chat");
  });

  test("a chat switched to another model is answered by it and priced by it", async () => {
    expect(await chatAction(person.cookie, { intent: "choose-model", chatModel: "Pricey Chat" })).toMatchObject({
      status: 302,
      location: `/chat/${sessionId}?toast=chat-model-chosen`,
    });
    const page = (await get(chatPage.loader, `/chat/${sessionId}`, person.cookie, { sessionId })).data as { agent: { modelName: string; cost: number } };
    expect(page.agent).toMatchObject({ modelName: "Pricey Chat", cost: 7 });

    const before = await balance(person.userId);
    expect((await send("Which model are you?")).model).toBe("pricey-chat-1");
    expect(await balance(person.userId)).toBe(before - 7);
    const reply = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId, senderType: "agent" }, orderBy: { createdAt: "desc" } });
    expect(reply.document).toMatchObject({ selectedModel: "Pricey Chat" });
  });

  test("a model not published, unknown, or beyond the plan is refused with a clear text, and the chat keeps its model", async () => {
    for (const [chatModel, status, text] of [
      ["Hidden Chat", 400, personaTexts.modelNotOffered],
      ["No Such Model", 400, personaTexts.modelNotOffered],
      ["Early Chat", 403, personaTexts.modelNotInPlan],
    ] as const) {
      const refused = await chatAction(person.cookie, { intent: "choose-model", chatModel });
      expect(refused, chatModel).toMatchObject({ status, data: { error: text } });
    }
    expect((await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } })).chatModel).toBe("Pricey Chat");
  });

  test("someone else's chat answers 404 to a model switch", async () => {
    expect((await chatAction(other.cookie, { intent: "choose-model", chatModel: "" })).status).toBe(404);
    expect((await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } })).chatModel).toBe("Pricey Chat");
  });

  test("back to the character's model: the next reply is priced as before", async () => {
    expect(await chatAction(person.cookie, { intent: "choose-model", chatModel: "" })).toMatchObject({ status: 302 });
    expect((await send("And now?")).model).not.toBe("pricey-chat-1");
  });
});

test("a new chat's greeting names the person's default persona", async () => {
  const someone = await newSignedInPerson();
  await prisma().persona.create({ data: { userId: someone.userId, name: "Wren Harbor", description: "", isDefault: true } });
  const character = await prisma().character.findFirstOrThrow({ where: { isPublished: true, welcomeMessage: { contains: "{{user}}" } } });
  const chat = await startChat(someone.userId, character.id);
  const greeting = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId: chat } });
  expect(greeting.message).toContain("Wren Harbor");
});

test("personas saved at the same moment are all kept, with one default", async () => {
  const someone = await newSignedInPerson();
  const forms = ["One", "Two", "Three", "Four"].map((name) => ({ name, description: "", isDefault: "on" }));
  const answers = await Promise.all(forms.map((form) => post(personas.action, "/dashboard/personas", someone.cookie, form)));
  expect(answers.map((answer) => answer.status)).not.toContain(500);
  const kept = await prisma().persona.findMany({ where: { userId: someone.userId } });
  expect(kept.map((persona) => persona.name).sort()).toEqual(["Four", "One", "Three", "Two"]);
  expect(kept.filter((persona) => persona.isDefault)).toHaveLength(1);
});
