import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getMonthlyUsage } from "~/modules/account/usage.server";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import { putObject } from "~/modules/storage/storage.server";
import { credit, release, reserve, settle } from "~/modules/tokens/ledger.server";
import { loader as billingLoader } from "~/routes/dashboard/billing";
import { loader as overviewLoader } from "~/routes/dashboard/overview";
import { loader as usageLoader } from "~/routes/dashboard/usage";
import { createTestDatabase, truncateAll, type TestDatabase } from "../helpers/database";
import { mediaJobReservation, newUser } from "../helpers/tokens";
import { routeArgs } from "../helpers/route-args";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());
beforeEach(() => truncateAll(test.database));

type Loader = typeof billingLoader | typeof usageLoader | typeof overviewLoader;

/** Runs a dashboard loader as the browser would: a real session cookie, or none. */
async function load<L extends Loader>(loader: L, path: string, userId?: string): Promise<Awaited<ReturnType<L>>> {
  const cookie = userId ? (await startLoginSession(userId, new Request("http://localhost/"), null)).split(";")[0]! : "";
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return (await loader(routeArgs(request))) as Awaited<ReturnType<L>>;
}

/** A chat of the person's, with `say` writing its messages as the chat does (the person's, or the agent's replies). */
async function chatOf(userId: string) {
  const character = await prisma().character.create({ data: { name: "Luna" } });
  const agent = await prisma().chatAgent.create({ data: { userId, characterId: character.id, name: "Luna" } });
  const session = await prisma().chatSession.create({ data: { userId, agentId: agent.id } });
  return (senderType: "user" | "agent", createdAt = new Date()) =>
    prisma().chatMessage.create({
      data: { sessionId: session.id, senderType, senderId: senderType === "user" ? userId : agent.id, userId, message: "Hello", createdAt },
    });
}

async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.catch((caught: unknown) => caught);
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("location");
}

function addPayment(userId: string, fields: { status?: "pending" | "fulfilled" | "failed" | "expired"; createdAt?: Date } = {}) {
  return prisma().payment.create({
    data: {
      userId,
      stripeSessionId: `cs_test_${randomUUID()}`,
      kind: "token_package",
      packageId: "standard",
      tokens: 19900,
      amountCents: 1999,
      status: "fulfilled",
      ...fields,
    },
  });
}

describe("billing page", () => {
  it("shows a new account no subscription and no payments", async () => {
    const userId = await newUser();
    expect(await load(billingLoader, "/dashboard/billing", userId)).toEqual({ subscription: null, history: [] });
  });

  it("lists package purchases and subscription invoices newest first, with their labels and amounts", async () => {
    const userId = await newUser();
    await prisma().tokenPackage.create({ data: { id: "standard", name: "Standard", tokens: 19900, priceCents: 1999 } });
    const plan = await prisma().plan.create({ data: { name: "Pro", priceCents: 1500 } });
    const periodEnd = new Date("2026-12-21T00:00:00Z");
    const subscription = await prisma().subscription.create({ data: { userId, planId: plan.id, status: "active", currentPeriodEnd: periodEnd } });
    await addPayment(userId, { createdAt: new Date("2026-11-01T10:00:00Z") });
    await addPayment(userId, { status: "expired", createdAt: new Date("2026-11-02T10:00:00Z") });
    await prisma().payment.create({
      data: { userId, stripeSessionId: "cs_test_plan", kind: "subscription", planId: plan.id, amountCents: 1500, createdAt: new Date("2026-11-03T10:00:00Z") },
    });
    await prisma().planTokenGrant.create({
      data: {
        userId,
        subscriptionId: subscription.id,
        stripeInvoiceId: "in_test_1",
        tokens: 10000,
        amountCents: 1500,
        createdAt: new Date("2026-11-04T10:00:00Z"),
      },
    });

    const { subscription: summary, history } = await load(billingLoader, "/dashboard/billing", userId);
    expect(summary).toEqual({ planName: "Pro", status: "active", currentPeriodEnd: periodEnd.toISOString(), cancelAtPeriodEnd: false });
    expect(history.map(({ description, amountCents, status }) => ({ description, amountCents, status }))).toEqual([
      { description: "Pro plan · 10,000 monthly tokens", amountCents: 1500, status: "Paid" },
      { description: "Pro plan subscription", amountCents: 1500, status: "Pending" },
      { description: "Standard package · 19,900 tokens", amountCents: 1999, status: "Expired" },
      { description: "Standard package · 19,900 tokens", amountCents: 1999, status: "Paid" },
    ]);
    expect(history[0]!.date).toBe("2026-11-04T10:00:00.000Z");
  });

  it("never shows another person's payments", async () => {
    const userId = await newUser();
    const someoneElse = await newUser();
    await addPayment(someoneElse);
    expect((await load(billingLoader, "/dashboard/billing", userId)).history).toEqual([]);
    expect((await load(billingLoader, "/dashboard/billing", someoneElse)).history).toHaveLength(1);
  });

  it("shows at most the 50 newest lines", async () => {
    const userId = await newUser();
    const start = Date.UTC(2026, 0, 1);
    for (let day = 0; day < 52; day += 1) await addPayment(userId, { createdAt: new Date(start + day * 86_400_000) });
    const { history } = await load(billingLoader, "/dashboard/billing", userId);
    expect(history).toHaveLength(50);
    expect(history[0]!.date).toBe(new Date(start + 51 * 86_400_000).toISOString());
  });
});

describe("usage page", () => {
  it("shows a new account zeros everywhere", async () => {
    const userId = await newUser();
    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage).toEqual({
      month: new Date().toISOString().slice(0, 7),
      spent: {
        byKind: Object.fromEntries(["chat", "image", "video", "audio", "music", "other"].map((kind) => [kind, { tokens: 0, requests: 0 }])),
        total: 0,
      },
      storage: { bytes: 0, files: 0 },
      balance: { free: 0, purchased: 0, total: 0 },
    });
  });

  it("counts what each kind of request really cost this month, after refunds", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 500, description: "Monthly free tokens" });
    await credit(userId, { type: "purchased", amount: 100, description: "Standard package" });
    await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat message" })).id, 12);
    await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat message" })).id);
    await release((await mediaJobReservation(userId, "image", 50)).id);
    await settle((await mediaJobReservation(userId, "image", 40)).id);
    await mediaJobReservation(userId, "video", 30);
    await release((await reserve(userId, 20, { purpose: "chat_message", description: "Chat message" })).id);
    await settle((await mediaJobReservation(userId, "music", 30)).id, 25);

    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage.spent).toEqual({
      byKind: {
        chat: { tokens: 32, requests: 2 },
        image: { tokens: 40, requests: 1 },
        video: { tokens: 30, requests: 1 },
        audio: { tokens: 0, requests: 0 },
        music: { tokens: 25, requests: 1 },
        other: { tokens: 0, requests: 0 },
      },
      total: 127,
    });
    expect(usage.balance).toEqual({ free: 373, purchased: 100, total: 473 });
  });

  it("counts each charged reply this month, a Regenerate's too, and only the person's own", async () => {
    const userId = await newUser();
    const someoneElse = await newUser();
    await credit(userId, { type: "free", amount: 100, description: "Monthly free tokens" });
    const say = await chatOf(userId);
    await say("user");
    await say("agent");
    await settle((await reserve(userId, 5, { purpose: "chat_message", description: "Chat message" })).id);
    // Regenerate: another paid reply to the same message, and no new message of the person's.
    await say("agent");
    await settle((await reserve(userId, 5, { purpose: "chat_message", description: "Chat message" })).id);
    await (
      await chatOf(someoneElse)
    )("user");

    await credit(someoneElse, { type: "free", amount: 100, description: "Monthly free tokens" });
    await settle((await reserve(someoneElse, 7, { purpose: "chat_message", description: "Chat message" })).id);

    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage.spent.byKind.chat).toEqual({ tokens: 10, requests: 2 });
  });

  it("leaves out spending from an earlier month", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 100, description: "Monthly free tokens" });
    const old = await reserve(userId, 25, { purpose: "chat_message", description: "Chat message" });
    await settle(old.id);
    await prisma().tokenReservation.update({ where: { id: old.id }, data: { createdAt: new Date("2020-01-15T12:00:00Z") } });
    await settle((await reserve(userId, 5, { purpose: "chat_message", description: "Chat message" })).id);
    const say = await chatOf(userId);
    await say("user", new Date("2020-01-15T12:00:00Z"));
    await say("user");

    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage.spent.byKind.chat).toEqual({ tokens: 5, requests: 1 });
  });

  it("draws the month's edges at midnight UTC on the 1st", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 100, description: "Monthly free tokens" });
    const spendAt = async (cost: number, createdAt: string) => {
      const held = await reserve(userId, cost, { purpose: "chat_message", description: "Chat message" });
      await settle(held.id);
      await prisma().tokenReservation.update({ where: { id: held.id }, data: { createdAt: new Date(createdAt) } });
    };
    const say = await chatOf(userId);
    for (const [cost, at] of [
      [1, "2026-10-31T23:59:59.999Z"],
      [2, "2026-11-01T00:00:00.000Z"],
      [4, "2026-11-30T23:59:59.999Z"],
      [8, "2026-12-01T00:00:00.000Z"],
    ] as const) {
      await spendAt(cost, at);
      await say("user", new Date(at));
    }

    const november = await getMonthlyUsage(userId, { now: new Date("2026-11-15T12:00:00Z") });
    expect(november.month).toBe("2026-11");
    expect(november.spent.byKind.chat).toEqual({ tokens: 6, requests: 2 });
  });

  it("counts every stored upload, and only the person's own", async () => {
    const userId = await newUser();
    const someoneElse = await newUser();
    const upload = (owner: string, size: number) =>
      prisma().upload.create({
        data: { userId: owner, filename: "a.png", mediaType: "image", contentType: "image/png", bucket: "uploads", privatePath: randomUUID(), size },
      });
    await upload(userId, 1_500_000);
    await upload(userId, 2_048);
    await upload(someoneElse, 9_999);

    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage.storage).toEqual({ bytes: 1_502_048, files: 2 });
  });

  it("counts the chat attachments the person stored, sent or not, beside the uploads library", async () => {
    const userId = await newUser();
    const someoneElse = await newUser();
    await prisma().upload.create({
      data: { userId, filename: "a.png", mediaType: "image", contentType: "image/png", bucket: "uploads", privatePath: randomUUID(), size: 2_000 },
    });
    await putObject("chats", `${userId}/${randomUUID()}/photo.png`, Buffer.alloc(30_000), "image/png");
    await putObject("chats", `${userId}/${randomUUID()}/notes.txt`, Buffer.alloc(500), "text/plain");
    await putObject("chats", `${someoneElse}/${randomUUID()}/theirs.png`, Buffer.alloc(9_999), "image/png");

    const { usage } = await load(usageLoader, "/dashboard/usage", userId);
    expect(usage.storage).toEqual({ bytes: 32_500, files: 3 });
  });
});

describe("dashboard overview", () => {
  it("sums up the balance, the plan, this month's spending and the five latest transactions", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 500, description: "Monthly free tokens" });
    // The oldest row must be the one left out, even if the next one lands in the same millisecond.
    await prisma().tokenTransaction.updateMany({ where: { userId }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    await credit(userId, { type: "purchased", amount: 200, description: "Standard package" });
    await settle((await reserve(userId, 20, { purpose: "chat_message", description: "Chat message" })).id, 12);
    await settle((await reserve(userId, 10, { purpose: "image", description: "Image" })).id);
    await settle((await reserve(userId, 10, { purpose: "image", description: "Image" })).id);

    const overview = await load(overviewLoader, "/dashboard", userId);
    expect(overview.balance).toEqual({ free: 468, purchased: 200, total: 668 });
    expect(overview.plan).toBeNull();
    expect(overview.spentThisMonth).toBe(32);
    expect(overview.recentActivity).toHaveLength(5);
    expect(overview.recentActivity.map((row) => row.amount)).not.toContain(500);
  });

  it("shows the subscription's plan and status", async () => {
    const userId = await newUser();
    const plan = await prisma().plan.create({ data: { name: "Pro", priceCents: 1500 } });
    await prisma().subscription.create({ data: { userId, planId: plan.id, status: "past_due" } });
    expect((await load(overviewLoader, "/dashboard", userId)).plan).toEqual({ name: "Pro", status: "past_due" });
  });
});

describe("signed out", () => {
  it.each([
    ["/dashboard/billing", billingLoader],
    ["/dashboard/usage", usageLoader],
    ["/dashboard", overviewLoader],
  ] as const)("%s sends the visitor to /login and back", async (path, loader) => {
    expect(await redirectOf(load(loader as Loader, path))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});
