import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { useLocation } from "react-router";
import { characterFormTexts, charactersListPath } from "~/lib/character-form";
import { useT } from "~/lib/i18n/react";
import { formFailure } from "~/lib/forms";
import { deleteCharacter, getCharacterForEditor } from "~/modules/catalogue/character-editor.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/characters.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ name: (await getCharacterForEditor(params.characterId)).name }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, {
    save: (admin) => deleteCharacter(admin, params.characterId),
    done: [charactersListPath(new URL(request.url).search), "character-deleted"],
    failed: characterFormTexts.deleteFailed,
  });
}

export default function DeleteCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const back = charactersListPath(useLocation().search);
  return (
    <ConfirmDelete
      title={t("catalogue.characters.delete.title")}
      question={t("catalogue.characters.delete.question")}
      name={loaderData.name}
      note={t("catalogue.characters.delete.note")}
      error={formFailure(actionData)?.error}
      backTo={back}
    />
  );
}
