import { parseFormData } from "~/modules/http/form.server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { ATTACHMENT_MAX_BYTES, attachmentTexts } from "~/lib/attachments";
import { prisma } from "~/modules/db/db.server";
import { AttachmentRejected, storeChatAttachment } from "~/modules/chat/attachments.server";
import { chatPageData, chatPageForm, handleChatAction } from "~/routes/chat/+shared/chat-page.server";
import { ChatInputError, prepareReply, messageFields, readMessage, runReply } from "~/modules/chat/reply.server";
import { ChatNotFoundError } from "~/modules/chat/errors.server";
import { deleteOwnMessage, listMessages } from "~/modules/chat/messages.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { getObject, isReadable, putObject, signedUrl } from "~/modules/storage/storage.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { action as uploadAction } from "~/routes/api/chat.uploads";
import { loader as storageLoader } from "~/routes/api/storage";
import type { FakeOpenAi } from "../fakes/openai-server";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { minimalDocx, minimalPdf, withDeclaredSize } from "../helpers/documents";
import { DOCX_UNPACKED_MAX_BYTES } from "~/modules/chat/document-text.server";
import JSZip from "jszip";
import { signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";
import { routeArgs } from "../helpers/route-args";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let fake: FakeOpenAi;
let userId: string;
let png: Buffer;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  fake = provider.fake;
  userId = await newUser();
  await credit(userId, { type: "free", amount: 500, description: "test" });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff00aa" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

/** The seeded Nebius model that reads images (its platform is the fake here). */
const VISION_MODEL = "Qwen2.5 VL 72B Instruct";
const VISION_MODEL_ID = "Qwen/Qwen2.5-VL-72B-Instruct";
const lastRequest = () => fake.requests.at(-1)!.body as { model: string; messages: { role: string; content: unknown }[] };
const modelAsked = () => lastRequest().model;
const lastAsk = () => lastRequest().messages.at(-1);

const file = (bytes: Buffer | string, name: string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);

/** A chat of this person's with the first published character (the same agent each time). */
async function newChat() {
  return getOwnSession(userId, await startChat(userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id));
}

/** Sends a message (text and stored attachment paths) as the composer's form does; the fake model answers `reply`. */
async function ask(chatId: string, { text = "", paths = [] }: { text?: string; paths?: string[] }, reply: string) {
  const form = new FormData();
  form.set("message", text);
  for (const path of paths) form.append("attachment", path);
  fake.nextReply({ text: reply });
  return runReply(await prepareReply({ userId }, chatId, readMessage(parseFormData(form, messageFields))), {});
}

/** Asks for the last answer again; the fake model answers `reply`. */
async function regenerate(chatId: string, reply: string) {
  fake.nextReply({ text: reply });
  return runReply(await prepareReply({ userId }, chatId, { regenerate: true }), {});
}

/** A JPEG a phone might send: with EXIF naming its author and where it was taken. */
function photoWithGps() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#c84" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Ada" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

describe("chat attachments", () => {
  test("an image is stored at {userId}/{uniqueId}/{filename} behind a signed link; the extension's case does not matter", async () => {
    const stored = await storeChatAttachment(userId, file(png, "Sunset.PNG"));
    expect(stored.path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}/Sunset\\.PNG$`));
    expect(stored.contentType).toBe("image/png");
    const link = new URL(stored.url, "http://localhost");
    expect(link.pathname).toBe(`/storage/chats/${stored.path}`);
    expect(isReadable("chats", stored.path, link.searchParams)).toBe(true);
    expect(isReadable("chats", stored.path, new URLSearchParams())).toBe(false);
  });

  test("a photo is stored without its EXIF and GPS position", async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await storeChatAttachment(userId, file(photo, "trip.jpg"));
    const kept = (await getObject("chats", stored.path))!.body;
    const metadata = await sharp(kept).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 40, 30]);
  });

  test("files outside the spec's list, or whose content is not what the extension says, are refused", async () => {
    await expect(storeChatAttachment(userId, file("MZ...", "tool.exe"))).rejects.toThrow(attachmentTexts.notSupported("exe"));
    await expect(storeChatAttachment(userId, file("<script>alert(1)</script>", "photo.png"))).rejects.toThrow(attachmentTexts.contentMismatch);
    await expect(storeChatAttachment(userId, file(png, "notes.txt"))).rejects.toBeInstanceOf(AttachmentRejected);
    await expect(storeChatAttachment(userId, file("%PDF-1.4 not really", "doc.docx"))).rejects.toThrow(attachmentTexts.contentMismatch);
  });

  test("a .docx must be a Word document that unpacks to a readable size, however its zip describes its parts", async () => {
    const plainZip = await new JSZip().file("notes.txt", "not a Word document").generateAsync({ type: "nodebuffer" });
    await expect(storeChatAttachment(userId, file(plainZip, "notes.docx"))).rejects.toThrow(attachmentTexts.contentMismatch);
    // A few kB of zip that would unpack to more than the limit (a zip bomb, in small).
    const huge = await minimalDocx("Hello", { padding: `<!--${" ".repeat(DOCX_UNPACKED_MAX_BYTES)}-->` });
    expect(huge.length).toBeLessThan(ATTACHMENT_MAX_BYTES);
    await expect(storeChatAttachment(userId, file(huge, "huge.docx"))).rejects.toThrow(attachmentTexts.docxTooLarge);
    // What a zip says of its sizes is not trusted: the parts are counted as they unpack, and one that is not the size it declares is refused.
    const understated = withDeclaredSize(huge, "word/document.xml", 1_000);
    await expect(storeChatAttachment(userId, file(understated, "small.docx"))).rejects.toThrow(attachmentTexts.docxTooLarge);
    const small = await minimalDocx("Hello");
    await expect(storeChatAttachment(userId, file(withDeclaredSize(small, "word/document.xml", 100), "odd.docx"))).rejects.toThrow(
      attachmentTexts.contentMismatch,
    );
    // Every part counts, whatever its name: mammoth finds the document through the package's relationships.
    const decoy = await new JSZip()
      .file("word/document.xml", "<w:document/>")
      .file("word/main.bin", " ".repeat(DOCX_UNPACKED_MAX_BYTES + 1))
      .generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    await expect(storeChatAttachment(userId, file(decoy, "decoy.docx"))).rejects.toThrow(attachmentTexts.docxTooLarge);

    // Stored before this check existed (or straight into storage): named to the model, never unpacked whole.
    const path = await putObject(
      "chats",
      `${userId}/understated/small.docx`,
      understated,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const chat = await newChat();
    expect(await ask(chat.id, { text: "Read it", paths: [path] }, "I could not.")).toMatchObject({ status: "complete" });
    expect(lastAsk()!.content).toEqual([
      { type: "text", text: "Read it" },
      { type: "text", text: "[Attached file: small.docx]" },
    ]);
  });

  test("a message with an image goes to a model that reads images, at that model's cost; one without goes to the agent's model", async () => {
    await prisma().chatModel.update({ where: { chatModel: VISION_MODEL }, data: { costTokens: 13 } });
    invalidateCatalogueCache();
    onTestFinished(async () => {
      await prisma().chatModel.update({ where: { chatModel: VISION_MODEL }, data: { costTokens: 20 } });
      invalidateCatalogueCache();
    });
    const chat = await newChat();
    await ask(chat.id, { text: "Hello there" }, "Hi!");
    const agentModel = modelAsked();
    expect(agentModel).not.toBe(VISION_MODEL_ID);

    const before = (await getBalance(userId)).total;
    const outcome = await ask(chat.id, { text: "And this?", paths: [(await storeChatAttachment(userId, file(png, "Photo.PNG"))).path] }, "A pink square.");
    expect(modelAsked()).toBe(VISION_MODEL_ID);
    expect((await getBalance(userId)).total).toBe(before - 13);
    expect(outcome).toMatchObject({ status: "complete", message: { message: "A pink square." } });
    const reply = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId: chat.id, message: "A pink square." } });
    expect(reply.document).toMatchObject({ selectedModel: VISION_MODEL, model_id: VISION_MODEL_ID });

    await ask(chat.id, { text: "Hello there" }, "Back to words.");
    expect(modelAsked()).toBe(agentModel);

    // The agent details say where pictures go and what they cost; nothing when the agent's own model reads them.
    expect((await chatPageData(userId, chat.id, new URLSearchParams())).agent.pictures).toEqual({ modelName: VISION_MODEL, cost: 13, costUnit: "message" });
    const { customModels } = await prisma().chatAgent.findUniqueOrThrow({ where: { id: chat.agentId } });
    onTestFinished(() =>
      prisma()
        .chatAgent.update({ where: { id: chat.agentId }, data: { customModels: customModels ?? [] } })
        .then(() => undefined),
    );
    await prisma().chatAgent.update({ where: { id: chat.agentId }, data: { customModels: [{ chat: VISION_MODEL }] } });
    const own = await chatPageData(userId, chat.id, new URLSearchParams());
    expect(own.agent).toMatchObject({ modelName: VISION_MODEL, pictures: null });
  });

  test("with no model that reads images published, an image reaches the agent's model by its name, so the message is still answered", async () => {
    // Every chat model that reads images: the seeded one and the offline demo's (Vision).
    const readers = await prisma().chatModel.findMany({ where: { acceptsImages: true, modelType: "chat", isPublished: true }, select: { id: true } });
    await prisma().chatModel.updateMany({ where: { id: { in: readers.map((reader) => reader.id) } }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      const chat = await newChat();
      const paths = [(await storeChatAttachment(userId, file(png, "unseen.png"))).path];
      expect(await ask(chat.id, { text: "Can you see it?", paths }, "I cannot see pictures, sorry.")).toMatchObject({ status: "complete" });
      expect(modelAsked()).not.toBe(VISION_MODEL_ID);
      expect(lastAsk()).toEqual({
        role: "user",
        content: [
          { type: "text", text: "Can you see it?" },
          { type: "text", text: "[Attached image: unseen.png (not visible to this model)]" },
        ],
      });
    } finally {
      await prisma().chatModel.updateMany({ where: { id: { in: readers.map((reader) => reader.id) } }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }
  });

  test("the model receives images as image parts and text files inline; the message keeps its files", async () => {
    const chat = await newChat();
    const image = await storeChatAttachment(userId, file(png, "look.png"));
    const text = await storeChatAttachment(userId, file("Shopping list: stars, coffee", "list.txt"));
    const outcome = await ask(chat.id, { text: "What do you think?", paths: [image.path, text.path] }, "Lovely colours.");
    expect(outcome.status).toBe("complete");

    const sent = lastAsk()!;
    expect(sent.role).toBe("user");
    expect(sent.content).toEqual([
      { type: "text", text: "What do you think?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
      { type: "text", text: "Attached file list.txt:\nShopping list: stars, coffee" },
    ]);
    const saved = (await listMessages(chat.id)).messages.find((message) => message.message === "What do you think?")!;
    expect(saved.attachments?.map((attachment) => attachment.name)).toEqual(["look.png", "list.txt"]);
  });

  test("regenerating the answer to a message with files sends the files again", async () => {
    const chat = await newChat();
    const image = await storeChatAttachment(userId, file(png, "Again.PNG"));
    await ask(chat.id, { paths: [image.path] }, "Pink!");
    const first = lastAsk()!.content;

    expect(await regenerate(chat.id, "A very pink square.")).toMatchObject({ status: "complete" });
    expect(modelAsked()).toBe(VISION_MODEL_ID);
    const again = lastAsk()!;
    expect(again).toEqual({ role: "user", content: first });
    expect(first).toEqual([
      { type: "text", text: "Here are some files." },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
    ]);
  });

  test("regenerating the answer to a message without images, after one with, goes to the agent's model", async () => {
    const chat = await newChat();
    await ask(chat.id, { paths: [(await storeChatAttachment(userId, file(png, "first.png"))).path] }, "Pink.");
    expect(modelAsked()).toBe(VISION_MODEL_ID);
    await ask(chat.id, { text: "Tell me a story instead" }, "Once upon a time.");
    const agentModel = modelAsked();
    expect(agentModel).not.toBe(VISION_MODEL_ID);

    expect(await regenerate(chat.id, "Once, long ago.")).toMatchObject({ status: "complete" });
    expect(modelAsked()).toBe(agentModel);
    expect(lastAsk()).toEqual({ role: "user", content: "Tell me a story instead" });
  });

  test("the model reads the text of PDFs and Word files; a file without readable text is named", async () => {
    const chat = await newChat();
    const pdf = await storeChatAttachment(userId, file(minimalPdf("Quarterly report (draft): revenue up 12 percent"), "Report.PDF"));
    const docx = await storeChatAttachment(userId, file(await minimalDocx("Meeting notes\nBring the telescope"), "notes.docx"));
    const broken = await storeChatAttachment(userId, file(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64, 0x20)]), "broken.pdf"));
    const outcome = await ask(chat.id, { text: "Summarise these", paths: [pdf, docx, broken].map((stored) => stored.path) }, "Revenue is up.");
    expect(outcome.status).toBe("complete");

    const sent = lastAsk()!;
    expect(sent.content).toEqual([
      { type: "text", text: "Summarise these" },
      { type: "text", text: "Attached file Report.PDF:\nQuarterly report (draft): revenue up 12 percent" },
      { type: "text", text: "Attached file notes.docx:\nMeeting notes\n\nBring the telescope" },
      { type: "text", text: "[Attached file: broken.pdf]" },
    ]);
  });

  test("without JavaScript the files come with the form: stored, checked and sent with the message", async () => {
    const chat = await newChat();
    const form = new FormData();
    form.set("intent", "send");
    form.set("message", "Read this");
    form.append("file", file("Packing list: tent, stove", "trip.txt"));
    form.append("file", new File([], "")); // an empty picker posts one nameless, empty file
    fake.nextReply({ text: "Bring matches." });
    expect(await handleChatAction(userId, chat.id, parseFormData(form, chatPageForm))).toEqual({ ok: true });
    const sent = lastAsk()!;
    expect(sent.content).toEqual([
      { type: "text", text: "Read this" },
      { type: "text", text: "Attached file trip.txt:\nPacking list: tent, stove" },
    ]);
    const saved = (await listMessages(chat.id)).messages.find((message) => message.message === "Read this")!;
    expect(saved.attachments?.map((attachment) => attachment.name)).toEqual(["trip.txt"]);
    expect(saved.attachments?.[0]?.path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}/trip\\.txt$`));

    const refused = new FormData();
    refused.set("intent", "send");
    refused.append("file", file("<script>alert(1)</script>", "photo.png"));
    const before = await prisma().chatMessage.count({ where: { sessionId: chat.id } });
    await expect(handleChatAction(userId, chat.id, parseFormData(refused, chatPageForm))).rejects.toMatchObject({
      status: 400,
      message: attachmentTexts.contentMismatch,
    });
    const tooMany = new FormData();
    tooMany.set("intent", "send");
    for (let index = 0; index < 5; index++) tooMany.append("file", file(`note ${index}`, `n${index}.txt`));
    await expect(handleChatAction(userId, chat.id, parseFormData(tooMany, chatPageForm))).rejects.toMatchObject({
      status: 400,
      message: attachmentTexts.tooMany,
    });
    expect(await prisma().chatMessage.count({ where: { sessionId: chat.id } })).toBe(before);
  });

  test("a send may be files only, but never someone else's files", async () => {
    const stranger = await newUser();
    const theirs = await storeChatAttachment(stranger, file(png, "private.png"));
    const chat = await newChat();
    const form = new FormData();
    form.append("attachment", theirs.path);
    const reservations = await prisma().tokenReservation.count({ where: { userId } });
    await expect(prepareReply({ userId }, chat.id, readMessage(parseFormData(form, messageFields)))).rejects.toThrow(ChatInputError);
    expect(await prisma().tokenReservation.count({ where: { userId } })).toBe(reservations);
    const mine = await storeChatAttachment(userId, file(png, "mine.png"));
    const onlyFiles = new FormData();
    onlyFiles.append("attachment", mine.path);
    expect(readMessage(parseFormData(onlyFiles, messageFields))).toEqual({ text: "", attachments: [mine.path] });
    expect(() => readMessage(parseFormData(new FormData(), messageFields))).toThrow(ChatInputError);
  });

  test("deleting a message removes its files and ends their links, unless another message still shows them", async () => {
    const chat = await newChat();
    const alone = await storeChatAttachment(userId, file(png, "alone.png"));
    const shared = await storeChatAttachment(userId, file("kept for later", "shared.txt"));
    const send = async (text: string, paths: string[]) => {
      const form = new FormData();
      form.set("intent", "send");
      form.set("message", text);
      for (const path of paths) form.append("attachment", path);
      fake.nextReply({ text: "Seen." });
      expect(await handleChatAction(userId, chat.id, parseFormData(form, chatPageForm))).toEqual({ ok: true });
      return (await listMessages(chat.id)).messages.find((message) => message.message === text)!;
    };
    const first = await send("two files", [alone.path, shared.path]);
    // The same upload again, spelled as a hand-made request might spell it.
    const second = await send("the text file again", [shared.path.replace("/", "//")]);
    expect(second.attachments?.map((attachment) => attachment.path)).toEqual([shared.path]);
    // The file's signed link, as the storage route serves it.
    const aloneLink = new Request(new URL(signedUrl("chats", alone.path), "http://localhost"));
    const serve = () => storageLoader(routeArgs(aloneLink, { params: { bucket: "chats", "*": alone.path } }));
    expect((await serve()).status).toBe(200);

    const deleting = (messageId: string) => {
      const form = new FormData();
      form.set("intent", "delete");
      form.set("messageId", messageId);
      return handleChatAction(userId, chat.id, parseFormData(form, chatPageForm));
    };
    expect(await deleting(first.id)).toEqual({ ok: true, toast: "message-deleted" });
    expect(await getObject("chats", alone.path)).toBeNull();
    expect((await serve()).status).toBe(404);
    // The text file is still on the other message.
    expect((await getObject("chats", shared.path))?.body.toString()).toBe("kept for later");

    expect(await deleting(second.id)).toEqual({ ok: true, toast: "message-deleted" });
    expect(await getObject("chats", shared.path)).toBeNull();
  });

  test("deleting someone else's message leaves it and its files alone", async () => {
    const stranger = await newUser();
    await credit(stranger, { type: "free", amount: 50, description: "test" });
    const theirChat = await getOwnSession(
      stranger,
      await startChat(stranger, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id),
    );
    const theirs = await storeChatAttachment(stranger, file(png, "theirs.png"));
    const form = new FormData();
    form.set("intent", "send");
    form.set("message", "my picture");
    form.append("attachment", theirs.path);
    fake.nextReply({ text: "Nice." });
    expect(await handleChatAction(stranger, theirChat.id, parseFormData(form, chatPageForm))).toEqual({ ok: true });
    const message = (await listMessages(theirChat.id)).messages.find((entry) => entry.message === "my picture")!;

    const attempt = new FormData();
    attempt.set("intent", "delete");
    attempt.set("messageId", message.id);
    await expect(handleChatAction(userId, theirChat.id, parseFormData(attempt, chatPageForm))).rejects.toMatchObject({ status: 404 });
    // Their message's id with one of my own chats: not mine either.
    const myChat = await startChat(userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id);
    await expect(deleteOwnMessage(userId, myChat, message.id)).rejects.toBeInstanceOf(ChatNotFoundError);
    expect(await prisma().chatMessage.count({ where: { id: message.id } })).toBe(1);
    expect(await getObject("chats", theirs.path)).not.toBeNull();

    // A message of mine whose record names their file (never accepted by a send): deleting it
    // leaves their file where it is.
    const mine = await prisma().chatMessage.create({
      data: { sessionId: myChat, senderType: "user", senderId: userId, userId, message: "not my file", document: { uploadedFiles: [{ path: theirs.path }] } },
    });
    await deleteOwnMessage(userId, myChat, mine.id);
    expect(await prisma().chatMessage.count({ where: { id: mine.id } })).toBe(0);
    expect(await getObject("chats", theirs.path)).not.toBeNull();
  });

  test("the upload route refuses visitors and reports the spec's text for a wrong type", async () => {
    const body = new FormData();
    body.set("file", file("hello", "virus.bat"));
    const signedOut = (await uploadAction(routeArgs(new Request("http://localhost/api/chat/uploads", { method: "POST", body })))) as Response;
    expect(signedOut.status).toBe(401);

    const again = new FormData();
    again.set("file", file("hello", "virus.bat"));
    const request = new Request("http://localhost/api/chat/uploads", { method: "POST", body: again, headers: { Cookie: await signedInCookie(userId) } });
    const refused = (await uploadAction(routeArgs(request))) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: attachmentTexts.notSupported("bat"), code: "attachment-rejected" });
  });

  test("the upload route refuses a file over the size limit before it counts against the hourly uploads", async () => {
    const counted = async () => (await prisma().rateLimit.findUnique({ where: { key: `chat-upload:user:${userId}` } }))?.count ?? 0;
    const before = await counted();
    const body = new FormData();
    body.set("file", file("hello", "notes.txt"));
    const headers = { Cookie: await signedInCookie(userId), "Content-Length": String(ATTACHMENT_MAX_BYTES + 65 * 1024) };
    const refused = (await uploadAction(routeArgs(new Request("http://localhost/api/chat/uploads", { method: "POST", body, headers })))) as Response;
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: attachmentTexts.tooLarge, code: "attachment-rejected" });
    expect(await counted()).toBe(before);
  });
});
