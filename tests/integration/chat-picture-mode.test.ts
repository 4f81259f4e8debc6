// A picture request from the chat page's form (the composer in image mode, with or without
// JavaScript): the person's message and the character's placeholder reply, then the job.
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as chatAction, loader as chatLoader } from "~/routes/chat/session";
import { load, post } from "../helpers/admin";
import { chatPageForThisFile } from "../helpers/chat";
import { subscribeTo } from "../helpers/plans";

const chat = chatPageForThisFile();
beforeAll(async () => {
  await credit(chat.person.userId, { type: "purchased", amount: 100, description: "test tokens" });
  // Picture requests in chat are a paid plan's (chat-modes.test.ts holds the free plan to it).
  await subscribeTo(chat.person.userId);
});

const send = (cookie: string, mode: string, message: string) =>
  post(
    chatAction,
    `/chat/${chat.sessionId}`,
    cookie,
    [
      ["intent", "send"],
      ["mode", mode],
      ["message", message],
    ],
    { sessionId: chat.sessionId },
  );

type Page = Awaited<ReturnType<typeof chatLoader>>;

describe("image mode in a chat", () => {
  test("the page offers each mode with its model: image with the image model, design with one that redraws pictures", async () => {
    const { data } = await load(chatLoader, `/chat/${chat.sessionId}`, chat.person.cookie, { sessionId: chat.sessionId });
    const modes = (data as Page).modes!;
    expect(modes.image).toMatchObject({ modelName: "Demo Image (offline)" });
    expect(modes.design).toMatchObject({ modelName: "Demo Redraw (offline)" });
    expect(modes.chat?.modelName).toBeTruthy();
  });

  test("a picture request saves the person's message and a Generating reply, and starts a job of the character", async () => {
    expect(await send(chat.person.cookie, "image", "Send me a picture of you")).toRedirectTo(`/chat/${chat.sessionId}`);
    const job = await prisma().mediaJob.findFirstOrThrow({ where: { userId: chat.person.userId } });
    expect(job).toMatchObject({ chatSessionId: chat.sessionId, mode: "image" });
    expect(job.prompt).toContain("Send me a picture of you");

    const { data } = await load(chatLoader, `/chat/${chat.sessionId}`, chat.person.cookie, { sessionId: chat.sessionId });
    const last = (data as Page).messages.slice(-2);
    expect(last.map((message) => [message.senderType, message.message, message.generating ?? false])).toEqual([
      ["user", "Send me a picture of you", false],
      ["agent", "", true],
    ]);
  });

  test("someone else's chat answers 404 and starts nothing", async () => {
    const jobs = await prisma().mediaJob.count();
    expect(await send(chat.other.cookie, "image", "Send me a picture of you")).toMatchObject({ status: 404 });
    expect(await prisma().mediaJob.count()).toBe(jobs);
  });
});
