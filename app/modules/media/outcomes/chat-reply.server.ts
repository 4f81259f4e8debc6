import { endChatPicture, fillChatPicture, messageMediaOf, type ChatPictureMessage } from "../chat-replies.server";
import type { JobOutcome, PurposeColumns } from "./outcome.server";

/** A picture, video or voice note asked for in chat: the agent's reply waiting for it shows its media, or says why there are none. */
export const chatReplyOutcome: JobOutcome = {
  completing: async (job) => ({
    completed: (tx, items) => fillChatPicture(tx, replyOf(job), messageMediaOf(items)),
    after: async () => {},
  }),
  ended: (tx, job, text) => endChatPicture(tx, replyOf(job), text),
};

function replyOf(job: PurposeColumns): ChatPictureMessage {
  return { userId: job.userId, sessionId: job.chatSessionId!, messageId: job.chatMessageId! };
}
