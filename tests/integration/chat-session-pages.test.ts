// The chat list in pages: the loader gives the newest SESSION_LIST_LIMIT chats and a cursor, and
// "Show older chats" asks GET /api/chat/sessions for the page after it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_LIST_LIMIT, type ChatSessionSummary } from "~/lib/chat";
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
  const started = await chatTestDatabase();
  db = started.db;
  characterId = started.characterId;
});
afterAll(() => db.dispose());

type Person = { id: string; cookie: string; agentId: string };

/**
 * A new person with one chat started the usual way (the newest, with its greeting) and `more`
 * chats with the same agent on 2026-01-01, three to a second: chats of one second share their time.
 */
async function personWithChats(more: number): Promise<Person> {
  const id = await newUser();
  const sessionId = await startChat(id, characterId);
  const { agentId } = await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  await prisma().chatSession.createMany({
    data: Array.from({ length: more }, (_, index) => ({ userId: id, agentId, createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 1000) })),
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

async function olderPage(person: { cookie: string }, query: Record<string, string>) {
  const request = new Request(`http://localhost/api/chat/sessions?${new URLSearchParams(query)}`, { headers: { Cookie: person.cookie } });
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
    const [lastOfFirst, firstOfSecond] = await prisma().chatSession.findMany({ where: { id: { in: [pages[0]!.at(-1)!, pages[1]![0]!] } }, select: { createdAt: true } });
    expect(lastOfFirst!.createdAt).toEqual(firstOfSecond!.createdAt);
  });

  test("a search is paged by its matches only", async () => {
    const person = await personWithChats(SESSION_LIST_LIMIT + 3);
    const other = await prisma().character.findFirstOrThrow({ where: { id: { not: characterId } } });
    const orion = await prisma().chatAgent.create({ data: { userId: person.id, characterId: other.id, name: "Orion Vale" } });
    // Every other chat of the day is with Orion instead.
    const chats = await allChats(person.id);
    await prisma().chatSession.updateMany({ where: { id: { in: chats.filter((_, index) => index % 2 === 1) } }, data: { agentId: orion.id } });

    const pages = await everyPage(person, "orion");
    expect(pages.map((page) => page.length)).toEqual([Math.floor(chats.length / 2)]);
    expect(pages.flat()).toEqual(await allChats(person.id, orion.id));

    const notOrion = await everyPage(person, "");
    expect(notOrion.flat()).toEqual(await allChats(person.id));
    expect(notOrion.map((page) => page.length)).toEqual([SESSION_LIST_LIMIT, 4]);
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

    const signedOut = (await loader(routeArgs(new Request("http://localhost/api/chat/sessions?older=2026-01-01T00:00:00.000Z_11111111-1111-4111-8111-111111111111")))) as Response;
    expect(signedOut.status).toBe(401);
    for (const older of ["", "yesterday", "2026-01-01T00:00:00.000Z", "2026-02-31T00:00:00.000Z_11111111-1111-4111-8111-111111111111", "2026-01-01T00:00:00.000Z_not-a-uuid"]) {
      const { status, body } = await olderPage(person, { older });
      expect({ older, status }).toEqual({ older, status: 400 });
      expect(body.error).toMatch(/older/);
    }
  });
});
