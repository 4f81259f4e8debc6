import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { useLocation } from "react-router";
import { characterFormTexts, charactersListPath } from "~/lib/character-form";
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
  const back = charactersListPath(useLocation().search);
  return (
    <ConfirmDelete
      title="Delete Character"
      question={characterFormTexts.deleteQuestion}
      name={loaderData.name}
      note="People's chats with this character are deleted with it."
      error={formFailure(actionData)?.error}
      backTo={back}
    />
  );
}
