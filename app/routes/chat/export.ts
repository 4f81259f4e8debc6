import type { LoaderFunctionArgs } from "react-router";
import { CHAT_EXPORT_FORMATS, type ChatExportFormat } from "~/lib/chat-transfer";
import { requireUser } from "~/modules/auth/login-session.server";
import { attachmentHeader, exportChat } from "~/modules/chat/transfer.server";
import { errorResponse } from "~/modules/http/errors.server";

/**
 * GET /chat/:sessionId/export.json | .jsonl | .txt: one of the person's chats as a download, in
 * this app's JSON, SillyTavern's chat file, or plain text. Someone else's chat answers 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await requireUser(request, url);
  const format = url.pathname.slice(url.pathname.lastIndexOf(".") + 1) as ChatExportFormat;
  try {
    if (!CHAT_EXPORT_FORMATS.includes(format)) throw new Error(`No export route for ${url.pathname}`);
    const file = await exportChat(user.id, params.sessionId ?? "", format);
    return new Response(file.body, {
      headers: { "Content-Type": file.contentType, "Content-Disposition": attachmentHeader(file.fileName), "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
