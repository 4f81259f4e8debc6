import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { favoriteTexts } from "~/lib/favorites";
import { toasts } from "~/lib/toasts";
import { prisma } from "~/modules/db/db.server";
import { chatPageData } from "~/routes/chat/+shared/chat-page.server";
import { startChat } from "~/modules/chat/sessions.server";
import { action as favoritesAction, loader as favoriteIdsLoader } from "~/routes/api/favorites";
import { loader as favoritesPage } from "~/routes/favorites";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { newSignedInPerson, signedInCookie } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let luna: { id: string; name: string };
let other: { id: string; name: string };

beforeAll(async () => {
  ({ db } = await chatTestDatabase());
  const published = await prisma().character.findMany({ where: { isPublished: true }, orderBy: { name: "asc" }, take: 2, select: { id: true, name: true } });
  [luna, other] = published as [typeof luna, typeof other];
});
afterAll(() => db.dispose());

let userId: string;
let cookie: string;
beforeEach(async () => {
  ({ userId, cookie } = await newSignedInPerson());
});

/** Posts the heart's form, as a plain form (`answer` unset) or as the page's script does. */
async function toggle(fields: { itemType?: string; itemId: string; answer?: "data" }, as = cookie) {
  const body = new URLSearchParams({ intent: "toggle", itemType: fields.itemType ?? "character", itemId: fields.itemId, redirectTo: "/explore?q=a" });
  if (fields.answer) body.set("answer", fields.answer);
  const request = new Request("http://localhost/api/favorites", { method: "POST", headers: as ? { Cookie: as } : {}, body });
  return (await favoritesAction(routeArgs(request))) as Response;
}

async function favoritesList(query = "", as = cookie) {
  const request = new Request(`http://localhost/favorites${query}`, { headers: { Cookie: as } });
  const answer = await answerOf(() => favoritesPage(routeArgs(request)));
  const data = answer.data as Awaited<ReturnType<typeof favoritesPage>>;
  return data.favorites.map((favorite) => `${favorite.itemType}:${favorite.name}`);
}

describe("the heart on a character", () => {
  test("a plain form adds the character, comes back with a toast, and a second post removes it", async () => {
    const added = await toggle({ itemId: luna.id });
    expect(added).toRedirectTo("/explore?q=a", { toast: "favorite-added" });
    expect(await favoritesList()).toEqual([`character:${luna.name}`]);

    const removed = await toggle({ itemId: luna.id });
    expect(removed).toRedirectTo("/explore?q=a", { toast: "favorite-removed" });
    expect(await favoritesList()).toEqual([]);
    expect(toasts["favorite-failed"].message).toBe("Failed to update favorites");
  });

  test("the page's script gets is_favorite and the spec's toast with the character's name", async () => {
    expect(await (await toggle({ itemId: luna.id, answer: "data" })).json()).toEqual({
      ok: true,
      isFavorite: true,
      message: `${luna.name} added to favorites`,
    });
    const ids = (await (await favoriteIdsLoader(routeArgs(new Request("http://localhost/api/favorites", { headers: { Cookie: cookie } })))).json()) as {
      characterIds: string[];
    };
    expect(ids.characterIds).toEqual([luna.id]);
    expect(await (await toggle({ itemId: luna.id, answer: "data" })).json()).toEqual({
      ok: true,
      isFavorite: false,
      message: `${luna.name} removed from favorites`,
    });
  });

  test("signed out, a plain form goes to sign in and the script is told 'Please sign in to add favorites'", async () => {
    const plain = await toggle({ itemId: luna.id }, "");
    expect(plain).toRedirectTo(`/login?redirectTo=${encodeURIComponent("/explore?q=a")}`);
    const scripted = await toggle({ itemId: luna.id, answer: "data" }, "");
    expect(scripted.status).toBe(401);
    expect(await scripted.json()).toEqual({ ok: false, error: "Please sign in to add favorites" });
    expect(favoriteTexts.signInTitle).toBe("Sign in required");
    expect(await prisma().favorite.count()).toBe(0);
  });

  test("a failure answers 'Failed to update favorites' and the plain form's toast says so", async () => {
    await prisma().$executeRawUnsafe("ALTER TABLE favorites RENAME TO favorites_away");
    try {
      const scripted = await toggle({ itemId: luna.id, answer: "data" });
      expect(scripted.status).toBe(503);
      expect(await scripted.json()).toEqual({ ok: false, error: "Failed to update favorites" });
      expect(await toggle({ itemId: luna.id })).toRedirectTo("/explore?q=a", { toast: "favorite-failed" });
    } finally {
      await prisma().$executeRawUnsafe("ALTER TABLE favorites_away RENAME TO favorites");
    }
  });
});

describe("what cannot be favorited answers 404 and writes nothing", () => {
  afterEach(async () => expect(await prisma().favorite.count({ where: { userId } })).toBe(0));

  test("someone else's chat agent", async () => {
    const stranger = await newUser();
    await startChat(stranger, luna.id);
    const agent = await prisma().chatAgent.findFirstOrThrow({ where: { userId: stranger } });
    expect((await toggle({ itemType: "agent", itemId: agent.id })).status).toBe(404);
  });

  test("someone else's unpublished character, a character that does not exist, and an id that is not one", async () => {
    const hidden = await prisma().character.create({ data: { name: "Hidden", isPublished: false, createdById: await newUser() } });
    expect((await toggle({ itemId: hidden.id })).status).toBe(404);
    expect((await toggle({ itemId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await toggle({ itemId: "not-an-id" })).status).toBe(404);
  });
});

describe("/favorites", () => {
  async function favoriteAll() {
    await toggle({ itemId: luna.id });
    await toggle({ itemId: other.id });
    const sessionId = await startChat(userId, luna.id);
    const page = await chatPageData(userId, sessionId, new URLSearchParams());
    expect(page.agent.isFavorite).toBe(false);
    await toggle({ itemType: "agent", itemId: page.agent.id });
    expect((await chatPageData(userId, sessionId, new URLSearchParams())).agent.isFavorite).toBe(true);
  }

  test("lists characters and the person's agents, newest first, filtered by type and searched", async () => {
    await favoriteAll();
    expect(await favoritesList()).toEqual([`agent:${luna.name}`, `character:${other.name}`, `character:${luna.name}`]);
    expect(await favoritesList("?type=character")).toEqual([`character:${other.name}`, `character:${luna.name}`]);
    expect(await favoritesList("?type=agent")).toEqual([`agent:${luna.name}`]);
    expect(await favoritesList(`?q=${encodeURIComponent(other.name.toLowerCase())}`)).toEqual([`character:${other.name}`]);
    expect(await favoritesList("?q=nothing-like-this")).toEqual([]);
  });

  test("each favorite carries the character's tags and where to chat", async () => {
    await toggle({ itemId: luna.id });
    const request = new Request("http://localhost/favorites", { headers: { Cookie: cookie } });
    const { favorites } = (await answerOf(() => favoritesPage(routeArgs(request)))).data as Awaited<ReturnType<typeof favoritesPage>>;
    const stored = await prisma().character.findUniqueOrThrow({ where: { id: luna.id } });
    expect(favorites[0]).toMatchObject({ itemId: luna.id, characterId: luna.id, tags: stored.tags, description: stored.description });
  });

  test("a character unpublished or deleted disappears; its creator still sees their own unpublished one", async () => {
    const mine = await prisma().character.create({ data: { name: "Mine", description: "my own", isPublished: false, createdById: userId } });
    const theirs = await prisma().character.create({ data: { name: "Theirs", description: "soon hidden", isPublished: true } });
    const doomed = await prisma().character.create({ data: { name: "Doomed", description: "soon deleted", isPublished: true } });
    for (const id of [mine.id, theirs.id, doomed.id]) expect((await toggle({ itemId: id })).status).toBe(302);
    expect(await favoritesList()).toEqual(["character:Doomed", "character:Theirs", "character:Mine"]);

    await prisma().character.update({ where: { id: theirs.id }, data: { isPublished: false } });
    await prisma().character.delete({ where: { id: doomed.id } });
    expect(await favoritesList()).toEqual(["character:Mine"]);

    const someoneElse = await signedInCookie(await newUser());
    expect(await favoritesList("", someoneElse)).toEqual([]);
  });

  test("signed out, the page sends the visitor to sign in", async () => {
    const answer = await answerOf(() => favoritesPage(routeArgs(new Request("http://localhost/favorites?type=agent"))));
    expect(answer).toRedirectTo(`/login?redirectTo=${encodeURIComponent("/favorites?type=agent")}`);
  });
});
