import { branchFromMessage, readChatTitle, renameOwnChat } from "~/modules/chat/character-chats.server";
import { editOwnMessage, readEditedText } from "~/modules/chat/message-edits.server";
import { prepareReply, ReplyFailedError, runReply } from "~/modules/chat/reply.server";
import { getOwnSession } from "~/modules/chat/sessions.server";

// The chat page's actions on its chats and messages as a whole (issue 36): edit a message,
// regenerate from it, branch from it, rename the chat. Route-only code beside the page's controller.

export const THREAD_INTENTS = ["edit-message", "regenerate-from", "branch", "rename-chat"] as const;
export type ThreadIntent = (typeof THREAD_INTENTS)[number];

export const isThreadIntent = (intent: string | undefined): intent is ThreadIntent => THREAD_INTENTS.includes(intent as ThreadIntent);

/** What a thread action leaves: `to`, another chat to open (a branch). */
export type ThreadDone = { ok: true; to?: string; toast?: "chat-renamed" };

export async function handleThreadAction(
  userId: string,
  sessionId: string,
  intent: ThreadIntent,
  form: { messageId: string; message?: string; title?: string },
): Promise<ThreadDone> {
  switch (intent) {
    case "edit-message": {
      // Someone else's chat answers 404 before the text is looked at.
      await getOwnSession(userId, sessionId);
      await editOwnMessage(userId, sessionId, form.messageId, readEditedText(form.message));
      return { ok: true };
    }
    case "regenerate-from": {
      // Without JavaScript the reply is produced before the page comes back, through the paid reply path.
      const outcome = await runReply(await prepareReply({ userId }, sessionId, { regenerate: true, from: form.messageId }), {});
      if (outcome.status === "failed") throw new ReplyFailedError(outcome.error);
      return { ok: true };
    }
    case "branch":
      return { ok: true, to: `/chat/${await branchFromMessage(userId, sessionId, form.messageId)}` };
    case "rename-chat":
      await renameOwnChat(userId, sessionId, readChatTitle(form.title));
      return { ok: true, toast: "chat-renamed" };
  }
}
