import { parseFormData } from "~/modules/http/form.server";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { attachmentTexts } from "~/lib/attachments";
import { removeUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "~/modules/chat/attachments.server";
import { prepareReply, messageFields, readMessage, runReply } from "~/modules/chat/reply.server";
import { startChat } from "~/modules/chat/sessions.server";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { localDiskDriver } from "~/modules/storage/drivers.server";
import { contentTypeForPath } from "~/modules/storage/paths";
import { folderUsage, getObject, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as uploadAction } from "~/routes/api/chat.uploads";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

// Chat uploads no message uses are removed after a grace period, and a person's stored files have a quota.

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let storageRoot: string;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), "cv-uploads-"));
  useStorageDriverForTests(localDiskDriver(storageRoot, contentTypeForPath));
});
afterAll(async () => {
  useStorageDriverForTests(undefined);
  await fs.rm(storageRoot, { recursive: true, force: true });
  await provider.stop();
  await db.dispose();
});
afterEach(() => {
  delete process.env.CHAT_STORAGE_QUOTA_MB;
  resetEnvForTests();
});

/** Uploads one file through the composer's upload route, signed in as `userId`. */
async function upload(userId: string, name: string, content: string) {
  const body = new FormData();
  body.set("file", new File([content], name));
  const request = new Request("http://localhost/api/chat/uploads", { method: "POST", body, headers: { Cookie: await signedInCookie(userId) } });
  return (await uploadAction(routeArgs(request))) as Response;
}

async function uploaded(userId: string, name: string, content = "some notes") {
  const response = await upload(userId, name, content);
  expect(response.status).toBe(200);
  return ((await response.json()) as { path: string }).path;
}

/** Makes a stored upload look `ageMs` old. */
async function age(storedPath: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  await fs.utimes(path.join(storageRoot, "chats", storedPath), when, when);
}

async function sendWith(userId: string, paths: string[]) {
  const chat = await startChat(userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id);
  const form = new FormData();
  form.set("message", "Here is my file");
  for (const each of paths) form.append("attachment", each);
  fake.nextReply({ text: "Thanks for the file." });
  await runReply(await prepareReply({ userId }, chat, readMessage(parseFormData(form, messageFields))), {});
}

const HOUR = 60 * 60 * 1000;

describe("the unused-upload sweep", () => {
  test("removes an upload no message used after 24 hours, and keeps a sent one and a newer one", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 500, description: "test" });
    const forgotten = await uploaded(userId, "forgotten.txt");
    const sent = await uploaded(userId, "sent.txt");
    const recent = await uploaded(userId, "recent.txt");
    await sendWith(userId, [sent]);
    await age(forgotten, UNUSED_UPLOAD_GRACE_MS + HOUR);
    await age(sent, UNUSED_UPLOAD_GRACE_MS + HOUR);
    await age(recent, UNUSED_UPLOAD_GRACE_MS - HOUR);

    expect(await removeUnusedUploads()).toBe(1);
    expect(await getObject("chats", forgotten)).toBeNull();
    expect(await getObject("chats", sent)).not.toBeNull();
    expect(await getObject("chats", recent)).not.toBeNull();
  });

  test("removes an upload that only a refused send of someone else named: only its owner's messages keep it", async () => {
    const owner = await newUser();
    const other = await newUser();
    await credit(other, { type: "free", amount: 500, description: "test" });
    const stray = await uploaded(owner, "stray.txt");
    await age(stray, UNUSED_UPLOAD_GRACE_MS + HOUR);
    // Another person cannot make someone's upload theirs: a send naming it is refused, and the file still goes.
    await expect(sendWith(other, [stray])).rejects.toThrow("Failed to upload stray.txt");
    expect(await removeUnusedUploads()).toBe(1);
    expect(await getObject("chats", stray)).toBeNull();
  });

  test("is safe on several instances at once: each file is removed, nobody fails", async () => {
    const userId = await newUser();
    const files = await Promise.all(["a.txt", "b.txt", "c.txt"].map((name) => uploaded(userId, name)));
    for (const each of files) await age(each, UNUSED_UPLOAD_GRACE_MS + HOUR);
    await Promise.all([removeUnusedUploads(), removeUnusedUploads(), removeUnusedUploads()]);
    for (const each of files) expect(await getObject("chats", each)).toBeNull();
    expect(await folderUsage("chats", userId)).toEqual({ bytes: 0, files: 0 });
  });
});

describe("the per-person storage quota", () => {
  test("an upload that would take a person over their quota is refused with the reason, and nothing is stored", async () => {
    process.env.CHAT_STORAGE_QUOTA_MB = "1";
    resetEnvForTests();
    const userId = await newUser();
    const half = "a".repeat(600 * 1024);
    await uploaded(userId, "first.txt", half);
    const refused = await upload(userId, "second.txt", half);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: attachmentTexts.storageFull(1), code: "attachment-rejected" });
    expect(await folderUsage("chats", userId)).toEqual({ bytes: 600 * 1024, files: 1 });
    // Someone else's files do not count against this person.
    await uploaded(await newUser(), "theirs.txt", half);
  });

  test("once the sweep removes unused files, the space is free again", async () => {
    process.env.CHAT_STORAGE_QUOTA_MB = "1";
    resetEnvForTests();
    const userId = await newUser();
    const half = "b".repeat(600 * 1024);
    const first = await uploaded(userId, "first.txt", half);
    expect((await upload(userId, "second.txt", half)).status).toBe(413);
    await age(first, UNUSED_UPLOAD_GRACE_MS + HOUR);
    await removeUnusedUploads();
    expect((await upload(userId, "second.txt", half)).status).toBe(200);
  });
});
