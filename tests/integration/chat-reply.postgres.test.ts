// One reply at a time per chat, where asks really run at once: on a PostgreSQL server. Included
// only when TEST_DATABASE_URL names one (see vitest.config.ts).
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { listMessages } from "~/modules/chat/messages.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { credit } from "~/modules/tokens/ledger.server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

test("an ask that meets a reply being saved starts again after it, with that reply in its history", async () => {
  const userId = await newUser();
  await credit(userId, { type: "free", amount: 100, description: "test" });
  const characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
  const chat = await getOwnSession(userId, await startChat(userId, characterId));
  provider.fake.nextReply({ text: "First answer." });
  await runReply(await prepareReply({ userId }, chat.id, { text: "Question" }), {});

  // Another instance saves a reply to this chat: the session row stays locked until it commits.
  const other = new pg.Client({ connectionString: db.url });
  await other.connect();
  try {
    await other.query("BEGIN");
    await other.query("SELECT 1 FROM chat_sessions WHERE id = $1 FOR UPDATE", [chat.id]);
    const { rows } = await other.query<{ id: string }>(
      `INSERT INTO chat_messages (id, session_id, sender_type, sender_id, user_id, message, message_type, document, created_at)
       VALUES (gen_random_uuid(), $1, 'agent', $2, $3, 'Saved elsewhere.', 'chat', '{}', clock_timestamp() AT TIME ZONE 'UTC') RETURNING id`,
      [chat.id, chat.agentId, userId],
    );
    const asking = prepareReply({ userId }, chat.id, { regenerate: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query("COMMIT");
    // Had it waited for the lock, it would have answered from what it read before: the older reply.
    const prepared = await asking;
    expect(prepared.replaces).toBe(rows[0]!.id);
    provider.fake.nextReply({ text: "Regenerated." });
    await runReply(prepared, {});
  } finally {
    await other.end();
  }
  const texts = (await listMessages(chat.id)).messages.map((message) => `${message.senderType}: ${message.message}`);
  expect(texts.slice(1)).toEqual(["user: Question", "agent: First answer.", "agent: Regenerated."]);
});
