import { Form, redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { withToast, type ToastCode } from "~/lib/toasts";
import { requireUser } from "~/modules/auth/login-session.server";
import { visibleCharacter } from "~/modules/catalogue/submissions.server";
import { startChat } from "~/modules/chat/sessions.server";
import { ensureFound, errorResponse, isNotFound } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { logger } from "~/modules/logging/logger.server";
import type { Route } from "./+types/start";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "chat.meta.startTitle");

/** Pages a failed start must not go back to: this one again, or signing in. */
const NOT_BACK_TO = /^\/(chat\/start|login|signup|auth)(\/|$)/;

/**
 * Where a person goes when the chat could not be opened: back to the page of this site they came
 * from (the Chat Now button's page), else Explore, with the spec's toast.
 */
function backWithToast(request: Request, code: ToastCode) {
  const referer = URL.parse(request.headers.get("referer") ?? "");
  const fromHere = referer?.origin === new URL(request.url).origin ? safeRedirectPath(referer.pathname + referer.search, "") : "";
  return redirect(withToast(fromHere && !NOT_BACK_TO.test(fromHere) ? fromHere : "/explore", code));
}

/** A sign-in, sign-up confirmation or Google sign-in that led here says so in the chat it opens. */
const PASSED_ON = new Set<string>(["email-confirmed", "logged-in", "signed-in"] satisfies ToastCode[]);

async function start(request: Request, userId: string, characterId: string, toast: string | null = null, fresh = false) {
  try {
    const chat = `/chat/${await startChat(userId, characterId, { fresh })}`;
    return redirect(toast && PASSED_ON.has(toast) ? withToast(chat, toast as ToastCode) : chat);
  } catch (error) {
    // A character that is not there (or another person's, not published) does not exist for this person.
    if (isNotFound(error)) throw errorResponse(error);
    logger.error({ err: error, characterId }, "could not start or reopen a chat");
    return backWithToast(request, "start-chat-failed");
  }
}

/**
 * Chat Now. Followed from this site (Sec-Fetch-Site: same-origin, also after signing in) it
 * starts or reopens the chat at once; from anywhere else it asks first, so a link on another
 * site cannot make someone's account do anything.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  if (request.headers.get("sec-fetch-site") === "same-origin") throw await start(request, user.id, params.characterId, url.searchParams.get("toast"));
  let character;
  try {
    character = await visibleCharacter(user.id, params.characterId);
  } catch (error) {
    logger.error({ err: error, characterId: params.characterId }, "could not load a character to chat with");
    throw backWithToast(request, "character-load-failed");
  }
  ensureFound(character);
  return { name: character.name };
}

/** Chat Now's form, or "New chat" (`intent=new`, issue 36): another chat with the character, with its greeting. */
const startForm = z.object({ intent: z.string().optional() });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await parseForm(request, startForm, { maxBytes: 16 * 1024 }).catch(() => ({ intent: undefined }));
  throw await start(request, user.id, params.characterId, null, form.intent === "new");
}

export default function StartChat({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{t("chat.start.heading", { name: loaderData.name })}</h1>
      <Form method="post">
        <button type="submit" className="btn-primary">
          {t("chat.start.button")}
        </button>
      </Form>
    </div>
  );
}
