import { beforeEach, describe, expect, it } from "vitest";
import * as contact from "~/routes/contactus";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as tickets from "~/routes/dashboard/tickets";
import { MESSAGE_MAX, STAFF_NAME, TICKETS_PER_HOUR, TOPIC_MAX, ticketStatusLabel, ticketTexts } from "~/lib/tickets";
import { toastFor, type ToastCode } from "~/lib/toasts";
import { prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "../helpers/accounts";
import { load, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox } from "../helpers/outbox";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

type Answer = { status: number; data?: unknown; location?: string | null; cookie?: string };
const toastOf = (answer: Answer) => toastFor(new URL(answer.location!, "http://x").searchParams.get("toast"));
const errorOf = (answer: Answer) => (answer.data as { error: string }).error;

async function person(email = "ada@example.com") {
  const account = await confirmedAccount(email);
  return { id: account.id, email, cookie: await signedInCookie(account.id) };
}

const send = (cookie: string, topic: string, message: string): Promise<Answer> =>
  post(contact.action, "/contactus", cookie, [
    ["topic", topic],
    ["message", message],
  ]);
const sendTicket = async (cookie: string, topic = "Billing question", message = "Where did my tokens go?") => {
  await send(cookie, topic, message);
  return prisma().ticket.findFirstOrThrow({ where: { topic }, orderBy: { createdAt: "desc" } });
};
const reply = (cookie: string, ticketId: string, message: string): Promise<Answer> =>
  post(tickets.action, `/dashboard/tickets?id=${ticketId}`, cookie, [
    ["intent", "reply"],
    ["ticketId", ticketId],
    ["message", message],
  ]);
const close = (cookie: string, ticketId: string): Promise<Answer> =>
  post(tickets.action, `/dashboard/tickets?id=${ticketId}`, cookie, [
    ["intent", "close"],
    ["ticketId", ticketId],
  ]);
const statusOf = async (id: string) => (await prisma().ticket.findUniqueOrThrow({ where: { id } })).status;

describe("the contact form", () => {
  it("creates a pending ticket for a signed-in person, trimmed, with the spec's toast", async () => {
    const ada = await person();
    const answer = await send(ada.cookie, "  Billing question ", "\n Where did my tokens go? \n");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/contactus?toast=ticket-sent");
    expect(toastOf(answer)?.message).toBe("Your message has been sent successfully");
    const saved = await prisma().ticket.findMany();
    expect(saved).toEqual([expect.objectContaining({ userId: ada.id, topic: "Billing question", message: "Where did my tokens go?", status: "pending" })]);
  });

  it("refuses a topic or message that is empty after trimming", async () => {
    const ada = await person();
    for (const [topic, message] of [
      ["   ", "Hello"],
      ["Hello", "  \n "],
      ["", ""],
    ]) {
      const answer = await send(ada.cookie, topic!, message!);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe("Please provide both a topic and message");
    }
    expect(await prisma().ticket.count()).toBe(0);
  });

  it("refuses a topic or a message over its length limit, with the limit in the text", async () => {
    const ada = await person();
    const longTopic = await send(ada.cookie, "x".repeat(TOPIC_MAX + 1), "Hello");
    expect([longTopic.status, errorOf(longTopic)]).toEqual([400, `Please keep the topic to ${TOPIC_MAX} characters`]);
    const longMessage = await send(ada.cookie, "Hello", "y".repeat(MESSAGE_MAX + 1));
    expect([longMessage.status, errorOf(longMessage)]).toEqual([400, "Please keep your message to 5,000 characters"]);
    expect(await prisma().ticket.count()).toBe(0);
  });

  it(`refuses a ${TICKETS_PER_HOUR + 1}th ticket in an hour with a 429 that says when to try again`, async () => {
    const ada = await person();
    for (let sent = 0; sent < TICKETS_PER_HOUR; sent++) expect((await send(ada.cookie, `Topic ${sent}`, "Message")).status).toBe(302);
    const refused = await send(ada.cookie, "One more", "Message");
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toBe(`You can send ${TICKETS_PER_HOUR} messages an hour. Please try again in 60 minutes.`);
    expect(await prisma().ticket.count()).toBe(TICKETS_PER_HOUR);
    // Another person is not held back by Ada's count.
    const bob = await person("bob@example.com");
    expect((await send(bob.cookie, "Mine", "Message")).status).toBe(302);
  });

  it("tells a signed-out visitor to sign in, sends them to sign up and keeps their text for their return", async () => {
    const answer = await send("", "My topic", "My message");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signup?toast=contact-sign-in");
    expect(toastOf(answer)).toMatchObject({ title: "Sign in required", message: "Please login or create an account to send us a message" });
    expect(await prisma().ticket.count()).toBe(0);

    const draftCookie = answer.cookie!.split(";")[0]!;
    expect(answer.cookie).toContain("Path=/contactus");
    const back = await load(contact.loader, "/contactus", draftCookie);
    expect(back.data).toMatchObject({ signedIn: false, draft: { topic: "My topic", message: "My message" }, tickets: [] });
  });

  it("shows a signed-in person their 10 most recent tickets, newest first, and nobody else's", async () => {
    const ada = await person();
    const bob = await person("bob@example.com");
    await prisma().ticket.create({ data: { userId: bob.id, topic: "Bob's", message: "x" } });
    await prisma().ticket.createMany({
      data: Array.from({ length: 12 }, (_, index) => ({
        userId: ada.id,
        topic: `Ticket ${index + 1}`,
        message: "x",
        createdAt: new Date(Date.UTC(2026, 0, index + 1)),
      })),
    });
    const page = await load(contact.loader, "/contactus", ada.cookie);
    const listed = (page.data as { tickets: { topic: string }[] }).tickets.map((ticket) => ticket.topic);
    expect(listed).toEqual(Array.from({ length: 10 }, (_, index) => `Ticket ${12 - index}`));
  });
});

describe("/dashboard/tickets", () => {
  it("lists the person's tickets newest first, or says there are none", async () => {
    const ada = await person();
    expect((await load(tickets.loader, "/dashboard/tickets", ada.cookie)).data).toMatchObject({ view: "list", tickets: [], total: 0 });
    expect(ticketTexts.noTickets).toBe("You haven't submitted any tickets yet");
    await sendTicket(ada.cookie, "Older");
    await sendTicket(ada.cookie, "Newer");
    const list = (await load(tickets.loader, "/dashboard/tickets", ada.cookie)).data as { tickets: { topic: string; status: string }[] };
    expect(list.tickets.map((ticket) => [ticket.topic, ticket.status])).toEqual([
      ["Newer", "pending"],
      ["Older", "pending"],
    ]);
  });

  it("opens one ticket with its topic, id, date, status and message", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const opened = await load(tickets.loader, `/dashboard/tickets?id=${ticket.id}`, ada.cookie);
    expect(opened.data).toMatchObject({
      view: "ticket",
      ticket: { id: ticket.id, topic: "Billing question", message: "Where did my tokens go?", status: "pending", createdAt: ticket.createdAt, replies: [] },
    });
  });

  it("answers 404 for another person's ticket on every ticket route, and changes nothing", async () => {
    const ada = await person();
    const bob = await person("bob@example.com");
    const ticket = await sendTicket(ada.cookie);
    expect((await load(tickets.loader, `/dashboard/tickets?id=${ticket.id}`, bob.cookie)).status).toBe(404);
    expect((await reply(bob.cookie, ticket.id, "Hijack")).status).toBe(404);
    expect((await close(bob.cookie, ticket.id)).status).toBe(404);
    expect(await prisma().ticketReply.count()).toBe(0);
    expect(await statusOf(ticket.id)).toBe("pending");
  });

  it("sends an id that cannot be a ticket's back to the list with 'Failed to load ticket details'", async () => {
    const ada = await person();
    const answer: Answer = await load(tickets.loader, "/dashboard/tickets?id=not-a-ticket", ada.cookie);
    expect(answer.location).toBe("/dashboard/tickets?toast=ticket-load-failed");
    expect(toastOf(answer)?.message).toBe("Failed to load ticket details");
  });

  it("a reply to a pending ticket makes it in progress and shows under the person's name", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const answer = await reply(ada.cookie, ticket.id, "  More details  ");
    expect(answer.location).toBe(`/dashboard/tickets?id=${ticket.id}&toast=ticket-replied`);
    expect(toastOf(answer)?.message).toBe("Your reply has been sent");
    expect(await statusOf(ticket.id)).toBe("in_progress");
    const opened = (await load(tickets.loader, `/dashboard/tickets?id=${ticket.id}`, ada.cookie)).data as { ticket: { replies: unknown[] } };
    expect(opened.ticket.replies).toEqual([expect.objectContaining({ message: "More details", userName: "ada", fromStaff: false })]);
  });

  it("a reply to a completed ticket keeps its status (completed is only displayed)", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    await prisma().ticket.update({ where: { id: ticket.id }, data: { status: "completed" } });
    expect((await reply(ada.cookie, ticket.id, "Thanks")).status).toBe(302);
    expect(await statusOf(ticket.id)).toBe("completed");
  });

  it("refuses an empty reply with 'Please enter a message'", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const answer = await reply(ada.cookie, ticket.id, "   ");
    expect([answer.status, errorOf(answer)]).toEqual([400, "Please enter a message"]);
    expect(await prisma().ticketReply.count()).toBe(0);
  });

  it("closes a ticket, recording who closed it, with 'Ticket has been closed'", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    const answer = await close(ada.cookie, ticket.id);
    expect(toastOf(answer)?.message).toBe("Ticket has been closed");
    expect(await prisma().ticket.findUniqueOrThrow({ where: { id: ticket.id } })).toMatchObject({ status: "closed", closedUserId: ada.id });
  });

  it("a closed ticket takes no reply and no second close", async () => {
    const ada = await person();
    const ticket = await sendTicket(ada.cookie);
    await close(ada.cookie, ticket.id);
    const refusedReply = await reply(ada.cookie, ticket.id, "Hello?");
    expect([refusedReply.status, errorOf(refusedReply)]).toEqual([409, "Failed to send your reply: This ticket is closed, so it takes no more replies"]);
    const refusedClose = await close(ada.cookie, ticket.id);
    expect([refusedClose.status, errorOf(refusedClose)]).toEqual([409, "Failed to close the ticket: This ticket is already closed"]);
    expect(await prisma().ticketReply.count()).toBe(0);
  });

  it("shows staff replies as the site's staff, and counts tickets with unread staff replies until opened", async () => {
    const ada = await person();
    const admin = await signedInAdmin();
    const ticket = await sendTicket(ada.cookie);
    const unread = async () => ((await load(dashboardLayout.loader, "/dashboard", ada.cookie)).data as { unreadTickets: number }).unreadTickets;
    expect(await unread()).toBe(0);
    const { action } = await import("~/routes/admin/tickets.$ticketId");
    await post(
      action,
      `/admin/tickets/${ticket.id}`,
      admin.cookie,
      [
        ["intent", "reply"],
        ["message", "We are on it"],
      ],
      { ticketId: ticket.id },
    );
    expect(await unread()).toBe(1);
    const opened = (await load(tickets.loader, `/dashboard/tickets?id=${ticket.id}`, ada.cookie)).data as { ticket: { replies: unknown[] } };
    expect(opened.ticket.replies).toEqual([expect.objectContaining({ message: "We are on it", userName: STAFF_NAME, fromStaff: true })]);
    expect(await unread()).toBe(0);
  });
});

describe("ticket texts", () => {
  it("labels the spec's statuses and capitalises any other", () => {
    expect(["pending", "in_progress", "completed", "closed", "escalated"].map(ticketStatusLabel)).toEqual([
      "Pending",
      "In Progress",
      "Completed",
      "Closed",
      "Escalated",
    ]);
  });

  it("has the spec's failure texts", () => {
    expect([ticketTexts.loadListFailed, ticketTexts.sendFailed, ticketTexts.replyFailed, ticketTexts.closeFailed]).toEqual([
      "Failed to load your tickets",
      "Failed to send your message",
      "Failed to send your reply",
      "Failed to close the ticket",
    ]);
    expect(toastFor("ticket-load-failed" satisfies ToastCode)?.message).toBe("Failed to load ticket details");
  });
});
