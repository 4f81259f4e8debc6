import { redirect } from "react-router";
import { z } from "zod";
import { useChatName } from "~/components/chat/character-chats-menu";
import { DeleteConfirmation } from "~/components/media/delete-confirmation";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { withToast } from "~/lib/toasts";
import { requireUser } from "~/modules/auth/login-session.server";
import { deleteOwnChat, listCharacterChats } from "~/modules/chat/character-chats.server";
import { getOwnSession } from "~/modules/chat/sessions.server";
import { errorData } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "threads.delete.title");

/** The confirmation before a chat is deleted (issue 36), with and without JavaScript; someone else's chat is 404. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  try {
    const [session, { chats }] = await Promise.all([getOwnSession(user.id, params.sessionId), listCharacterChats(user.id, params.sessionId)]);
    const chat = chats.find((entry) => entry.id === session.id);
    return {
      agentName: session.agentName,
      title: chat?.title ?? null,
      startedAt: chat?.startedAt ?? new Date().toISOString(),
      messageCount: chat?.messageCount ?? 0,
    };
  } catch (error) {
    throw errorData(error);
  }
}

const deleteForm = z.object({ intent: z.literal("delete", { error: "Unknown action" }) });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  let next: string | null;
  try {
    // Someone else's chat is 404 whatever was posted; the owner's needs the Delete button's intent.
    await getOwnSession(user.id, params.sessionId);
    await parseForm(request, deleteForm, { maxBytes: 16 * 1024 });
    next = await deleteOwnChat(user.id, params.sessionId);
  } catch (error) {
    return errorData(error);
  }
  throw redirect(withToast(next ? `/chat/${next}` : "/chat", "chat-deleted"));
}

export default function DeleteChat({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const name = useChatName()({ title: loaderData.title, startedAt: loaderData.startedAt });
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <DeleteConfirmation title={t("threads.delete.title")} backTo={`/chat/${params.sessionId}`}>
        <p>{t("threads.delete.confirm", { name, character: loaderData.agentName, count: loaderData.messageCount })}</p>
      </DeleteConfirmation>
    </div>
  );
}
