// The check a chat page makes after its live feed was down: which of the messages it shows still
// exist, so that one deleted meanwhile (in another tab or device) leaves the screen.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRESENT_IDS_MAX } from "~/modules/chat/messages.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { loader } from "~/routes/api/chat.messages";
import type { PresentMessages } from "~/lib/chat";
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

/** A new person's chat (its greeting at midnight, 2026-01-01) with `count` more messages a minute apart: ids[n] is message n. */
async function chatWith(count: number) {
  const id = await newUser();
  const person = { id, cookie: await signedInCookie(id) };
  const sessionId = await startChat(person.id, characterId);
  await prisma().chatMessage.updateMany({ where: { sessionId }, data: { createdAt: new Date("2026-01-01T00:00:00.000Z") } });
  await prisma().chatMessage.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      sessionId,
      senderType: "user" as const,
      senderId: person.id,
      userId: person.id,
      message: `message ${index + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index + 1)),
    })),
  });
  const ids = (await prisma().chatMessage.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" }, select: { id: true } })).map((row) => row.id);
  return { sessionId, ids, cookie: person.cookie };
}

async function ask({ sessionId, cookie }: { sessionId: string; cookie: string }, since: string | null) {
  const query = since === null ? "" : `?since=${encodeURIComponent(since)}`;
  const response = (await loader(
    routeArgs(new Request(`http://localhost/api/chat/${sessionId}/messages${query}`, { headers: { Cookie: cookie } }), { params: { sessionId } }),
  )) as Response;
  return { status: response.status, body: (await response.json()) as PresentMessages & { error?: string } };
}

describe("which of a chat's messages still exist", () => {
  test("lists the messages from the given time on, newest first, without those deleted", async () => {
    const chat = await chatWith(5);
    const { ids } = chat;
    await prisma().chatMessage.delete({ where: { id: ids[4]! } });

    const { status, body } = await ask(chat, "2026-01-01T00:02:00.000Z");
    expect(status).toBe(200);
    // Messages 2, 3 and 5 (at 00:02, 00:03, 00:05); message 4 is gone, the greeting and message 1 are older.
    expect(body.ids).toEqual([ids[5], ids[3], ids[2]]);
    expect(body).toMatchObject({ complete: true, from: "2026-01-01T00:02:00.000Z" });
  });

  test(`past ${PRESENT_IDS_MAX} messages, lists the newest ${PRESENT_IDS_MAX} and says from when the list is whole`, async () => {
    const chat = await chatWith(PRESENT_IDS_MAX + 4);
    const { ids } = chat;
    const { body } = await ask(chat, "2026-01-01T00:00:00.000Z");
    expect(body.ids).toHaveLength(PRESENT_IDS_MAX);
    expect(body.ids[0]).toBe(ids.at(-1));
    expect(body.complete).toBe(false);
    // The oldest listed is message 5 (00:05): every message after it is listed.
    expect(body.ids.at(-1)).toBe(ids[5]);
    expect(body.from).toBe("2026-01-01T00:05:00.000Z");
  });

  test("a time that is not one is refused with 400", async () => {
    const chat = await chatWith(1);
    for (const since of [null, "", "yesterday", "1", "March 7", "-010000-01-01T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-02-31T00:00:00.000Z"]) {
      const { status, body } = await ask(chat, since);
      expect(status).toBe(400);
      expect(body.error).toBe("since must be a time such as 2026-01-01T00:00:00.000Z");
    }
  });
});
