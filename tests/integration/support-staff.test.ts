import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as contact from "~/routes/contactus";
import * as adminDashboard from "~/routes/admin/dashboard";
import * as inbox from "~/routes/admin/tickets";
import * as staffTicket from "~/routes/admin/tickets.$ticketId";
import { toastFor } from "~/lib/toasts";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "../helpers/accounts";
import { load, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);
afterEach(() => {
  delete process.env.SUPPORT_EMAIL;
  resetEnvForTests();
});

type Answer = { status: number; data?: unknown; location?: string | null };
const locationOf = (answer: Answer) => answer.location;
const toastOf = (answer: Answer) => toastFor(new URL(answer.location!, "http://x").searchParams.get("toast"));

async function person(email = "ada@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, email, cookie: await signedInCookie(account.id) };
}

async function sendTicket(cookie: string, topic = "Billing question", message = "Where did my tokens go?") {
  await post(contact.action, "/contactus", cookie, [
    ["topic", topic],
    ["message", message],
  ]);
  return prisma().ticket.findFirstOrThrow({ where: { topic }, orderBy: { createdAt: "desc" } });
}

const staffPost = (cookie: string, ticketId: string, fields: [string, string][]) =>
  post(staffTicket.action, `/admin/tickets/${ticketId}`, cookie, fields, { ticketId });
const staffReply = (cookie: string, ticketId: string, message: string) =>
  staffPost(cookie, ticketId, [
    ["intent", "reply"],
    ["message", message],
  ]);
const setStatus = (cookie: string, ticketId: string, status: string) =>
  staffPost(cookie, ticketId, [
    ["intent", "status"],
    ["status", status],
  ]);
const ticketOf = (id: string) => prisma().ticket.findUniqueOrThrow({ where: { id } });
const inboxTopics = async (cookie: string, query = "") =>
  ((await load(inbox.loader, `/admin/tickets${query}`, cookie)).data as { tickets: { topic: string }[] }).tickets.map((ticket) => ticket.topic);

describe("the staff inbox", () => {
  it("refuses everyone but admins on every staff route, and changes nothing", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    for (const cookie of ["", ada.cookie]) {
      expect(locationOf(await load(inbox.loader, "/admin/tickets", cookie))).toBe("/");
      expect(locationOf(await load(staffTicket.loader, `/admin/tickets/${ticket.id}`, cookie, { ticketId: ticket.id }))).toBe("/");
      expect(locationOf(await staffReply(cookie, ticket.id, "Self-answer"))).toBe("/");
      expect(locationOf(await setStatus(cookie, ticket.id, "completed"))).toBe("/");
    }
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "pending", awaitingStaff: true });
    expect(await prisma().ticketReply.count()).toBe(0);
  });

  it("lists tickets waiting for an answer first, and filters by status and by a search of topic, message, e-mail or name", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    const bob = await person("bob@example.com");
    const answered = await sendTicket(ada.cookie, "Answered first");
    await sendTicket(bob.cookie, "Waiting", "My avatar upload fails");
    await staffReply(admin.cookie, answered.id, "Done");
    await sendTicket(ada.cookie, "Newest waiting");
    expect(await inboxTopics(admin.cookie)).toEqual(["Newest waiting", "Waiting", "Answered first"]);
    expect(await inboxTopics(admin.cookie, "?status=in_progress")).toEqual(["Answered first"]);
    expect(await inboxTopics(admin.cookie, "?status=open")).toEqual(["Newest waiting", "Waiting", "Answered first"]);
    expect(await inboxTopics(admin.cookie, "?q=BOB@")).toEqual(["Waiting"]);
    expect(await inboxTopics(admin.cookie, "?q=avatar")).toEqual(["Waiting"]);
    expect(await inboxTopics(admin.cookie, "?status=nonsense&q=newest")).toEqual(["Newest waiting"]);
  });

  it("opens a ticket with the person and the conversation; an unknown id is 404", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const page = await load(staffTicket.loader, `/admin/tickets/${ticket.id}`, admin.cookie, { ticketId: ticket.id });
    expect(page.data).toMatchObject({ id: ticket.id, topic: "Billing question", user: { id: ada.id, email: ada.email }, replies: [] });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await load(staffTicket.loader, `/admin/tickets/${missing}`, admin.cookie, { ticketId: missing })).status).toBe(404);
    expect((await load(staffTicket.loader, "/admin/tickets/nope", admin.cookie, { ticketId: "nope" })).status).toBe(404);
  });

  it("a staff reply makes a pending ticket in progress and is no longer waiting; an empty one is refused", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const empty = await staffReply(admin.cookie, ticket.id, "  ");
    expect([empty.status, (empty.data as { error: string }).error]).toEqual([400, "Please enter a message"]);
    const answer = await staffReply(admin.cookie, ticket.id, "We are looking into it");
    expect(toastOf(answer)?.message).toBe("Your reply has been sent");
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "in_progress", awaitingStaff: false });
    expect(await prisma().ticketReply.findMany()).toEqual([
      expect.objectContaining({ replyUserId: admin.id, fromStaff: true, message: "We are looking into it" }),
    ]);
  });

  it("changes status to completed, closed (recording the admin) and back to in progress, each in the audit log", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    expect(toastOf(await setStatus(admin.cookie, ticket.id, "completed"))?.message).toBe("Ticket status updated");
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "completed", awaitingStaff: false });
    await setStatus(admin.cookie, ticket.id, "closed");
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "closed", closedUserId: admin.id });
    const refused = await staffReply(admin.cookie, ticket.id, "Too late");
    expect([refused.status, (refused.data as { error: string }).error]).toEqual([409, "This ticket is closed, so it takes no more replies"]);
    await setStatus(admin.cookie, ticket.id, "in_progress");
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "in_progress", closedUserId: null });
    expect((await setStatus(admin.cookie, ticket.id, "pending")).status).toBe(400);
    const audit = await prisma().auditEntry.findMany({ orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.entityId, entry.after])).toEqual([
      ["set-status", ticket.id, { status: "completed" }],
      ["set-status", ticket.id, { status: "closed" }],
      ["set-status", ticket.id, { status: "in_progress" }],
    ]);
  });

  it("the person's reply puts an answered ticket back at the top of the inbox", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    const first = await sendTicket(ada.cookie, "First");
    await sendTicket(ada.cookie, "Second");
    await staffReply(admin.cookie, first.id, "Answer");
    const { action } = await import("~/routes/dashboard/tickets");
    await post(action, `/dashboard/tickets?id=${first.id}`, ada.cookie, [
      ["intent", "reply"],
      ["ticketId", first.id],
      ["message", "Follow-up"],
    ]);
    expect(await inboxTopics(admin.cookie)).toEqual(["First", "Second"]);
  });

  it("the admin dashboard counts open tickets", async () => {
    const admin = await signedInAdmin();
    const ada = await person();
    await sendTicket(ada.cookie, "Open one");
    const done = await sendTicket(ada.cookie, "Done one");
    await setStatus(admin.cookie, done.id, "completed");
    expect(((await load(adminDashboard.loader, "/admin", admin.cookie)).data as { openTickets: number }).openTickets).toBe(1);
  });
});

describe("support mail", () => {
  it("mails a new ticket to every admin when SUPPORT_EMAIL is not set", async () => {
    await signedInAdmin("root@example.com");
    await signedInAdmin("second@example.com");
    const ada = await person();
    const ticket = await sendTicket(ada.cookie, "Billing question", "Line one\n<b>bold?</b>");
    const [mail] = outboxMails();
    expect(outboxMails()).toHaveLength(1);
    expect(mail!.to).toBe("root@example.com, second@example.com");
    expect(mail!.subject).toBe("New support ticket: Billing question");
    // The outbox keeps mail as SMTP carries it, with CRLF line ends.
    expect(mail!.text.replace(/\r\n/g, "\n")).toContain("> Line one\n> <b>bold?</b>");
    expect(mail!.text).toContain(`http://localhost:3000/admin/tickets/${ticket.id}`);
    expect(mail!.html).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    expect(mail!.html).not.toContain("<b>bold?</b>");
  });

  it("mails a new ticket to SUPPORT_EMAIL's addresses instead, when set", async () => {
    process.env.SUPPORT_EMAIL = "help@example.com, desk@example.com";
    resetEnvForTests();
    await signedInAdmin();
    const ada = await person();
    await sendTicket(ada.cookie);
    expect(outboxMails().map((mail) => mail.to)).toEqual(["help@example.com, desk@example.com"]);
  });

  it("mails the person a staff reply as text, with a link to their ticket; their own replies mail nobody", async () => {
    process.env.SUPPORT_EMAIL = "help@example.com";
    resetEnvForTests();
    const admin = await signedInAdmin();
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    clearOutbox();
    await staffReply(admin.cookie, ticket.id, 'Try <script>alert("x")</script> again');
    const mails = outboxMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[ada.email, "Reply to your ticket: Billing question"]]);
    expect(mails[0]!.text).toContain('> Try <script>alert("x")</script> again');
    expect(mails[0]!.text).toContain(`http://localhost:3000/dashboard/tickets?id=${ticket.id}`);
    expect(mails[0]!.html).toContain("Try &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; again");
    expect(mails[0]!.html).not.toContain("<script>");
    const { action } = await import("~/routes/dashboard/tickets");
    await post(action, `/dashboard/tickets?id=${ticket.id}`, ada.cookie, [
      ["intent", "reply"],
      ["ticketId", ticket.id],
      ["message", "Thanks"],
    ]);
    expect(outboxMails()).toHaveLength(1);
  });
});
