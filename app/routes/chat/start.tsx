import { Form, redirect } from "react-router";
import { requireUser } from "~/modules/auth/login-session.server";
import { getPublishedCharacter } from "~/modules/catalogue/characters.server";
import { ChatNotFoundError, startChat } from "~/modules/chat/sessions.server";
import type { Route } from "./+types/start";

export function meta() {
  return [{ title: "Start chat · CharacterVerse" }];
}

async function start(userId: string, characterId: string) {
  try {
    return redirect(`/chat/${await startChat(userId, characterId)}`);
  } catch (error) {
    if (error instanceof ChatNotFoundError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

/**
 * Chat Now. Followed from this site (Sec-Fetch-Site: same-origin, also after signing in) it
 * starts or reopens the chat at once; from anywhere else it asks first, so a link on another
 * site cannot make someone's account do anything.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  if (request.headers.get("sec-fetch-site") === "same-origin") throw await start(user.id, params.characterId);
  const character = await getPublishedCharacter(params.characterId);
  if (!character) throw new Response("Not Found", { status: 404 });
  return { name: character.name };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  throw await start(user.id, params.characterId);
}

export default function StartChat({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Chat with {loaderData.name}?</h1>
      <Form method="post">
        <button type="submit" className="btn-primary">
          Start chat
        </button>
      </Form>
    </div>
  );
}
