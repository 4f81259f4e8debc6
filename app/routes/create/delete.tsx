import { data } from "react-router";
import { z } from "zod";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { deleteOwnCharacter, getOwnCharacterForEditor, ownCharacter } from "~/modules/catalogue/own-characters.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { parseForm } from "~/modules/http/form.server";
import { cancelAvatarJobs } from "~/modules/media/jobs.server";
import type { Route } from "./+types/delete";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  try {
    return { name: (await getOwnCharacterForEditor(user.id, params.characterId)).name };
  } catch (error) {
    throw errorData(error);
  }
}

/** The Delete button's form. */
const deleteForm = z.object({ intent: z.string().optional() });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    await ownCharacter(user.id, params.characterId);
    const form = await parseForm(request, deleteForm, { maxBytes: 4096 });
    if (form.intent !== "delete") return data({ error: translateMessage("Unknown action") }, { status: 400 });
    await cancelAvatarJobs(user.id, params.characterId);
    await deleteOwnCharacter(user.id, params.characterId);
  } catch (error) {
    throw errorData(error);
  }
  return redirectWithToast("/create", "character-deleted");
}

/** Delete asks first: a dialog over /create with JavaScript, the same question as a page without. */
export default function DeleteOwnCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ConfirmDelete
      title={t("create.delete.title")}
      question={t("create.form.deleteQuestion")}
      name={loaderData.name}
      note={t("create.delete.note")}
      error={actionData?.error}
      backTo="/create"
    />
  );
}
