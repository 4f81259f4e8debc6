import { beforeEach, describe, expect, it } from "vitest";
import { adminUserTexts, deletedEmailFor } from "~/lib/admin-users";
import { authTexts } from "~/lib/auth-forms";
import { listAuditEntries } from "~/modules/audit/audit.server";
import { changeRole } from "~/modules/admin/user-changes.server";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/modules/payments/subscriptions.server";
import { getCurrentUser, startLoginSession } from "~/modules/auth/login-session.server";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { prisma } from "~/modules/db/db.server";
import { isLive } from "~/modules/payments/subscriptions.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/users.$id.delete";
import { action as userAction, loader as userLoader } from "~/routes/admin/users.$id";
import { action as statusAction, loader as statusLoader } from "~/routes/admin/users.$id.status";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { confirmedAccount, signInWith } from "../helpers/accounts";
import { getPage, postForm, signedInAccount } from "../helpers/admin-users";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";

databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

type ListPage = {
  users: { email: string; name: string | null; status: string; plan: string; lastActive: Date | null }[];
  total: number;
  page: number;
  pageCount: number;
};

const listUsers = async (cookie: string, query = "") =>
  (await getPage(usersLoader, `/admin/users${query}`, cookie)).data as ListPage & { stats: Record<string, unknown> };
const userPath = (id: string) => `/admin/users/${id}`;
const postToUser = (cookie: string, id: string, fields: Record<string, string>) => postForm(userAction, userPath(id), cookie, fields, { id });
/** Suspend and Reactivate post to their confirmation page (/admin/users/:id/status), with or without JavaScript. */
const postStatus = (cookie: string, id: string, fields: Record<string, string>) => postForm(statusAction, `${userPath(id)}/status`, cookie, fields, { id });
const signIn = (email: string, password: string) => signInWith(email, password, "10.0.0.1");

/** 23 people besides the admin: 12 active, 6 pending, 5 inactive; 4 on Pro, 2 on Max, one with a canceled Pro. */
async function seedPeople() {
  const pro = await prisma().plan.create({ data: { name: "Pro", priceCents: 999 } });
  const max = await prisma().plan.create({ data: { name: "Max", priceCents: 2999 } });
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 23; i += 1) {
    const status = i < 12 ? "active" : i < 18 ? "pending" : "inactive";
    const user = await prisma().user.create({
      data: {
        email: `person${String(i).padStart(2, "0")}@example.com`,
        name: i === 7 ? "Grace Hopper" : `Person ${i}`,
        status,
        createdAt: new Date(base + i * 60_000),
        lastActiveAt: i % 2 ? new Date(base + i * 120_000) : null,
      },
    });
    const subscription =
      i < 4 ? { planId: pro.id, status: "active" } : i < 6 ? { planId: max.id, status: "trialing" } : i === 6 ? { planId: pro.id, status: "canceled" } : null;
    if (subscription) await prisma().subscription.create({ data: { userId: user.id, ...subscription } });
  }
}

describe("the admin users list", () => {
  it("shows 10 people a page, newest joined first, with the exact count and each one's plan or Free and last activity or Never", async () => {
    const { cookie } = await signedInAccount();
    await seedPeople();
    const first = await listUsers(cookie);
    expect(first).toMatchObject({ total: 24, page: 1, pageCount: 3 });
    expect(first.users).toHaveLength(10);
    expect(first.users[0]!.email).toBe("root@example.com");
    expect(first.users[1]).toMatchObject({ email: "person22@example.com", status: "inactive", plan: "Free", lastActive: null });
    const third = await listUsers(cookie, "?page=3");
    expect(third.users.map((user) => user.email)).toEqual(["person03@example.com", "person02@example.com", "person01@example.com", "person00@example.com"]);
    expect(third.users.map((user) => user.plan)).toEqual(["Pro", "Pro", "Pro", "Pro"]);
    expect(third.users[2]!.lastActive).toBeInstanceOf(Date);
  });

  it("filters by status and plan and searches e-mail or name without regard to case", async () => {
    const { cookie } = await signedInAccount();
    await seedPeople();
    expect((await listUsers(cookie, "?status=pending")).total).toBe(6);
    expect((await listUsers(cookie, "?plan=Pro")).total).toBe(4);
    expect((await listUsers(cookie, "?plan=Max")).users.map((user) => user.plan)).toEqual(["Max", "Max"]);
    // The canceled subscription counts as Free.
    expect((await listUsers(cookie, "?plan=Free")).total).toBe(18);
    expect((await listUsers(cookie, "?plan=Free&status=active")).total).toBe(7);
    expect((await listUsers(cookie, "?q=GRACE")).users.map((user) => user.email)).toEqual(["person07@example.com"]);
    expect((await listUsers(cookie, "?q=Person1")).total).toBe(10);
    expect((await listUsers(cookie, "?q=PERSON2&status=inactive")).total).toBe(3);
    // Unreadable filters are ignored rather than failing.
    expect((await listUsers(cookie, "?status=bogus&page=-3")).total).toBe(24);
  });

  it("counts people by status and by plan, with their shares", async () => {
    const { cookie } = await signedInAccount();
    await seedPeople();
    const { stats } = await listUsers(cookie);
    expect(stats).toMatchObject({
      total: 24,
      byStatus: [
        { name: "active", count: 13, percentage: 54 },
        { name: "inactive", count: 5, percentage: 21 },
        { name: "pending", count: 6, percentage: 25 },
      ],
      byPlan: [
        { name: "Free", count: 18, percentage: 75 },
        { name: "Pro", count: 4, percentage: 17 },
        { name: "Max", count: 2, percentage: 8 },
      ],
      planChoices: ["Free", "Pro", "Max"],
    });
  });

  it("counts a subscriber of a plan called Free as Free, once", async () => {
    const { cookie } = await signedInAccount();
    const free = await prisma().plan.create({ data: { name: "Free", priceCents: 0 } });
    const ada = await confirmedAccount("ada@example.com");
    await prisma().subscription.create({ data: { userId: ada.id, planId: free.id, status: "active" } });
    const page = await listUsers(cookie, "?plan=Free");
    expect(page.total).toBe(2);
    expect(page.stats).toMatchObject({ byPlan: [{ name: "Free", count: 2, percentage: 100 }], planChoices: ["Free"] });
  });

  it("counts a plan with the same subscription statuses as the payments module", () => {
    for (const status of ["active", "trialing", "past_due", "canceled", "incomplete", "incomplete_expired", "unpaid", "paused"]) {
      expect(LIVE_SUBSCRIPTION_STATUSES.includes(status), status).toBe(isLive({ status }));
    }
  });
});

describe("Add User", () => {
  it("creates a pending account and mails a link through which the person chooses a password and signs in", async () => {
    const { cookie } = await signedInAccount();
    const answer = await postForm(usersAction, "/admin/users", cookie, { intent: "invite", email: " New.Person@Example.com ", name: "Newton", role: "user" });
    const invited = await prisma().user.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(answer).toEqual({ status: 302, location: `/admin/users/${invited.id}?toast=user-invited` });
    expect(invited).toMatchObject({ name: "Newton", status: "pending", role: "user", passwordHash: null, emailVerifiedAt: null });

    const [mail] = outboxMails();
    expect(mail).toMatchObject({ to: "new.person@example.com", subject: "You are invited to CharacterVerse" });
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail!.text)![1]!;
    expect(await resetPassword(token, "chosen-password")).toMatchObject({ ok: true });
    expect(await prisma().user.findUniqueOrThrow({ where: { id: invited.id } })).toMatchObject({ status: "active", emailVerifiedAt: expect.any(Date) });
    expect(await signIn("new.person@example.com", "chosen-password")).toMatchObject({ ok: true });

    const { entries } = await listAuditEntries({ entityType: "user" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: "root@example.com", action: "invite", entityId: invited.id });
    expect(entries[0]!.summary).not.toContain("new.person");
  });

  it("refuses a form over its size on every users action (413), changing nothing", async () => {
    const { cookie, user } = await signedInAccount();
    const id = user.id;
    const huge = { intent: "invite", email: "big@example.com", name: "x".repeat(20_000) };
    for (const [action, path, params] of [
      [usersAction, "/admin/users", {}],
      [userAction, `/admin/users/${id}`, { id }],
      [statusAction, `/admin/users/${id}/status`, { id }],
      [deleteAction, `/admin/users/${id}/delete`, { id }],
    ] as const) {
      // Thrown as an app error, which the request handler answers with its status.
      await expect(postForm(action, path, cookie, huge, params), path).rejects.toMatchObject({ status: 413, message: "This form is too large." });
    }
    expect(await prisma().user.count()).toBe(1);
    expect((await listAuditEntries({})).total).toBe(0);
  });

  it("refuses an invalid or taken e-mail with the field's error and creates nothing", async () => {
    const { cookie } = await signedInAccount();
    expect(await postForm(usersAction, "/admin/users", cookie, { intent: "invite", email: "not-an-email" })).toMatchObject({
      status: 400,
      data: { fields: { email: authTexts.invalidEmail } },
    });
    expect(await postForm(usersAction, "/admin/users", cookie, { intent: "invite", email: "ROOT@example.com" })).toMatchObject({
      status: 400,
      data: { error: adminUserTexts.emailTaken, fields: { email: adminUserTexts.emailTaken } },
    });
    expect(await prisma().user.count()).toBe(1);
    expect((await listAuditEntries({})).total).toBe(0);
    expect(outboxMails()).toHaveLength(0);
  });

  it("sends the invitation again to someone who has not chosen a password yet", async () => {
    const { cookie } = await signedInAccount();
    await postForm(usersAction, "/admin/users", cookie, { intent: "invite", email: "late@example.com" });
    const invited = await prisma().user.findUniqueOrThrow({ where: { email: "late@example.com" } });
    expect(await postToUser(cookie, invited.id, { intent: "resend-invite" })).toEqual({
      status: 302,
      location: `${userPath(invited.id)}?toast=invitation-resent`,
    });
    expect(outboxMails().filter((mail) => mail.to === "late@example.com")).toHaveLength(2);
    const active = await confirmedAccount("set@example.com");
    expect(await postToUser(cookie, active.id, { intent: "resend-invite" })).toMatchObject({ status: 400, data: { error: adminUserTexts.alreadyActivated } });
  });
});

describe("suspending an account", () => {
  it("signs the person out everywhere and refuses their sign-in with a clear message until reactivated", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com", "lovelace1");
    const phone = (await startLoginSession(ada.id, new Request("http://localhost/login"), null)).split(";")[0]!;
    await startLoginSession(ada.id, new Request("http://localhost/login"), null);
    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: phone } }))).toMatchObject({ id: ada.id });

    expect(await postStatus(cookie, ada.id, { intent: "suspend" })).toEqual({ status: 302, location: `${userPath(ada.id)}?toast=user-suspended` });
    expect(await prisma().loginSession.count({ where: { userId: ada.id } })).toBe(0);
    expect(await getCurrentUser(new Request("http://localhost/", { headers: { Cookie: phone } }))).toBeNull();
    expect(await signIn("ada@example.com", "lovelace1")).toEqual({ ok: false, status: 400, error: authTexts.accountSuspended });
    // A wrong password learns nothing about the suspension.
    expect(await signIn("ada@example.com", "wrong-password")).toMatchObject({ error: authTexts.invalidCredentials });

    expect(await postStatus(cookie, ada.id, { intent: "reactivate" })).toEqual({ status: 302, location: `${userPath(ada.id)}?toast=user-reactivated` });
    expect(await signIn("ada@example.com", "lovelace1")).toMatchObject({ ok: true });
    expect((await listAuditEntries({ entityType: "user" })).entries.map((entry) => [entry.action, entry.after])).toEqual([
      ["reactivate", { status: "active" }],
      ["suspend", { status: "inactive" }],
    ]);
  });

  it("is refused for the admin's own account", async () => {
    const { user, cookie } = await signedInAccount();
    expect(await postStatus(cookie, user.id, { intent: "suspend" })).toMatchObject({ status: 400, data: { error: adminUserTexts.cannotSuspendSelf } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe("active");
    // The confirmation page says so instead of asking.
    expect((await getPage(statusLoader, `${userPath(user.id)}/status`, cookie, { id: user.id })).data).toMatchObject({
      change: "suspend",
      blocked: adminUserTexts.cannotSuspendSelf,
    });
  });

  it("asks first: the confirmation page asks the change the account's status calls for, and asking changes nothing", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    const ask = async () => (await getPage(statusLoader, `${userPath(ada.id)}/status`, cookie, { id: ada.id })).data;
    expect(await ask()).toMatchObject({ user: { email: "ada@example.com" }, change: "suspend", blocked: null });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).status).toBe("active");
    await postStatus(cookie, ada.id, { intent: "suspend" });
    expect(await ask()).toMatchObject({ change: "reactivate" });
  });

  it("is no longer done by the user page itself, an unknown intent changes nothing, and an unknown account is 404", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    expect(await postToUser(cookie, ada.id, { intent: "suspend" })).toMatchObject({ status: 400, data: { error: adminUserTexts.unknownIntent } });
    expect(await postStatus(cookie, ada.id, { intent: "explode" })).toMatchObject({ status: 400, data: { error: adminUserTexts.unknownIntent } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).status).toBe("active");
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(getPage(statusLoader, `${userPath(missing)}/status`, cookie, { id: missing })).rejects.toMatchObject({ init: { status: 404 } });
    await expect(postStatus(cookie, "not-a-uuid", { intent: "suspend" })).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("changing a role", () => {
  it("makes someone an admin and back, and records both", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    expect(await postToUser(cookie, ada.id, { intent: "change-role", role: "admin" })).toEqual({
      status: 302,
      location: `${userPath(ada.id)}?toast=role-changed`,
    });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).role).toBe("admin");
    await postToUser(cookie, ada.id, { intent: "change-role", role: "user" });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).role).toBe("user");
    expect((await listAuditEntries({ action: "change-role" })).entries.map((entry) => entry.after)).toEqual([{ role: "user" }, { role: "admin" }]);
  });

  it("never lets an admin demote themselves, and refuses an unknown role", async () => {
    const { user, cookie } = await signedInAccount();
    expect(await postToUser(cookie, user.id, { intent: "change-role", role: "user" })).toMatchObject({
      status: 400,
      data: { error: adminUserTexts.cannotChangeOwnRole },
    });
    expect(await postToUser(cookie, user.id, { intent: "change-role", role: "owner" })).toMatchObject({
      status: 400,
      data: { fields: { role: "Choose a role" } },
    });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("admin");
    expect((await listAuditEntries({})).total).toBe(0);
  });

  it("keeps the last admin: two admins demoting each other leave one", async () => {
    const root = await signedInAccount("root@example.com");
    const ada = await signedInAccount("ada@example.com");
    const results = await Promise.allSettled([
      changeRole({ id: root.user.id, email: "root@example.com" }, ada.user.id, "user"),
      changeRole({ id: ada.user.id, email: "ada@example.com" }, root.user.id, "user"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { message: adminUserTexts.lastAdmin } });
    expect(await prisma().user.count({ where: { role: "admin" } })).toBe(1);
  });
});

describe("deleting an account", () => {
  it("turns it off and removes the person's data, keeping their ledger and payment rows", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com", "lovelace1");
    await prisma().user.update({ where: { id: ada.id }, data: { name: "Ada Lovelace", avatarUrl: "/default-avatar.svg" } });
    await startLoginSession(ada.id, new Request("http://localhost/login"), null);
    await prisma().oAuthAccount.create({ data: { userId: ada.id, provider: "google", providerAccountId: "g-123" } });
    await prisma().tokenTransaction.create({ data: { userId: ada.id, tokenType: "purchased", transactionType: "add", amount: 500, description: "Bought" } });
    await prisma().payment.create({ data: { userId: ada.id, stripeSessionId: "cs_1", kind: "token_package", amountCents: 499, status: "fulfilled" } });

    const page = await getPage(deleteLoader, `${userPath(ada.id)}/delete`, cookie, { id: ada.id });
    expect(page).toMatchObject({ status: 200, data: { user: { email: "ada@example.com" } } });
    expect(await postForm(deleteAction, `${userPath(ada.id)}/delete`, cookie, { intent: "delete" }, { id: ada.id })).toEqual({
      status: 302,
      location: "/admin/users?toast=user-deleted",
    });

    expect(await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).toMatchObject({
      email: deletedEmailFor(ada.id),
      name: null,
      avatarUrl: null,
      passwordHash: null,
      status: "inactive",
    });
    expect(await prisma().loginSession.count({ where: { userId: ada.id } })).toBe(0);
    expect(await prisma().oAuthAccount.count({ where: { userId: ada.id } })).toBe(0);
    expect(await prisma().tokenTransaction.count({ where: { userId: ada.id } })).toBe(1);
    expect(await prisma().payment.count({ where: { userId: ada.id } })).toBe(1);
    expect(await signIn("ada@example.com", "lovelace1")).toMatchObject({ error: authTexts.invalidCredentials });
    const [entry] = (await listAuditEntries({ action: "delete" })).entries;
    expect(entry).toMatchObject({ entityType: "user", entityId: ada.id });
    expect(JSON.stringify(entry)).not.toContain("ada@example.com");
    // The page shows the account as deleted, and nothing more can be changed on it.
    expect(await getPage(userLoader, userPath(ada.id), cookie, { id: ada.id })).toMatchObject({ data: { user: { deleted: true } } });
    expect(await postStatus(cookie, ada.id, { intent: "reactivate" })).toMatchObject({ status: 400, data: { error: adminUserTexts.deletedAccount } });
  });

  it("is refused for the admin's own account and another admin", async () => {
    const { user, cookie } = await signedInAccount();
    const other = await signedInAccount("second@example.com");
    const remove = (id: string) => postForm(deleteAction, `${userPath(id)}/delete`, cookie, { intent: "delete" }, { id });
    expect(await remove(user.id)).toMatchObject({ status: 400, data: { error: adminUserTexts.cannotDeleteSelf } });
    expect(await remove(other.user.id)).toMatchObject({ status: 400, data: { error: adminUserTexts.cannotDeleteAdmin } });
    expect(await prisma().user.count({ where: { email: { endsWith: "@deleted.invalid" } } })).toBe(0);
    expect((await listAuditEntries({})).total).toBe(0);
  });

  it("ends a live subscription Stripe does not know of (payments off) on this side", async () => {
    const { cookie } = await signedInAccount();
    const subscriber = await confirmedAccount("sub@example.com");
    const plan = await prisma().plan.create({ data: { name: "Pro", priceCents: 999 } });
    await prisma().subscription.create({ data: { userId: subscriber.id, planId: plan.id, status: "active" } });
    const answer = await postForm(deleteAction, `${userPath(subscriber.id)}/delete`, cookie, { intent: "delete" }, { id: subscriber.id });
    expect(answer).toEqual({ status: 302, location: "/admin/users?toast=user-deleted" });
    expect(await prisma().subscription.findUniqueOrThrow({ where: { userId: subscriber.id } })).toMatchObject({ status: "canceled" });
  });
});

describe("the user page", () => {
  it("shows the person's balance, transactions, live sessions and tickets, and answers 404 for nobody", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    await startLoginSession(ada.id, new Request("http://localhost/login"), null);
    await prisma().ticket.create({ data: { userId: ada.id, topic: "Billing", message: "Help" } });
    await postToUser(cookie, ada.id, { intent: "adjust-tokens", direction: "grant", tokenType: "free", amount: "250", reason: "Welcome gift" });
    const page = await getPage(userLoader, userPath(ada.id), cookie, { id: ada.id });
    expect(page).toMatchObject({
      status: 200,
      data: {
        user: { email: "ada@example.com", plan: "Free", deleted: false },
        balance: { free: 250, purchased: 0, total: 250 },
        transactions: [{ amount: 250, description: "Welcome gift", transactionType: "add", tokenType: "free" }],
        liveSessions: 1,
        tickets: [{ topic: "Billing", status: "pending" }],
        isSelf: false,
      },
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(getPage(userLoader, userPath(id), cookie, { id })).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});
