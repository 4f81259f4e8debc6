// Deleting a message from the chat page, through React Router's own request handler, as the
// message bubble's fetcher posts it (the page without JavaScript: tests/e2e/chat-delete.spec.ts).
import { describe, expect, test } from "vitest";
import { chatTexts } from "~/lib/chat";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import * as session from "~/routes/chat/session";
import { chatPageForThisFile } from "../helpers/chat";
import { requestHandlerFor } from "../helpers/request-handler";

const handle = requestHandlerFor({
  "routes/chat/session": { parentId: "routes/_shell/content", path: "chat/:sessionId", module: session },
});

const chat = chatPageForThisFile();

async function write(userId: string, session: string, message: string) {
  return (await prisma().chatMessage.create({ data: { sessionId: session, senderType: "user", senderId: userId, userId, message } })).id;
}

/** A delete as the message bubble's fetcher posts it. */
function postDelete(cookie: string, session: string, messageId: string) {
  return handle(
    new Request(`http://localhost/chat/${session}.data`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", messageId }),
    }),
  );
}

describe("deleting a message from the chat page", () => {
  test("a deleted message goes back to the chat with 'Message deleted successfully'", async () => {
    const messageId = await write(chat.person.userId, chat.sessionId, "delete me");
    const response = await postDelete(chat.person.cookie, chat.sessionId, messageId);
    expect(response.status).toBe(202);
    // Single fetch carries the redirect in the body.
    expect(await response.text()).toContain(`/chat/${chat.sessionId}?toast=message-deleted`);
    expect(await prisma().chatMessage.count({ where: { id: messageId } })).toBe(0);
  });

  test("a message already deleted (another tab, a second click) keeps the chat on screen with 'Failed to delete message'", async () => {
    const kept = await write(chat.person.userId, chat.sessionId, "still here");
    const gone = await write(chat.person.userId, chat.sessionId, "deleted twice");
    expect((await postDelete(chat.person.cookie, chat.sessionId, gone)).status).toBe(202);

    // The answer is data the bubble shows as the failure toast, not an error that replaces the page.
    const again = await postDelete(chat.person.cookie, chat.sessionId, gone);
    expect(again.status).toBe(404);
    const body = await again.text();
    expect(body).toContain(chatTexts.deleteFailed);
    expect(body).not.toContain("ErrorResponse");
    // And the chat reads as before.
    const page = await handle(new Request(`http://localhost/chat/${chat.sessionId}.data`, { headers: { Cookie: chat.person.cookie } }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("still here");
    expect(await prisma().chatMessage.count({ where: { id: kept } })).toBe(1);
  });

  test("someone else's message answers exactly as a missing one, and stays", async () => {
    const theirs = await startChat(chat.other.userId, (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id);
    const secret = await write(chat.other.userId, theirs, "their secret");
    const missing = crypto.randomUUID();
    const foreign = await postDelete(chat.person.cookie, chat.sessionId, secret);
    const absent = await postDelete(chat.person.cookie, chat.sessionId, missing);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await absent.text());
    expect(await prisma().chatMessage.count({ where: { id: secret } })).toBe(1);
  });
});
