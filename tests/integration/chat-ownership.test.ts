import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { startChat } from "~/modules/chat/sessions.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { loader as eventsLoader } from "~/routes/api/events";
import { loader as presentLoader } from "~/routes/api/chat.messages";
import { action as replyAction } from "~/routes/api/chat.reply";
import { action as sessionAction, loader as sessionLoader } from "~/routes/chat/session";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";
import { routeArgs } from "../helpers/route-args";

let db: TestDatabase;
let owner: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let sessionId: string;
let ownerMessageId: string;

beforeAll(async () => {
  const started = await chatTestDatabase();
  db = started.db;
  const characterId = started.characterId;
  const ownerId = await newUser();
  const strangerId = await newUser();
  owner = { id: ownerId, cookie: await signedInCookie(ownerId) };
  stranger = { id: strangerId, cookie: await signedInCookie(strangerId) };
  await credit(strangerId, { type: "free", amount: 100, description: "test" });
  sessionId = await startChat(ownerId, characterId);
  const message = await prisma().chatMessage.create({
    data: {
      sessionId,
      senderType: "user",
      senderId: ownerId,
      userId: ownerId,
      message: "my secret",
    },
  });
  ownerMessageId = message.id;
});
afterAll(() => db.dispose());

/** The status of what a loader or action answered or threw: a Response, or data() with its init. */
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: ResponseInit } | null)?.init?.status ?? 200));

describe("a chat belongs to its person only", () => {
  test("another person's session answers 404 to the page, its older pages and its actions", async () => {
    const page = `http://localhost/chat/${sessionId}`;
    const call = (fn: unknown, url: string, form?: Record<string, string>) =>
      (async () => {
        try {
          return statusOf(
            await (fn as (args: unknown) => Promise<unknown>)(
              routeArgs(
                new Request(
                  url,
                  form
                    ? {
                        method: "POST",
                        headers: { Cookie: stranger.cookie },
                        body: new URLSearchParams(form),
                      }
                    : { headers: { Cookie: stranger.cookie } },
                ),
                { params: { sessionId } },
              ),
            ),
          );
        } catch (thrown) {
          return statusOf(thrown);
        }
      })();
    expect(await call(sessionLoader, page)).toBe(404);
    expect(await call(sessionLoader, `${page}?before=${ownerMessageId}`)).toBe(404);
    expect(await call(sessionAction, page, { intent: "send", message: "hello" })).toBe(404);
    expect(
      await call(sessionAction, page, {
        intent: "delete",
        messageId: ownerMessageId,
      }),
    ).toBe(404);
    expect(await call(sessionAction, page, { intent: "regenerate" })).toBe(404);
    expect(
      await call(replyAction, `http://localhost/api/chat/${sessionId}/reply`, {
        message: "hello",
      }),
    ).toBe(404);
    expect(await call(presentLoader, `http://localhost/api/chat/${sessionId}/messages?since=2000-01-01T00:00:00.000Z`)).toBe(404);

    // Nothing changed: no message written, no token spent, the owner's message still there.
    expect(await prisma().chatMessage.count({ where: { sessionId } })).toBe(2);
    expect(await prisma().chatMessage.count({ where: { id: ownerMessageId } })).toBe(1);
    expect((await getBalance(stranger.id)).total).toBe(100);
  });

  test("a person cannot delete someone else's message even from their own session", async () => {
    const characterId = (
      await prisma().character.findFirstOrThrow({
        where: { isPublished: true },
      })
    ).id;
    const mine = await startChat(stranger.id, characterId);
    const result = await (async () => {
      try {
        return await sessionAction(
          routeArgs(
            new Request(`http://localhost/chat/${mine}`, {
              method: "POST",
              headers: { Cookie: stranger.cookie },
              body: new URLSearchParams({
                intent: "delete",
                messageId: ownerMessageId,
              }),
            }),
            { params: { sessionId: mine } },
          ),
        );
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(statusOf(result)).toBe(404);
    expect(await prisma().chatMessage.count({ where: { id: ownerMessageId } })).toBe(1);
  });

  test("signed out, the reply stream, the live feed and the messages check refuse with 401", async () => {
    const reply = (await replyAction(
      routeArgs(
        new Request(`http://localhost/api/chat/${sessionId}/reply`, {
          method: "POST",
          body: new URLSearchParams({ message: "x" }),
        }),
        { params: { sessionId } },
      ),
    )) as Response;
    expect(reply.status).toBe(401);
    const feed = (await eventsLoader(routeArgs(new Request("http://localhost/api/events")))) as Response;
    expect(feed.status).toBe(401);
    const present = (await presentLoader(
      routeArgs(new Request(`http://localhost/api/chat/${sessionId}/messages?since=2000-01-01T00:00:00.000Z`), { params: { sessionId } }),
    )) as Response;
    expect(present.status).toBe(401);
  });

  test("the owner's page shows the conversation", async () => {
    const data = (await sessionLoader(
      routeArgs(
        new Request(`http://localhost/chat/${sessionId}`, {
          headers: { Cookie: owner.cookie },
        }),
        { params: { sessionId } },
      ),
    )) as {
      messages: { message: string }[];
    };
    expect(data.messages.map((message) => message.message)).toContain("my secret");
  });
});
