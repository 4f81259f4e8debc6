import { describe, expect, test } from "vitest";
import { planTexts } from "~/lib/admin-catalogue";
import { planStatistics } from "~/modules/admin/plans.server";
import { prisma } from "~/modules/db/db.server";
import { syncSubscriptionById } from "~/modules/payments/subscriptions.server";
import { loader as plansLoader } from "~/routes/admin/plans";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/plans.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/plans.edit";
import { action as newAction } from "~/routes/admin/plans.new";
import { action as subscriptionAction, loader as subscriptionLoader } from "~/routes/dashboard/subscription";
import { adminWithFakeStripe, auditRows, load, post } from "../helpers/admin";
import { callRoute, checkoutSessionIdOf, postWebhook, signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";

const setup = adminWithFakeStripe();

type Fields = [string, string][];

/** A full plan form as the editor sends it: its perks as numbers and ticked switches ("on"; an unticked one is not sent). */
function planForm(
  intent: "create" | "update",
  overrides: Partial<Record<"name" | "description" | "price" | "interval" | "periodTokens" | "memoryMessages", string>> = {},
  extra: Fields = [],
): Fields {
  const values = { name: "Studio", description: "For studios", price: "29.50", interval: "monthly", periodTokens: "30000", memoryMessages: "60", ...overrides };
  return [["intent", intent], ...(Object.entries(values) as Fields), ["chatPictures", "on"], ["earlyAccess", "on"], ["isActive", "on"], ...extra];
}

async function createPlan(name: string, price = "29.50") {
  const answer = await post(newAction, "/admin/plans/new", setup.admin.cookie, planForm("create", { name, price }));
  expect(answer).toRedirectTo("/admin/plans", { toast: "plan-created" });
  return prisma().plan.findFirstOrThrow({ where: { name } });
}

/** Someone who subscribed to `planId` through Checkout, with Stripe's events delivered. */
async function subscriber(planId: string) {
  const cookie = await signedInCookie(await newUser());
  const response = (await callRoute(subscriptionAction, "http://localhost/dashboard/subscription", cookie, { intent: "subscribe", planId })) as Response;
  const { session, events } = await setup.fake.completeSession(checkoutSessionIdOf(response), { deliver: false });
  for (const event of events) expect((await postWebhook(event, setup.fake.webhookSecret)).status).toBe(200);
  return { cookie, subscriptionId: session.subscription as string };
}

describe("/admin/plans", () => {
  test("lists every plan, active or not, cheapest first, with subscribers per plan and their share", async () => {
    const hidden = await prisma().plan.create({ data: { name: "Legacy", priceCents: 500, isActive: false } });
    const pro = await prisma().plan.findFirstOrThrow({ where: { name: "Pro" } });
    await subscriber(pro.id);
    const people = await prisma().user.count();

    const { status, data } = await load(plansLoader, "/admin/plans", setup.admin.cookie);
    expect(status).toBe(200);
    const page = data as Awaited<ReturnType<typeof plansLoader>>;
    expect(page.plans.map((plan) => plan.name)).toEqual(["Free", "Legacy", "Pro", "Premium"]);
    expect(page.plans.find((plan) => plan.id === hidden.id)).toMatchObject({ isActive: false, priceCents: 500 });
    const byName = Object.fromEntries(page.statistics!.map((row) => [row.planName, row]));
    expect(byName.Pro).toMatchObject({ userCount: 1, percentage: Math.round((1 / people) * 1000) / 10 });
    expect(byName.Free!.userCount).toBe(people - 1);
    expect(byName.Legacy!.userCount).toBe(0);
    await prisma().plan.delete({ where: { id: hidden.id } });
  });

  test("New Plan creates the plan with its perks, its Stripe price, and an audit row", async () => {
    const plan = await createPlan("Studio");
    expect(plan).toMatchObject({ description: "For studios", priceCents: 2950, interval: "monthly", isActive: true, isPopular: false });
    // Ticked switches are on, the rest (not sent by a browser) off.
    expect(plan).toMatchObject({
      periodTokens: 30000,
      memoryMessages: 60,
      chatPictures: true,
      chatVideos: false,
      chatVoice: false,
      priority: false,
      earlyAccess: true,
    });
    expect(setup.fake.prices.get(plan.stripePriceId!)).toMatchObject({ unit_amount: 2950, recurring: { interval: "month" }, active: true });
    const audit = (await auditRows()).find((row) => row.entityId === plan.id);
    expect(audit).toMatchObject({
      actorEmail: setup.admin.email,
      action: "create",
      entityType: "plan",
      after: { name: "Studio", priceCents: 2950, periodTokens: 30000, memoryMessages: 60, earlyAccess: true, priority: false },
    });

    // The Subscription page offers it, its card generated from those settings.
    const subscriptionPage = (await callRoute(subscriptionLoader, "http://localhost/dashboard/subscription", setup.admin.cookie)) as Awaited<
      ReturnType<typeof subscriptionLoader>
    >;
    expect(subscriptionPage.plans.find((item) => item.name === "Studio")?.perks).toEqual([
      { text: "30,000 tokens every month", enabled: true },
      { text: "Remembers the last 60 messages", enabled: true },
      { text: "Pictures in chat", enabled: true },
      { text: "Videos in chat", enabled: false },
      { text: "Voice notes in chat", enabled: false },
      { text: "Priority queue for pictures and videos", enabled: false },
      { text: "Early access to new models", enabled: true },
    ]);
  });

  test.each([
    ["a blank name", { name: " " }, "name", "Name is required"],
    ["a price below 0", { price: "-1" }, "price", "Price must be at least 0"],
    ["a price that is not a number", { price: "ten" }, "price", "Price must be a number"],
    ["a price finer than 0.01", { price: "9.999" }, "price", "Price must be in steps of 0.01"],
    ["an unknown interval", { interval: "weekly" }, "interval", "Choose monthly or yearly"],
    ["a memory of no messages", { memoryMessages: "0" }, "memoryMessages", "Memory must be at least 1"],
    ["a memory past 200 messages", { memoryMessages: "201" }, "memoryMessages", "Memory must be at most 200"],
    ["a memory that is not a whole number", { memoryMessages: "12.5" }, "memoryMessages", "Memory must be a whole number"],
    ["a blank memory", { memoryMessages: "" }, "memoryMessages", "Memory is required"],
    ["negative tokens", { periodTokens: "-5" }, "periodTokens", "Tokens must be at least 0"],
    ["tokens that are not a number", { periodTokens: "lots" }, "periodTokens", "Tokens must be a number"],
    ["tokens on a free plan", { price: "0", periodTokens: "100" }, "periodTokens", planTexts.freePlanTokens],
  ])("refuses %s with 400 and its text, writing nothing", async (_case, override: Record<string, string>, field, text) => {
    const [plans, audits, prices] = [await prisma().plan.count(), await prisma().auditEntry.count(), setup.fake.prices.size];
    const answer = await post(newAction, "/admin/plans/new", setup.admin.cookie, planForm("create", { name: "Refused", ...override }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: text, fields: { [field]: text } });
    // What was sent comes back, so the form shows it again (without JavaScript too).
    expect((answer.data as { values: { name: string } }).values.name).toBe(override.name ?? "Refused");
    expect([await prisma().plan.count(), await prisma().auditEntry.count(), setup.fake.prices.size]).toEqual([plans, audits, prices]);
  });

  test("Edit Plan saves the fields; a new name keeps the Stripe price", async () => {
    const plan = await createPlan("Team");
    const { data } = await load(editLoader, `/admin/plans/${plan.id}/edit`, setup.admin.cookie, { planId: plan.id });
    expect(data).toMatchObject({
      plan: {
        name: "Team",
        price: "29.50",
        interval: "monthly",
        periodTokens: "30000",
        memoryMessages: "60",
        chatPictures: true,
        chatVideos: false,
        earlyAccess: true,
      },
    });

    const answer = await post(
      editAction,
      `/admin/plans/${plan.id}/edit`,
      setup.admin.cookie,
      planForm("update", { name: "Team Plus", memoryMessages: "120" }, [
        ["isPopular", "on"],
        ["chatVideos", "on"],
        ["chatVoice", "on"],
        ["priority", "on"],
      ]),
      {
        planId: plan.id,
      },
    );
    expect(answer).toRedirectTo("/admin/plans", { toast: "plan-updated" });
    const saved = await prisma().plan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(saved).toMatchObject({
      name: "Team Plus",
      isPopular: true,
      stripePriceId: plan.stripePriceId,
      memoryMessages: 120,
      chatVideos: true,
      chatVoice: true,
      priority: true,
    });
    const audit = (await auditRows()).filter((row) => row.entityId === plan.id && row.action === "update");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { name: "Team", isPopular: false, memoryMessages: 60, priority: false },
      after: { name: "Team Plus", isPopular: true, memoryMessages: 120, priority: true },
    });
  });

  test("a new price or interval replaces the Stripe price; people already subscribed keep theirs", async () => {
    const plan = await createPlan("Agency", "49.00");
    const oldPrice = plan.stripePriceId!;
    const { subscriptionId } = await subscriber(plan.id);

    const answer = await post(editAction, `/admin/plans/${plan.id}/edit`, setup.admin.cookie, planForm("update", { name: "Agency", price: "59.00" }), {
      planId: plan.id,
    });
    expect(answer.status).toBe(302);
    const repriced = await prisma().plan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(repriced.priceCents).toBe(5900);
    expect(repriced.stripePriceId).not.toBe(oldPrice);
    expect(setup.fake.prices.get(repriced.stripePriceId!)).toMatchObject({ unit_amount: 5900, recurring: { interval: "month" }, active: true });
    // The old price is archived, and the existing subscription stays on it and on this plan.
    expect(setup.fake.prices.get(oldPrice)!.active).toBe(false);
    expect(setup.fake.subscriptions.get(subscriptionId)!.items.data[0].price.id).toBe(oldPrice);
    expect((await syncSubscriptionById(subscriptionId)).planId).toBe(plan.id);

    await post(editAction, `/admin/plans/${plan.id}/edit`, setup.admin.cookie, planForm("update", { name: "Agency", price: "59.00", interval: "yearly" }), {
      planId: plan.id,
    });
    const yearly = await prisma().plan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(setup.fake.prices.get(yearly.stripePriceId!)).toMatchObject({ unit_amount: 5900, recurring: { interval: "year" } });

    // A new subscriber checks out at the new price.
    const cookie = await signedInCookie(await newUser());
    const checkout = (await callRoute(subscriptionAction, "http://localhost/dashboard/subscription", cookie, {
      intent: "subscribe",
      planId: plan.id,
    })) as Response;
    expect(setup.fake.sessions.get(checkoutSessionIdOf(checkout))!.amount_total).toBe(5900);
  });

  test("Delete Plan is refused with 'Cannot delete plan with active subscribers' while anyone is subscribed", async () => {
    const plan = await createPlan("Busy");
    await subscriber(plan.id);
    const { data } = await load(deleteLoader, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, { planId: plan.id });
    expect(data).toMatchObject({ plan: { name: "Busy", subscribers: 1 } });

    const audits = await prisma().auditEntry.count();
    const answer = await post(deleteAction, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: plan.id });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, error: "Cannot delete plan with active subscribers" });
    expect(await prisma().plan.findUnique({ where: { id: plan.id } })).not.toBeNull();
    expect(await prisma().auditEntry.count()).toBe(audits);
  });

  test("the Free plan cannot be deleted, said before asking and refused if asked anyway", async () => {
    const free = await prisma().plan.findFirstOrThrow({ where: { priceCents: 0 } });
    const { data } = await load(deleteLoader, `/admin/plans/${free.id}/delete`, setup.admin.cookie, { planId: free.id });
    expect(data).toMatchObject({ plan: { name: free.name, refusal: planTexts.freePlan } });
    const answer = await post(deleteAction, `/admin/plans/${free.id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: free.id });
    expect(answer).toMatchObject({ status: 409, data: { ok: false, error: planTexts.freePlan } });
    expect(await prisma().plan.findUnique({ where: { id: free.id } })).not.toBeNull();
  });

  test("a plan only ended subscriptions name shows no subscribers and is kept for them, with the reason", async () => {
    const plan = await createPlan("Bygone");
    await prisma().subscription.create({ data: { userId: await newUser(), planId: plan.id, status: "canceled" } });
    const { data } = await load(deleteLoader, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, { planId: plan.id });
    expect(data).toMatchObject({ plan: { name: "Bygone", subscribers: 0, refusal: planTexts.pastSubscribers } });
    const answer = await post(deleteAction, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: plan.id });
    expect(answer).toMatchObject({ status: 409, data: { ok: false, error: planTexts.pastSubscribers } });
    expect(await prisma().plan.findUnique({ where: { id: plan.id } })).not.toBeNull();
  });

  test("every plan the statistics count anyone on is one Delete refuses", async () => {
    const busy = await createPlan("Crowded");
    await subscriber(busy.id);
    const empty = await createPlan("Empty");
    const statistics = await planStatistics();
    expect(statistics.filter((row) => row.userCount > 0).length).toBeGreaterThanOrEqual(2);
    for (const row of statistics) {
      const { data } = await load(deleteLoader, `/admin/plans/${row.planId}/delete`, setup.admin.cookie, { planId: row.planId });
      if (row.userCount > 0) expect((data as { plan: { refusal: string | null } }).plan.refusal, row.planName).toBeTruthy();
    }
    const { data } = await load(deleteLoader, `/admin/plans/${empty.id}/delete`, setup.admin.cookie, { planId: empty.id });
    expect(data).toMatchObject({ plan: { refusal: null } });
  });

  test("the statistics and Delete agree the other way too: a plan Delete refuses for its subscribers is counted with them, one counted with none is not refused for them", async () => {
    const statuses = ["active", "trialing", "past_due", "canceled", "incomplete", "incomplete_expired", "unpaid", "paused"];
    const plans = await Promise.all(statuses.map((status) => prisma().plan.create({ data: { name: `On ${status}`, priceCents: 700 } })));
    await Promise.all(
      plans.map(async (plan, index) => prisma().subscription.create({ data: { userId: await newUser(), planId: plan.id, status: statuses[index]! } })),
    );
    const nobody = await prisma().plan.create({ data: { name: "On nobody", priceCents: 700 } });
    const counted = new Map((await planStatistics()).map((row) => [row.planId, row.userCount]));
    for (const plan of [...plans, nobody]) {
      const { data } = await load(deleteLoader, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, { planId: plan.id });
      const guard = (data as { plan: { subscribers: number; refusal: string | null } }).plan;
      expect([plan.name, guard.refusal === planTexts.hasSubscribers, guard.subscribers]).toEqual([plan.name, counted.get(plan.id)! > 0, counted.get(plan.id)]);
    }
    // The live statuses are counted and refused; the ended ones neither counted nor deletable, kept for their history.
    expect(plans.filter((plan) => counted.get(plan.id)! > 0).map((plan) => plan.name)).toEqual(["On active", "On trialing", "On past_due"]);
    const answer = await post(deleteAction, `/admin/plans/${nobody.id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: nobody.id });
    expect(answer).toRedirectTo("/admin/plans", { toast: "plan-deleted" });
    expect((await planStatistics()).some((row) => row.planId === nobody.id)).toBe(false);
  });

  test("Delete Plan removes a plan nobody is on, with an audit row", async () => {
    const plan = await createPlan("Unloved");
    const answer = await post(deleteAction, `/admin/plans/${plan.id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: plan.id });
    expect(answer).toRedirectTo("/admin/plans", { toast: "plan-deleted" });
    expect(await prisma().plan.findUnique({ where: { id: plan.id } })).toBeNull();
    expect((await auditRows()).find((row) => row.entityId === plan.id && row.action === "delete")).toMatchObject({ summary: "Deleted plan Unloved" });
  });

  test("an editor or a delete for a plan that does not exist answers 404", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [missing, "not-a-uuid"]) {
      expect((await load(editLoader, `/admin/plans/${id}/edit`, setup.admin.cookie, { planId: id })).status).toBe(404);
      expect((await post(deleteAction, `/admin/plans/${id}/delete`, setup.admin.cookie, [["intent", "delete"]], { planId: id })).status).toBe(404);
    }
  });
});
