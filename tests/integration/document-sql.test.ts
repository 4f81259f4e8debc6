import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { agentStreams, agentTemperature, parseAgentDocument } from "~/lib/documents/agent-document";
import { agentChatModelSql, agentStreamsSql, agentTemperatureSql } from "~/modules/chat/agent-settings.server";
import { isImageAttachment } from "~/lib/attachments";
import { attachmentPaths } from "~/modules/chat/attachments.server";
import { customChatModelSql, customModelMap, lastAskHasImagesSql } from "~/modules/chat/model-choice.server";
import { prisma } from "~/modules/db/db.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

// A reply's opening statement reads the agent's settings and chosen model in SQL; the chat page and
// the greeting read them through the zod readers. Both must read any stored value alike.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());

/** Stored as JSON text, so that values JavaScript cannot write (1e400) are stored too. */
const agentDocuments = [
  '{"chat_model": "deepseek-v3", "temperature": 1.1, "details": {"voice": "Soft", "isStream": false, "temperature": 0.2}}',
  '{"details": {"temperature": 0.2}}',
  '{"temperature": 9, "details": {"temperature": 1.3}}',
  '{"temperature": 0, "details": {"temperature": 1.3}}',
  '{"temperature": 2}',
  '{"temperature": -0.5}',
  '{"temperature": 2.0001}',
  '{"temperature": "1.5"}',
  '{"temperature": 1e400}',
  '{"temperature": 1e-400, "details": {"temperature": 1.3}}',
  '{"temperature": null, "details": {"temperature": true}}',
  '{"details": {"isStream": true}}',
  '{"details": {"isStream": "false"}}',
  '{"details": {"isStream": 0}}',
  '{"details": "Soft"}',
  '{"details": [false]}',
  '{"chat_model": 3}',
  '{"chat_model": ""}',
  '{"chat_model": null}',
  '{"chat_model": ["deepseek-v3"]}',
  "{}",
  "[]",
  '[{"chat_model": "deepseek-v3"}]',
  '"deepseek-v3"',
  "7",
  "null",
];

const customModelsValues = [
  '[{"chat": "Second"}, {"chat": "Heaviest"}]',
  '[{"image": "An image model"}, {"chat": "Second"}]',
  '[{"chat": 5}, ["Second"], "Second", null, {"chat": "Second"}]',
  '[{"chat": ""}, {"chat": "Second"}]',
  '[{"image": "An image model", "chat": "Second"}]',
  '[{"image": "An image model"}]',
  '{"chat": "Second"}',
  '"Second"',
  "[]",
  "null",
];

/** The uploadedFiles of a person's message, as a reply's history carries them from its document. */
const askedFiles = [
  '[{"path": "me/a.png", "name": "a.png"}]',
  '[{"path": "me/notes.txt"}, {"path": "me/B.JPG"}]',
  '[{"path": "me/a.png.txt"}, {"path": "me/png"}]',
  '[{"name": "a.png"}, {"path": 5}, "me/a.png", null]',
  '{"path": "me/a.png"}',
  '"me/a.png"',
  "[]",
  "null",
];

describe("the SQL and the zod readers of stored documents agree", () => {
  test.each(agentDocuments)("an agent document %s: temperature, streaming and chat model", async (stored) => {
    const [row] = await prisma().$queryRaw<{ document: unknown; temperature: number | null; streams: boolean; chatModel: string | null }[]>`
      SELECT stored.document, ${agentTemperatureSql(Prisma.sql`stored.document`)} AS temperature,
             ${agentStreamsSql(Prisma.sql`stored.document`)} AS streams, ${agentChatModelSql(Prisma.sql`stored.document`)} AS "chatModel"
      FROM (SELECT ${stored}::jsonb AS document) AS stored`;
    const read = parseAgentDocument(row!.document);
    expect({ temperature: row!.temperature, streams: row!.streams, chatModel: row!.chatModel }).toEqual({
      temperature: agentTemperature(read),
      streams: agentStreams(read),
      chatModel: read.chat_model,
    });
  });

  test.each(customModelsValues)("custom models %s: the chat model chosen", async (stored) => {
    const [row] = await prisma().$queryRaw<{ customModels: unknown; chat: string | null }[]>`
      SELECT stored.custom_models AS "customModels", ${customChatModelSql(Prisma.sql`stored.custom_models`)} AS chat
      FROM (SELECT ${stored}::jsonb AS custom_models) AS stored`;
    expect(row!.chat).toBe(customModelMap(row!.customModels).chat ?? null);
  });

  test.each(askedFiles)("a regenerate of a message with files %s: whether it has an image", async (stored) => {
    const history = Prisma.sql`json_build_array(json_build_object('senderType', 'user', 'uploadedFiles', ${stored}::json),
                                                json_build_object('senderType', 'agent', 'uploadedFiles', NULL))`;
    const [row] = await prisma().$queryRaw<{ history: { senderType: string }[]; hasImages: boolean }[]>`
      SELECT stored.history, ${lastAskHasImagesSql(Prisma.sql`stored.history`)} AS "hasImages" FROM (SELECT ${history} AS history) AS stored`;
    const lastAsk = row!.history.findLast((entry) => entry.senderType === "user");
    expect(row!.hasImages).toBe(attachmentPaths(lastAsk).some(isImageAttachment));
  });
});
