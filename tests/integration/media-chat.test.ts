import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseChatMessageDocument } from "~/lib/documents/chat-message";
import { resetEventListenerForTests, subscribeEvents, type AppEvent } from "~/modules/events/events.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { messageMediaViews, requestPictureInChat } from "~/modules/media/jobs.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import type { FakeFal } from "../fakes/fal-server";
import { balanceMatchingLedger, jobEnded, personWith500Tokens, startMediaSuite } from "../helpers/media";
import { subscribeTo } from "../helpers/plans";
import { newUser } from "../helpers/tokens";

let suite: Awaited<ReturnType<typeof startMediaSuite>>;
let fal: FakeFal;
let userId: string;
let character: { id: string; imagePrompt: string | null; name: string };

beforeAll(async () => {
  resetEventListenerForTests();
  suite = await startMediaSuite();
  fal = suite.fal;
  character = await prisma().character.findFirstOrThrow({ where: { imagePrompt: { not: null } }, select: { id: true, imagePrompt: true, name: true } });
});
afterAll(() => suite.stop());
beforeEach(async () => {
  userId = await personWith500Tokens();
  // Picture and video requests in chat are a paid plan's (chat-modes.test.ts holds the free plan to it).
  await subscribeTo(userId);
});

describe("a picture request in chat", () => {
  test("pictures the character as its image prompt describes it, and the reply fills in live with the picture", async () => {
    const sessionId = await startChat(userId, character.id);
    const events: AppEvent[] = [];
    const unsubscribe = await subscribeEvents(`user:${userId}`, (event) => events.push(event));
    try {
      const started = await requestPictureInChat(userId, sessionId, "  Send me a picture of you  ", "image");
      expect(started.costTokens).toBe(20);
      const pending = await prisma().chatMessage.findUniqueOrThrow({ where: { id: started.agentMessageId } });
      expect(pending.senderType).toBe("agent");
      expect(pending.messageType).toBe("image");
      const ended = await jobEnded(userId, started.jobId);
      expect(ended.status).toBe("completed");
      const asked = [...fal.requests.values()].find((request) => String(request.input.prompt).endsWith("Send me a picture of you"))!;
      expect(asked.input).toMatchObject({ prompt: `${character.imagePrompt}. Send me a picture of you`, num_images: 1 });

      const person = await prisma().chatMessage.findUniqueOrThrow({ where: { id: started.userMessageId } });
      expect([person.message, person.messageType, person.senderType]).toEqual(["Send me a picture of you", "image", "user"]);
      const reply = await prisma().chatMessage.findUniqueOrThrow({ where: { id: started.agentMessageId } });
      expect(parseChatMessageDocument(reply.document)).toMatchObject({ mode: "image", isGenerating: false, request_id: started.requestId });
      const shown = messageMediaViews(reply.media);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ mediaType: "image" });
      expect(shown[0]!.url).toMatch(/^\/storage\/gallery\/.+\?expires=\d+&signature=/);
      const gallery = await prisma().galleryImage.findMany({ where: { jobId: started.jobId } });
      expect(gallery.map((item) => [item.characterId, item.isPublic])).toEqual([[character.id, false]]);

      // The reply is announced when saved, and again when filled in.
      const replyEvents = () => events.filter((event) => event.kind === "message" && event.messageId === started.agentMessageId).length;
      while (replyEvents() < 2) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(events.filter((event) => event.kind === "media-job").map((event) => (event as { status: string }).status)).toContain("completed");
      expect(events.filter((event) => event.kind === "message").map((event) => event.messageId)).toEqual(
        expect.arrayContaining([started.userMessageId, started.agentMessageId]),
      );
      expect((await getBalance(userId)).total).toBe(480);
    } finally {
      unsubscribe();
    }
    const { total, ledger } = await balanceMatchingLedger(userId);
    expect(total).toBe(ledger);
  });

  test("a failed picture says so in the reply and gives the tokens back", async () => {
    const sessionId = await startChat(userId, character.id);
    fal.script({ fail: true });
    const started = await requestPictureInChat(userId, sessionId, "Show me your garden", "image");
    expect((await jobEnded(userId, started.jobId)).status).toBe("failed");
    const reply = await prisma().chatMessage.findUniqueOrThrow({ where: { id: started.agentMessageId } });
    expect(reply.message).toBe("I'm sorry, I encountered an error while processing your request. Please try again later.");
    expect(parseChatMessageDocument(reply.document).isGenerating).toBe(false);
    expect((await getBalance(userId)).total).toBe(500);
  });

  test("video mode asks the video model", async () => {
    const sessionId = await startChat(userId, character.id);
    const started = await requestPictureInChat(userId, sessionId, "Can I see you dance?", "video");
    const job = await jobEnded(userId, started.jobId);
    expect(job).toMatchObject({ status: "completed", mediaType: "video", model: "Kling 1.6 Video" });
  });

  test("someone else's chat does not exist, blank text is refused, and too few tokens save nothing", async () => {
    const sessionId = await startChat(userId, character.id);
    const stranger = await newUser();
    await expect(requestPictureInChat(stranger, sessionId, "Send me a picture", "image")).rejects.toMatchObject({ status: 404 });
    await expect(requestPictureInChat(userId, sessionId, "   ", "image")).rejects.toMatchObject({ status: 400 });
    const poor = await newUser();
    await subscribeTo(poor);
    const poorSession = await startChat(poor, character.id);
    const before = await prisma().chatMessage.count({ where: { sessionId: poorSession } });
    await expect(requestPictureInChat(poor, poorSession, "Send me a picture", "image")).rejects.toMatchObject({ status: 402 });
    expect(await prisma().chatMessage.count({ where: { sessionId: poorSession } })).toBe(before);
  });
});
