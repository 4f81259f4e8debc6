// Chat modes that do what they say (issue 32, decision 034): Vision answers about a picture with
// a model that reads pictures, Design redraws one with an image-to-image model, a voice note
// speaks the reply with the agent's audio model; and the plan settings that allow picture, video
// and voice requests in chat, enforced for a person on the free plan and one on a paid plan.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chatModeTexts } from "~/lib/chat-modes";
import { parseChatMessageDocument } from "~/lib/documents/chat-message";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { storeChatAttachment } from "~/modules/chat/attachments.server";
import { resetEventListenerForTests } from "~/modules/events/events.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { startMediaWorker } from "~/modules/media/worker.server";
import { seedCatalogueIfEmpty } from "~/modules/seed/seed.server";
import { getObject } from "~/modules/storage/storage.server";
import { credit, getBalance } from "~/modules/tokens/ledger.server";
import { action as replyAction } from "~/routes/api/chat.reply";
import { action as chatAction, loader as chatLoader } from "~/routes/chat/session";
import { load, post } from "../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { jobEnded, MEDIA_TEST_ENV, setEnv } from "../helpers/media";
import { newSignedInPerson } from "../helpers/payments";
import { PAID_PLAN, subscribeTo } from "../helpers/plans";
import { routeArgs } from "../helpers/route-args";

const ENV = { ...MEDIA_TEST_ENV, DEMO_STREAM_DELAY_MS: "0" };
let db: TestDatabase;
let stopWorker: () => Promise<void>;
let characterId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  setEnv(ENV);
  resetEventListenerForTests();
  await seedCatalogueIfEmpty(db.database.prisma);
  invalidateCatalogueCache();
  stopWorker = startMediaWorker();
  characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true }, orderBy: { name: "asc" } })).id;
});
afterAll(async () => {
  await stopWorker();
  setEnv(Object.fromEntries(Object.keys(ENV).map((name) => [name, undefined])));
  await db.dispose();
});

type Person = { userId: string; cookie: string; sessionId: string };
type Page = { modes: Record<string, { modelName: string; notInPlan?: string } | null> };

/** A signed-in person with `tokens` (500) and a chat, on the free plan or on the paid one. */
async function person(plan: "free" | "paid" = "paid", tokens = 500): Promise<Person> {
  const signedIn = await newSignedInPerson();
  await credit(signedIn.userId, { type: "purchased", amount: tokens, description: "test tokens" });
  if (plan === "paid") await subscribeTo(signedIn.userId);
  return { ...signedIn, sessionId: await startChat(signedIn.userId, characterId) };
}

/** A picture of one colour, as a chat attachment of the person's. */
async function attachPicture(userId: string, colour: { r: number; g: number; b: number }, width = 640, height = 480, name = "photo.png") {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return (await storeChatAttachment(userId, new File([new Uint8Array(bytes)], name, { type: "image/png" }))).path;
}

/** The composer's form posted to the chat page (a picture, video or voice-note request, or a send without JavaScript). */
const send = (who: Person, mode: string, message: string, extra: [string, string][] = []) =>
  post(chatAction, `/chat/${who.sessionId}`, who.cookie, [["intent", "send"], ["mode", mode], ["message", message], ...extra], { sessionId: who.sessionId });

/** A send to the streamed reply route, as the composer makes it with JavaScript: the status and the events. */
async function stream(who: Person, fields: [string, string][]) {
  const request = new Request(`http://localhost/api/chat/${who.sessionId}/reply`, {
    method: "POST",
    headers: { Cookie: who.cookie },
    body: new URLSearchParams(fields),
  });
  const response = (await replyAction(routeArgs(request, { params: { sessionId: who.sessionId } }))) as Response;
  const body = await response.text();
  const events = [...body.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map(([, event, data]) => ({
    event: event!,
    data: JSON.parse(data!) as Record<string, unknown>,
  }));
  return { status: response.status, body, events };
}

const pageOf = async (who: Person) => (await load(chatLoader, `/chat/${who.sessionId}`, who.cookie, { sessionId: who.sessionId })).data as Page;

/** What a refused request must leave as it was: the chat's messages, the balance, jobs and uploads. */
async function footprint(who: Person) {
  return {
    messages: await prisma().chatMessage.count({ where: { sessionId: who.sessionId } }),
    balance: (await getBalance(who.userId)).total,
    jobs: await prisma().mediaJob.count({ where: { userId: who.userId } }),
    uploads: await prisma().upload.count({ where: { userId: who.userId } }),
  };
}

async function setPlan(name: string, setting: "chatPictures" | "chatVideos" | "chatVoice", allowed: boolean) {
  await prisma().plan.updateMany({ where: { name }, data: { [setting]: allowed } });
}

async function newestJob(userId: string) {
  return prisma().mediaJob.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
}

describe("the plan settings that allow requests in chat", () => {
  const cases = [
    { mode: "image", setting: "chatPictures", kind: "Picture requests" },
    { mode: "design", setting: "chatPictures", kind: "Picture requests" },
    { mode: "video", setting: "chatVideos", kind: "Video requests" },
    { mode: "voice", setting: "chatVoice", kind: "Voice notes" },
  ] as const;

  for (const { mode, setting, kind } of cases) {
    for (const plan of ["free", "paid"] as const) {
      test(`${mode} mode for a person on the ${plan} plan: refused while the plan leaves it out, nothing spent or saved; done once it is in`, async () => {
        const who = await person(plan);
        const planName = plan === "free" ? "Free" : PAID_PLAN;
        const extra: [string, string][] = mode === "design" ? [["attachment", await attachPicture(who.userId, { r: 200, g: 30, b: 30 })]] : [];
        const original = (await prisma().plan.findFirstOrThrow({ where: { name: planName } }))[setting];
        try {
          await setPlan(planName, setting, false);
          const before = await footprint(who);
          const refused = await send(who, mode, "Send me something of yours", extra);
          expect(refused).toMatchObject({
            status: 403,
            data: { error: `${kind} in chat are not included in the ${planName} plan. See the plans that include them on the Subscription page.` },
          });
          expect(await footprint(who)).toEqual(before);
          expect((await pageOf(who)).modes[mode]).toMatchObject({ notInPlan: planName });

          await setPlan(planName, setting, true);
          expect(await send(who, mode, "Send me something of yours", extra)).toMatchObject({ status: 302, location: `/chat/${who.sessionId}` });
          expect(await prisma().mediaJob.count({ where: { userId: who.userId } })).toBe(before.jobs + 1);
          expect((await pageOf(who)).modes[mode]?.notInPlan).toBeUndefined();
        } finally {
          await setPlan(planName, setting, original);
        }
      });
    }
  }

  test("as seeded, the free plan has voice notes and neither pictures nor videos; the paid plan has all three", async () => {
    const free = await pageOf(await person("free"));
    expect([free.modes.image?.notInPlan, free.modes.design?.notInPlan, free.modes.video?.notInPlan, free.modes.voice?.notInPlan]).toEqual([
      "Free",
      "Free",
      "Free",
      undefined,
    ]);
    const paid = await pageOf(await person("paid"));
    expect([paid.modes.image, paid.modes.design, paid.modes.video, paid.modes.voice].map((option) => option?.notInPlan)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Chat and Vision are replies every plan has.
    expect([free.modes.chat?.notInPlan, free.modes.vision?.notInPlan]).toEqual([undefined, undefined]);
  });
});

describe("Vision", () => {
  test("answers about the attached picture with the model that reads pictures, both saved in vision mode", async () => {
    const who = await person("free");
    const path = await attachPicture(who.userId, { r: 20, g: 40, b: 220 });
    const { status, events } = await stream(who, [
      ["message", "What do you see?"],
      ["mode", "vision"],
      ["attachment", path],
    ]);
    expect(status).toBe(200);
    const complete = events.find((event) => event.event === "complete")!.data;
    expect(complete.message).toContain("I see a picture of 640 × 480 pixels, mostly blue.");
    expect(complete.messageType).toBe("vision");
    const saved = await prisma().chatMessage.findMany({ where: { sessionId: who.sessionId, messageType: "vision" }, orderBy: { createdAt: "asc" } });
    expect(saved.map((message) => message.senderType)).toEqual(["user", "agent"]);
    expect(parseChatMessageDocument(saved[1]!.document)).toMatchObject({ mode: "vision", selectedModel: "Demo Vision (offline)" });
  });

  test("without an attachment it answers about the chat's last picture; without JavaScript too", async () => {
    const who = await person("free");
    await stream(who, [
      ["message", "Here is my garden"],
      ["attachment", await attachPicture(who.userId, { r: 30, g: 200, b: 40 }, 300, 200, "garden.png")],
    ]);
    const { events } = await stream(who, [
      ["message", "What colour was it?"],
      ["mode", "vision"],
    ]);
    expect(events.find((event) => event.event === "complete")!.data.message).toContain("I see a picture of 300 × 200 pixels, mostly green.");

    expect(await send(who, "vision", "And its size?")).toMatchObject({ status: 302 });
    const last = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId: who.sessionId, senderType: "agent" }, orderBy: { createdAt: "desc" } });
    expect([last.messageType, last.message.includes("I see a picture of 300 × 200 pixels, mostly green.")]).toEqual(["vision", true]);
  });

  test("with no picture in the chat it is refused, and nothing is saved or spent", async () => {
    const who = await person("free");
    const before = await footprint(who);
    const { status, body } = await stream(who, [
      ["message", "What do you see?"],
      ["mode", "vision"],
    ]);
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ error: chatModeTexts.noPictureToSee });
    expect(await footprint(who)).toEqual(before);
  });

  test("with no model that reads pictures it is not offered, and a send in it is refused with nothing saved", async () => {
    const who = await person("free");
    const path = await attachPicture(who.userId, { r: 20, g: 40, b: 220 });
    const readers = await prisma().chatModel.findMany({ where: { acceptsImages: true, modelType: "chat", isPublished: true }, select: { id: true } });
    await prisma().chatModel.updateMany({ where: { id: { in: readers.map((reader) => reader.id) } }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      expect((await pageOf(who)).modes.vision).toBeNull();
      const before = await footprint(who);
      const { status, body } = await stream(who, [
        ["message", "What do you see?"],
        ["mode", "vision"],
        ["attachment", path],
      ]);
      expect([status, JSON.parse(body).error]).toEqual([503, chatModeTexts.noVisionModel]);
      expect(await footprint(who)).toEqual(before);
    } finally {
      await prisma().chatModel.updateMany({ where: { id: { in: readers.map((reader) => reader.id) } }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }
  });

  test("a picture, video or voice-note request sent to the streamed reply is refused there", async () => {
    const who = await person("paid");
    const before = await footprint(who);
    const { status } = await stream(who, [
      ["message", "Send me a picture"],
      ["mode", "image"],
    ]);
    expect(status).toBe(400);
    expect(await footprint(who)).toEqual(before);
  });
});

describe("Design", () => {
  test("redraws the attached picture with the image-to-image model: the job carries it, the result is it transformed", async () => {
    const who = await person("paid");
    const path = await attachPicture(who.userId, { r: 250, g: 250, b: 250 }, 512, 512);
    expect(await send(who, "design", "Make it a sunset", [["attachment", path]])).toMatchObject({ status: 302 });
    const job = await newestJob(who.userId);
    expect(job).toMatchObject({ chatModel: "Demo Redraw (offline)", prompt: "Make it a sunset", mode: "image" });
    const source = await prisma().upload.findUniqueOrThrow({ where: { id: job.sourceUploadId! } });
    expect([source.userId, source.mediaType, source.width, source.height]).toEqual([who.userId, "image", 512, 512]);

    expect((await jobEnded(who.userId, job.id)).status).toBe("completed");
    const reply = await prisma().chatMessage.findUniqueOrThrow({ where: { id: job.chatMessageId! } });
    expect(reply.messageType).toBe("design");
    const [picture] = reply.media as { path: string }[];
    const stored = await getObject("gallery", picture!.path);
    const { dominant } = await sharp(stored!.body).stats();
    // The white source comes back in colour: it was redrawn, not copied.
    expect(Math.max(dominant.r, dominant.g, dominant.b) - Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(40);
    const asked = await prisma().chatMessage.findFirstOrThrow({ where: { sessionId: who.sessionId, senderType: "user", messageType: "design" } });
    expect(parseChatMessageDocument(asked.document).uploadedFiles.map((file) => file.path)).toEqual([path]);
  });

  test("without an attachment it redraws the chat's last picture, a drawn one included", async () => {
    const who = await person("paid");
    expect(await send(who, "image", "Send me a picture of you")).toMatchObject({ status: 302 });
    const drawn = await newestJob(who.userId);
    await jobEnded(who.userId, drawn.id);
    const [picture] = (await prisma().chatMessage.findUniqueOrThrow({ where: { id: drawn.chatMessageId! } })).media as { path: string }[];

    expect(await send(who, "design", "Now in winter")).toMatchObject({ status: 302 });
    const redraw = await newestJob(who.userId);
    const source = await prisma().upload.findUniqueOrThrow({ where: { id: redraw.sourceUploadId! } });
    const [original, copied] = await Promise.all([getObject("gallery", picture!.path), getObject("uploads", source.privatePath)]);
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(copied!.body)).equals(await pixels(original!.body))).toBe(true);
  });

  test("with no picture in the chat, or not enough tokens, it is refused, and nothing is saved, spent or copied", async () => {
    const who = await person("paid");
    const before = await footprint(who);
    expect(await send(who, "design", "Make it a sunset")).toMatchObject({ status: 400, data: { error: chatModeTexts.noPictureToRedraw } });
    expect(await footprint(who)).toEqual(before);

    // A redraw costs 10.
    const poor = await person("paid", 5);
    const path = await attachPicture(poor.userId, { r: 9, g: 9, b: 9 });
    const poorBefore = await footprint(poor);
    expect(await send(poor, "design", "Make it a sunset", [["attachment", path]])).toMatchObject({ status: 402 });
    expect(await footprint(poor)).toEqual(poorBefore);
  });

  test("with no model that redraws pictures it is not offered, and a request in it is refused", async () => {
    const who = await person("paid");
    const path = await attachPicture(who.userId, { r: 9, g: 9, b: 9 });
    await prisma().chatModel.updateMany({ where: { chatModel: "Demo Redraw (offline)" }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      expect((await pageOf(who)).modes.design).toBeNull();
      const before = await footprint(who);
      expect(await send(who, "design", "Make it a sunset", [["attachment", path]])).toMatchObject({
        status: 503,
        data: { error: chatModeTexts.noRedrawModel },
      });
      expect(await footprint(who)).toEqual(before);
    } finally {
      await prisma().chatModel.updateMany({ where: { chatModel: "Demo Redraw (offline)" }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }
  });
});

describe("voice notes", () => {
  test("the reply is written, then spoken by the agent's audio model into a sound shown with it; both are paid", async () => {
    const who = await person("free");
    const agent = await prisma().chatSession.findUniqueOrThrow({ where: { id: who.sessionId }, select: { agentId: true } });
    // A second offline voice, chosen for the agent in its editor: the voice note uses it, not the heaviest.
    await prisma().chatModel.create({
      data: {
        chatModel: "Demo Voice Two",
        modelId: "demo-audio",
        aiPlatform: "demo",
        modelType: "audio",
        costTokens: 7,
        costUnit: "1_file",
        isPublished: true,
        settings: { duration: [5] },
      },
    });
    invalidateCatalogueCache();
    await prisma().chatAgent.update({ where: { id: agent.agentId }, data: { customModels: [{ audio: "Demo Voice Two" }] } });
    try {
      const before = (await getBalance(who.userId)).total;
      expect(await send(who, "voice", "Send me a voice note")).toMatchObject({ status: 302 });
      const job = await newestJob(who.userId);
      const reply = await prisma().chatMessage.findUniqueOrThrow({ where: { id: job.chatMessageId! } });
      expect([reply.senderType, reply.messageType, job.chatModel, job.mode]).toEqual(["agent", "voice", "Demo Voice Two", "audio"]);
      expect(reply.message).toContain("Send me a voice note");
      expect(job.prompt).toBe(reply.message);

      expect((await jobEnded(who.userId, job.id)).status).toBe("completed");
      const spoken = await prisma().chatMessage.findUniqueOrThrow({ where: { id: reply.id } });
      expect((spoken.media as { mediaType: string }[]).map((item) => item.mediaType)).toEqual(["audio"]);
      expect(spoken.message).toBe(reply.message);
      // The reply's price (Demo Chat, 5) and the sound's (7).
      expect((await getBalance(who.userId)).total).toBe(before - 5 - 7);
    } finally {
      await prisma().chatModel.deleteMany({ where: { chatModel: "Demo Voice Two" } });
      invalidateCatalogueCache();
    }
  });

  test("with too few tokens for the reply and the sound together, or no audio model, nothing is saved or spent", async () => {
    // The reply costs 5, the sound 5: each alone would fit.
    const who = await person("free", 7);
    const before = await footprint(who);
    expect(await send(who, "voice", "Send me a voice note")).toMatchObject({ status: 402 });
    expect(await footprint(who)).toEqual(before);

    await prisma().chatModel.updateMany({ where: { modelType: "audio" }, data: { isPublished: false } });
    invalidateCatalogueCache();
    try {
      expect((await pageOf(who)).modes.voice).toBeNull();
      expect(await send(who, "voice", "Send me a voice note")).toMatchObject({ status: 503, data: { error: chatModeTexts.noVoiceModel } });
      expect(await footprint(who)).toEqual(before);
    } finally {
      await prisma().chatModel.updateMany({ where: { modelType: "audio", aiPlatform: "demo" }, data: { isPublished: true } });
      invalidateCatalogueCache();
    }
  });
});

describe("the agent editor's model choices", () => {
  test("offers the types the chat uses (chat, image, video, audio), not music, and saving keeps a music choice it does not show", async () => {
    const who = await person("free");
    const agent = await prisma().chatSession.findUniqueOrThrow({ where: { id: who.sessionId }, select: { agentId: true } });
    await prisma().chatAgent.update({ where: { id: agent.agentId }, data: { customModels: [{ music: "Demo Music (offline)" }] } });
    const page = (await pageOf(who)) as Page & { editable: { choices: Record<string, string[]> } };
    expect(Object.keys(page.editable.choices).sort()).toEqual(["audio", "chat", "image", "video"]);
    const saved = await post(
      chatAction,
      `/chat/${who.sessionId}`,
      who.cookie,
      [
        ["intent", "edit-agent"],
        ["name", "Kept"],
        ["model:audio", "Demo Audio (offline)"],
      ],
      { sessionId: who.sessionId },
    );
    expect(saved).toMatchObject({ status: 302 });
    expect((await prisma().chatAgent.findUniqueOrThrow({ where: { id: agent.agentId } })).customModels).toEqual([
      { music: "Demo Music (offline)" },
      { audio: "Demo Audio (offline)" },
    ]);
  });
});
