import { chatTexts } from "~/lib/chat";
import { NotFoundError } from "~/modules/http/errors.server";

/** Someone else's session, message or agent, or a character not published: it does not exist for this person (404). `id`: what was asked for. */
export class ChatNotFoundError extends NotFoundError {
  constructor(
    readonly id?: string,
    message?: string,
  ) {
    super(message);
  }
}

/** A message to delete that is not there (deleted already, in another tab) or not the person's own: 404, "Failed to delete message". */
export class MessageNotFoundError extends ChatNotFoundError {
  constructor(id: string) {
    super(id, chatTexts.deleteFailed);
  }
}
