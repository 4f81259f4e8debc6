// The spec's texts for a chat whose models or files fail (spec section 8, "Chat and files" and
// "Agent"): 'Failed to load model settings', 'Failed to fetch available models' and 'Failed to
// process files', each where the person meets the failure, with nothing else lost.
import { parseFormData } from "~/modules/http/form.server";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { agentTexts } from "~/lib/agent-form";
import { attachmentTexts } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { storeChatAttachment } from "~/modules/chat/attachments.server";
import { chatPageForm, handleChatAction } from "~/routes/chat/+shared/chat-page.server";
import { prepareReply, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { loader as chatLoader } from "~/routes/chat/session";
import { load } from "../helpers/admin";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { appRequestHandler } from "../helpers/request-handler";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let userId: string;
let cookie: string;
let sessionId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  userId = await newUser();
  cookie = await signedInCookie(userId);
  await credit(userId, { type: "free", amount: 500, description: "test" });
  sessionId = await startChat(userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id);
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});
const errorLog = vi.spyOn(logger, "error").mockImplementation(() => {});
afterEach(() => errorLog.mockClear());

/** Runs `work` while the chat models cannot be read (their table renamed away), with nothing cached. */
async function whileModelsUnreadable<T>(work: () => Promise<T>) {
  invalidateCatalogueCache();
  await prisma().$executeRawUnsafe("ALTER TABLE chat_models RENAME TO chat_models_gone");
  try {
    return await work();
  } finally {
    await prisma().$executeRawUnsafe("ALTER TABLE chat_models_gone RENAME TO chat_models");
    invalidateCatalogueCache();
  }
}

/** Where the local storage driver keeps a bucket's object. */
const storedFile = (bucket: string, objectPath: string) => path.join(process.env.DATA_DIR!, "storage", bucket, objectPath);

describe("when the chat models cannot be read", () => {
  test("the chat still opens; its settings toggle says 'Failed to load model settings' and the agent editor 'Failed to fetch available models'", async () => {
    const { status, html, data } = await whileModelsUnreadable(async () => {
      const handle = await appRequestHandler();
      const response = await handle(new Request(`http://localhost/chat/${sessionId}`, { headers: { Cookie: cookie } }));
      const loaded = await load(chatLoader, `/chat/${sessionId}`, cookie, { sessionId });
      return { status: response.status, html: await response.text(), data: loaded.data as { modes: unknown; editable: { choices: unknown } } };
    });
    expect(status).toBe(200);
    expect(html).toContain(chatTexts.modelSettingsFailed);
    expect(html).toContain(agentTexts.modelsFailed);
    expect(data.modes).toBeNull();
    expect(data.editable.choices).toBeNull();
  });

  test("the agent saved from that editor keeps the models it had", async () => {
    const agentId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } })).agentId;
    await prisma().chatAgent.update({ where: { id: agentId }, data: { customModels: [{ chat: "deepseek-v3" }] } });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "edit-agent",
      name: "Renamed",
      description: "",
      bio: "",
      systemInstruction: "",
      messageInstruction: "",
    }))
      form.set(name, value);
    expect(await whileModelsUnreadable(() => handleChatAction(userId, sessionId, parseFormData(form, chatPageForm)))).toEqual({
      ok: true,
      toast: "agent-updated",
    });
    expect(await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } })).toMatchObject({ name: "Renamed", customModels: [{ chat: "deepseek-v3" }] });
  });
});

describe("when a message's files cannot be processed", () => {
  test("a reply whose attachment cannot be read says 'Failed to process files' and gives the tokens back; the message stays", async () => {
    const before = (await getBalance(userId)).total;
    const stored = await storeChatAttachment(userId, new File(["Some notes"], "notes.txt", { type: "text/plain" }));
    // The stored file turns into something storage cannot read back (a link to itself, as a broken disk might answer).
    await fs.rm(storedFile("chats", stored.path));
    await fs.symlink(storedFile("chats", stored.path), storedFile("chats", stored.path));
    const outcome = await runReply(await prepareReply({ userId }, sessionId, { text: "Read my notes", attachments: [stored.path] }), {});
    expect(outcome).toEqual({ status: "failed", error: attachmentTexts.processFailed });
    expect((await getBalance(userId)).total).toBe(before);
    expect(await prisma().chatMessage.count({ where: { sessionId, message: "Read my notes" } })).toBe(1);
  });

  test("without JavaScript, files that cannot be stored answer 'Failed to process files' and nothing is sent", async () => {
    // The person's folder in storage is a file: nothing can be stored under it.
    await fs.mkdir(path.dirname(storedFile("chats", userId)), { recursive: true });
    await fs.rm(storedFile("chats", userId), { recursive: true, force: true });
    await fs.writeFile(storedFile("chats", userId), "not a folder");
    const calls = provider.fake.requests.length;
    const form = new FormData();
    form.set("intent", "send");
    form.set("message", "Here is a file");
    form.append("file", new File(["Some notes"], "notes.txt", { type: "text/plain" }));
    await expect(handleChatAction(userId, sessionId, parseFormData(form, chatPageForm))).rejects.toMatchObject({
      status: 503,
      message: attachmentTexts.processFailed,
    });
    expect(provider.fake.requests.length).toBe(calls);
    expect(await prisma().chatMessage.count({ where: { sessionId, message: "Here is a file" } })).toBe(0);
    await fs.rm(storedFile("chats", userId));
  });
});
