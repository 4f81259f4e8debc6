// Stop (issue 31): a stopped reply is kept, marked stopped, and charged for what was produced,
// through the ledger. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL names one.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { FULL_REPLY_CHARS } from "~/modules/chat/reply-price.server";
import { subscribeEvents, type AppEvent } from "~/modules/events/events.server";
import { listMessages } from "~/modules/chat/messages.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";

const PRICE = 20; // deepseek-v3's cost_tokens in the seed
const LONG_REPLY = `Once upon a time, ${"the stars were counted one by one, ".repeat(80)}and that was all.`;

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let userId: string;
let sessionId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});
beforeEach(async () => {
  userId = await newUser();
  await credit(userId, { type: "free", amount: 100, description: "test" });
  const characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  // The character's authored greeting opens the chat without a model call.
  sessionId = (await getOwnSession(userId, await startChat(userId, characterId))).id;
});

/** Asks for a reply and stops it once `stopAfter` characters have arrived. */
async function stoppedReply(stopAfter: number) {
  provider.fake.nextReply({ text: LONG_REPLY, chunkBytes: 48, delayMsPerChunk: 10 });
  const stop = new AbortController();
  let received = "";
  const outcome = await runReply(await prepareReply({ userId }, sessionId, { text: "Tell me a long story" }), {
    signal: stop.signal,
    onDelta: (text) => {
      received += text;
      if (received.length >= stopAfter) stop.abort();
    },
  });
  expect(outcome.status).toBe("stopped");
  return outcome.status === "stopped" ? outcome.message! : null!;
}

/** The reservation a reply's tokens were held on, and the ledger rows written for it. */
async function lastReservationWithRows() {
  const reservation = await prisma().tokenReservation.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
  const rows = await prisma().tokenTransaction.findMany({
    where: { userId, referenceType: "reservation", referenceId: reservation.id },
    orderBy: { createdAt: "asc" },
    select: { transactionType: true, amount: true, description: true },
  });
  return { reservation, rows };
}

describe("what a reply costs", () => {
  test("a full reply costs the model's full price: one deduction, nothing given back", async () => {
    provider.fake.nextReply({ text: LONG_REPLY });
    const outcome = await runReply(await prepareReply({ userId }, sessionId, { text: "Tell me a long story" }), {});
    expect(outcome).toMatchObject({ status: "complete", message: { message: LONG_REPLY } });
    expect(outcome.status === "complete" && outcome.message.stopped).toBeFalsy();
    const { reservation, rows } = await lastReservationWithRows();
    expect(reservation).toMatchObject({ status: "settled", finalCost: PRICE });
    expect(rows).toEqual([expect.objectContaining({ transactionType: "deduct", amount: PRICE })]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - PRICE });
    expect(await ledgerSum(userId)).toBe(100 - PRICE);
  });

  test("a stopped reply is saved marked stopped and costs its share of a full reply, as ledger rows", async () => {
    const message = await stoppedReply(300);
    const kept = message.message;
    expect(kept.length).toBeGreaterThanOrEqual(300);
    expect(LONG_REPLY.startsWith(kept)).toBe(true);
    expect(message.stopped).toBe(true);
    const stored = await prisma().chatMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.document).toMatchObject({ stopped: true });
    expect((await listMessages(sessionId)).messages.at(-1)).toMatchObject({ id: message.id, message: kept, stopped: true });

    const cost = Math.ceil((PRICE * kept.length) / FULL_REPLY_CHARS);
    expect(cost).toBeGreaterThanOrEqual(1);
    expect(cost).toBeLessThan(PRICE);
    const { reservation, rows } = await lastReservationWithRows();
    expect(reservation).toMatchObject({ status: "settled", finalCost: cost });
    expect(rows).toEqual([
      expect.objectContaining({ transactionType: "deduct", amount: PRICE }),
      expect.objectContaining({ transactionType: "add", amount: PRICE - cost, description: "Refund: unused tokens" }),
    ]);
    expect(await getBalance(userId)).toMatchObject({ total: 100 - cost });
    expect(await ledgerSum(userId)).toBe(100 - cost);
  });

  test("a reply stopped after its first words still costs 1 token", async () => {
    const message = await stoppedReply(1);
    expect(message.message.length).toBeLessThan(FULL_REPLY_CHARS / PRICE);
    const { reservation, rows } = await lastReservationWithRows();
    expect(reservation).toMatchObject({ status: "settled", finalCost: 1 });
    expect(rows.map((row) => [row.transactionType, row.amount])).toEqual([
      ["deduct", PRICE],
      ["add", PRICE - 1],
    ]);
    expect(await getBalance(userId)).toMatchObject({ total: 99 });
  });

  test("a stopped reply is announced once it is paid for, so a page reading its data on the news finds the balance settled", async () => {
    // The balance as a page would read it on each message's news.
    const balanceOnNews = new Map<string, Promise<number>>();
    const unsubscribe = await subscribeEvents(`user:${userId}`, (event: AppEvent) => {
      if (event.kind === "message")
        balanceOnNews.set(
          event.messageId,
          getBalance(userId).then((balance) => balance.total),
        );
    });
    try {
      const message = await stoppedReply(300);
      await expect.poll(() => balanceOnNews.has(message.id)).toBe(true);
      const charged = 100 - (await getBalance(userId)).total;
      expect(charged).toBeLessThan(PRICE);
      expect(await balanceOnNews.get(message.id)).toBe(100 - charged);
    } finally {
      unsubscribe();
    }
  });

  test("a full reply and a regenerated one are announced saved, paid for and with their chat free, and the replaced reply gone", async () => {
    // What a page reading its data again on each piece of news would find.
    const onNews: Promise<{ kind: string; balance: number; chatHeld: boolean; texts: string[] }>[] = [];
    // The greeting's news, sent when the chat started, may still be on its way on a busy machine.
    const greetingIds = new Set((await listMessages(sessionId)).messages.map((message) => message.id));
    const unsubscribe = await subscribeEvents(`user:${userId}`, (event: AppEvent) => {
      if ("messageId" in event && greetingIds.has(event.messageId)) return;
      onNews.push(
        Promise.all([
          getBalance(userId),
          prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId }, select: { replyUntil: true } }),
          listMessages(sessionId),
        ]).then(([balance, session, page]) => ({
          kind: event.kind,
          balance: balance.total,
          chatHeld: session.replyUntil !== null,
          texts: page.messages.filter((message) => message.senderType === "agent").map((message) => message.message),
        })),
      );
    });
    try {
      provider.fake.nextReply({ text: "First answer." });
      const first = await runReply(await prepareReply({ userId }, sessionId, { text: "Question" }), {});
      expect(first.status).toBe("complete");
      // Read before the regenerate takes the chat again.
      await expect.poll(() => onNews.length).toBe(2);
      await Promise.all(onNews);
      provider.fake.nextReply({ text: "Better answer." });
      const second = await runReply(await prepareReply({ userId }, sessionId, { regenerate: true }), {});
      expect(second.status).toBe("complete");
      // The person's message, the first reply, then the regenerated reply and the first one's deletion.
      await expect.poll(() => onNews.length).toBe(4);
      const news = await Promise.all(onNews);
      expect(news[1]).toMatchObject({ kind: "message", balance: 100 - PRICE, chatHeld: false });
      expect(news[1]!.texts.at(-1)).toBe("First answer.");
      expect(news.slice(2).map((item) => item.kind)).toEqual(["message", "deleted"]);
      for (const item of news.slice(2)) {
        expect(item).toMatchObject({ balance: 100 - 2 * PRICE, chatHeld: false });
        expect(item.texts.at(-1)).toBe("Better answer.");
        expect(item.texts).not.toContain("First answer.");
      }
      expect(await ledgerSum(userId)).toBe(100 - 2 * PRICE);
    } finally {
      unsubscribe();
    }
  });
});
