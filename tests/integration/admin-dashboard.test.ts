import { describe, expect, it } from "vitest";
import { recordAudit } from "~/modules/audit/audit.server";
import { prisma } from "~/modules/db/db.server";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as statusAction } from "~/routes/admin/users.$id.status";
import { confirmedAccount } from "../helpers/accounts";
import { getPage, postForm, signedInAccount } from "../helpers/admin-users";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type Figures = {
  people: { total: number; newThisWeek: number; activeToday: number };
  activity: { day: string; messages: number; replies: number }[];
  tokens: { granted: number; bought: number; spent: number; deducted: number };
  revenue: { periodCents: number; periodPayments: number; allTimeCents: number };
  openTickets: number;
  topCharacters: { name: string; messages: number; people: number }[];
};

async function chatAbout(characterName: string, userId: string, messages: { daysAgo: number; replies?: number }[]) {
  const character =
    (await prisma().character.findFirst({ where: { name: characterName } })) ?? (await prisma().character.create({ data: { name: characterName } }));
  const agent = await prisma().chatAgent.create({ data: { userId, characterId: character.id, name: characterName } });
  const session = await prisma().chatSession.create({ data: { userId, agentId: agent.id } });
  for (const message of messages) {
    const createdAt = daysAgo(message.daysAgo);
    await prisma().chatMessage.create({ data: { sessionId: session.id, senderType: "user", senderId: userId, userId, message: "hi", createdAt } });
    for (let reply = 0; reply < (message.replies ?? 1); reply += 1) {
      await prisma().chatMessage.create({ data: { sessionId: session.id, senderType: "agent", senderId: agent.id, userId, message: "hello", createdAt } });
    }
  }
}

describe("the admin dashboard", () => {
  it("shows live figures from the database", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    const bob = await confirmedAccount("bob@example.com");
    const old = await confirmedAccount("old@example.com");
    await prisma().user.update({ where: { id: old.id }, data: { createdAt: daysAgo(40), lastActiveAt: daysAgo(3) } });
    await prisma().user.update({ where: { id: ada.id }, data: { lastActiveAt: new Date() } });

    await chatAbout("Luna", ada.id, [{ daysAgo: 0, replies: 2 }, { daysAgo: 2 }, { daysAgo: 45 }]);
    await chatAbout("Luna", bob.id, [{ daysAgo: 2 }]);
    await chatAbout("Orion", bob.id, [{ daysAgo: 1 }]);

    const entry = (type: "add" | "deduct", tokenType: "free" | "purchased", amount: number, referenceType: string | null, createdAt = new Date()) => ({
      userId: ada.id,
      transactionType: type,
      tokenType,
      amount,
      referenceType,
      createdAt,
    });
    await prisma().tokenTransaction.createMany({
      data: [
        entry("add", "purchased", 1000, "payment"),
        entry("add", "purchased", 5000, "payment", daysAgo(60)),
        entry("add", "free", 500, "free_claim"),
        entry("add", "free", 200, "plan_grant"),
        entry("add", "free", 50, "admin_adjustment"),
        entry("deduct", "free", 30, "reservation"),
        entry("add", "free", 10, "reservation"),
        entry("deduct", "purchased", 7, "admin_adjustment"),
      ],
    });
    await prisma().payment.createMany({
      data: [
        { userId: ada.id, stripeSessionId: "cs_recent", kind: "token_package", amountCents: 999, status: "fulfilled", fulfilledAt: daysAgo(1) },
        { userId: ada.id, stripeSessionId: "cs_old", kind: "token_package", amountCents: 4999, status: "fulfilled", fulfilledAt: daysAgo(60) },
        { userId: bob.id, stripeSessionId: "cs_open", kind: "token_package", amountCents: 999, status: "pending" },
      ],
    });
    for (const status of ["pending", "in_progress", "completed", "closed"] as const) {
      await prisma().ticket.create({ data: { userId: bob.id, topic: status, message: "help", status } });
    }

    const figures = (await getPage(dashboardLoader, "/admin", cookie)).data as Figures;
    // Active today: Ada, and the admin who signed in.
    expect(figures.people).toEqual({ total: 4, newThisWeek: 3, activeToday: 2 });
    expect(figures.activity).toHaveLength(30);
    expect(figures.activity.at(-1)).toEqual({ day: isoDay(new Date()), messages: 1, replies: 2 });
    expect(figures.activity.find((day) => day.day === isoDay(daysAgo(2)))).toMatchObject({ messages: 2, replies: 2 });
    expect(figures.activity.reduce((sum, day) => sum + day.messages, 0)).toBe(4);
    expect(figures.tokens).toEqual({ bought: 1000, granted: 750, spent: 20, deducted: 7 });
    expect(figures.revenue).toEqual({ periodCents: 999, periodPayments: 1, allTimeCents: 5998 });
    expect(figures.openTickets).toBe(2);
    expect(figures.topCharacters).toMatchObject([
      { name: "Luna", messages: 3, people: 2 },
      { name: "Orion", messages: 1, people: 1 },
    ]);
  });
});

describe("the audit log page", () => {
  it("lists admin writes newest first with filters, naming people by their current e-mail", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    await postForm(statusAction, `/admin/users/${ada.id}/status`, cookie, { intent: "suspend" }, { id: ada.id });
    await postForm(statusAction, `/admin/users/${ada.id}/status`, cookie, { intent: "reactivate" }, { id: ada.id });
    await recordAudit(
      { id: ada.id, email: "other-admin@example.com" },
      { action: "update", entityType: "banner", entityId: "b1", summary: "Renamed a banner" },
    );

    type Page = { entries: { action: string; entityType: string; subject: string | null; actorEmail: string }[]; total: number; choices: object };
    const all = (await getPage(auditLoader, "/admin/audit", cookie)).data as Page;
    expect(all.total).toBe(3);
    expect(all.entries.map((entry) => entry.action)).toEqual(["update", "reactivate", "suspend"]);
    expect(all.entries[1]).toMatchObject({ entityType: "user", subject: "ada@example.com", actorEmail: "root@example.com" });
    expect(all.choices).toEqual({ entityTypes: ["banner", "user"], actions: ["reactivate", "suspend", "update"] });

    const byType = (await getPage(auditLoader, "/admin/audit?type=user", cookie)).data as Page;
    expect(byType.total).toBe(2);
    const byAction = (await getPage(auditLoader, "/admin/audit?action=suspend", cookie)).data as Page;
    expect(byAction.entries.map((entry) => entry.action)).toEqual(["suspend"]);
    const byActor = (await getPage(auditLoader, "/admin/audit?actor=OTHER-ADMIN", cookie)).data as Page;
    expect(byActor.entries.map((entry) => entry.action)).toEqual(["update"]);
    const beyond = (await getPage(auditLoader, "/admin/audit?page=2", cookie)).data as Page;
    expect(beyond.entries).toEqual([]);
  });
});
