// The chat list in pages: the loader gives the newest SESSION_LIST_LIMIT chats and a cursor, and
// "Show older chats" asks GET /api/chat/sessions for the page after it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chatTexts, SESSION_LIST_LIMIT, SESSION_LIST_READ_MAX, type ChatSessionSummary } from "~/lib/chat";
import { chatPageData } from "~/routes/chat/+shared/chat-page.server";
import { listSessions, startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { loader as chatListLoader } from "~/routes/chat/index";
import { loader } from "~/routes/api/chat.sessions";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let characterId: string;

beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
});
afterAll(() => db.dispose());

type Person = { id: string; cookie: string; agentId: string };

/**
 * A new person with one chat started the usual way (the newest, with its greeting) and `more`
 * chats with the same agent on 2026-01-01, three to a millisecond, a second and a millisecond
 * apart: chats of one millisecond share their time.
 */
async function personWithChats(more: number): Promise<Person> {
  const id = await newUser();
  const sessionId = await startChat(id, characterId);
  const { agentId } = await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  await prisma().chatSession.createMany({
    data: Array.from({ length: more }, (_, index) => ({ userId: id, agentId, createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 1001) })),
  });
  return { id, cookie: await signedInCookie(id), agentId };
}

/** The person's chats in the list's order, straight from the table. */
async function allChats(userId: string, agentId?: string) {
  const rows = await prisma().$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM chat_sessions WHERE user_id = ${userId}::uuid AND (${agentId ?? null}::uuid IS NULL OR agent_id = ${agentId ?? null}::uuid)
    ORDER BY COALESCE(last_message_at, created_at) DESC, id`;
  return rows.map((row) => row.id);
}

async function olderPage(person: { cookie?: string }, query: Record<string, string>) {
  const request = new Request(`http://localhost/api/chat/sessions?${new URLSearchParams(query)}`, { headers: person.cookie ? { Cookie: person.cookie } : {} });
  const response = (await loader(routeArgs(request))) as Response;
  return { status: response.status, body: (await response.json()) as { sessions: ChatSessionSummary[]; next: string | null; error?: string } };
}

/** Every page from the first (the /chat loader's) on, following the cursors. */
async function everyPage(person: Person, q = "") {
  const first = await chatListLoader(routeArgs(new Request(`http://localhost/chat?${new URLSearchParams({ q })}`, { headers: { Cookie: person.cookie } })));
  const pages = [first.sessions.map((session) => session.id)];
  let next = first.sessionsNext;
  while (next) {
    const { status, body } = await olderPage(person, { q, older: next });
    expect(status).toBe(200);
    pages.push(body.sessions.map((session) => session.id));
    next = body.next;
  }
  return pages;
}

describe("the chat list in pages", () => {
  test(`lists every chat once, in order, ${SESSION_LIST_LIMIT} to a page, though chats of the same second fall on both sides of a page's end`, async () => {
    const person = await personWithChats(2 * SESSION_LIST_LIMIT + 5);
    const pages = await everyPage(person);

    expect(pages.map((page) => page.length)).toEqual([SESSION_LIST_LIMIT, SESSION_LIST_LIMIT, 6]);
    expect(pages.flat()).toEqual(await allChats(person.id));
    // The first page's last chat and the second's first share their second.
    const [lastOfFirst, firstOfSecond] = await prisma().chatSession.findMany({
      where: { id: { in: [pages[0]!.at(-1)!, pages[1]![0]!] } },
      select: { createdAt: true },
    });
    expect(lastOfFirst!.createdAt).toEqual(firstOfSecond!.createdAt);
  });

  test("a search is paged by its matches only", async () => {
    const person = await personWithChats(2 * SESSION_LIST_LIMIT + 20);
    const other = await prisma().character.findFirstOrThrow({ where: { id: { not: characterId } } });
    const orion = await prisma().chatAgent.create({ data: { userId: person.id, characterId: other.id, name: "Orion Vale" } });
    // Two of every three chats of the day are with Orion instead: more matches than a page holds.
    const chats = await allChats(person.id);
    await prisma().chatSession.updateMany({ where: { id: { in: chats.filter((_, index) => index % 3 !== 0) } }, data: { agentId: orion.id } });
    const matches = await allChats(person.id, orion.id);
    expect(matches.length).toBeGreaterThan(SESSION_LIST_LIMIT);

    const pages = await everyPage(person, "orion");
    expect(pages.map((page) => page.length)).toEqual([SESSION_LIST_LIMIT, matches.length - SESSION_LIST_LIMIT]);
    expect(pages.flat()).toEqual(matches);

    const everyChat = await everyPage(person);
    expect(everyChat.flat()).toEqual(await allChats(person.id));
  });

  test("a read of the list may ask for fewer or more than a page, up to five pages", async () => {
    const person = await personWithChats(SESSION_LIST_LIMIT + 10);
    const chats = await allChats(person.id);
    const { next } = await listSessions(person.id);

    const few = await olderPage(person, { older: next!, limit: "3" });
    expect(few.body.sessions.map((session) => session.id)).toEqual(chats.slice(SESSION_LIST_LIMIT, SESSION_LIST_LIMIT + 3));
    expect(few.body.next).not.toBeNull();
    const rest = await olderPage(person, { older: few.body.next!, limit: String(SESSION_LIST_READ_MAX) });
    expect(rest.body.sessions.map((session) => session.id)).toEqual(chats.slice(SESSION_LIST_LIMIT + 3));
    expect(rest.body.next).toBeNull();

    for (const limit of ["0", "-1", "2.5", "many", String(SESSION_LIST_READ_MAX + 1)]) {
      const { status, body } = await olderPage(person, { older: next!, limit });
      expect({ limit, status }).toEqual({ limit, status: 400 });
      expect(body.error).toMatch(/limit/);
    }
  });

  test("a chat opened from an older page is listed beside it, below the newest", async () => {
    const person = await personWithChats(SESSION_LIST_LIMIT + 2);
    const oldest = (await allChats(person.id)).at(-1)!;
    const page = await chatPageData(person.id, oldest, new URLSearchParams());
    expect(page.sessions).toHaveLength(SESSION_LIST_LIMIT + 1);
    expect(page.sessions.at(-1)!.id).toBe(oldest);
    expect(page.sessionsNext).not.toBeNull();
    expect(page.sessionsOlder).toBe(false);
    // A search lists its matches only.
    expect((await chatPageData(person.id, oldest, new URLSearchParams({ q: "no such name" }))).sessions).toEqual([]);
    // A cursor that is not one shows the newest chats, with no way "back" to them.
    const garbled = await chatPageData(person.id, oldest, new URLSearchParams({ older: "yesterday" }));
    expect(garbled.sessionsOlder).toBe(false);
    expect(garbled.sessions.map((session) => session.id)).toEqual(page.sessions.map((session) => session.id));
  });

  test("a page never holds someone else's chats, whatever the cursor", async () => {
    const owner = await personWithChats(SESSION_LIST_LIMIT + 2);
    const stranger = await personWithChats(3);
    const { next } = await listSessions(owner.id);
    expect(next).not.toBeNull();

    const { status, body } = await olderPage(stranger, { older: next! });
    expect(status).toBe(200);
    const strangers = new Set(await allChats(stranger.id));
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.sessions.every((session) => strangers.has(session.id))).toBe(true);
  });

  test("signed out it answers 401; a cursor that is not one answers 400", async () => {
    const person = await personWithChats(1);
    const { next } = await listSessions(person.id);
    expect(next).toBeNull();

    const signedOut = await olderPage({}, { older: "2026-01-01T00:00:00.000Z_11111111-1111-4111-8111-111111111111" });
    expect(signedOut).toEqual({ status: 401, body: { error: chatTexts.sessionsNotSignedIn } });
    for (const older of [
      "",
      "yesterday",
      "2026-01-01T00:00:00.000Z",
      "2026-02-31T00:00:00.000Z_11111111-1111-4111-8111-111111111111",
      "2026-01-01T00:00:00.000Z_not-a-uuid",
    ]) {
      const { status, body } = await olderPage(person, { older });
      expect({ older, status }).toEqual({ older, status: 400 });
      expect(body.error).toMatch(/older/);
    }
  });
});
