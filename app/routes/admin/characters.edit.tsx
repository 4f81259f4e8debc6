import { ModalRoute } from "~/components/admin/modal-route";
import { CharacterForm } from "~/components/character-form/character-form";
import { useLocation } from "react-router";
import { characterFormAnswer, characterFormTexts, charactersListPath } from "~/lib/character-form";
import { useT } from "~/lib/i18n/react";
import { characterFormAction } from "./+shared/character-form-action.server";
import { editorLoader } from "./+shared/console-action.server";
import { characterFormOptions, getCharacterForEditor, updateCharacter } from "~/modules/catalogue/character-editor.server";
import { EVERY_MODEL } from "~/modules/chat/model-choice.server";
import type { Route } from "./+types/characters.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const [character, choices] = await Promise.all([getCharacterForEditor(params.characterId), characterFormOptions(EVERY_MODEL)]);
    return { character, choices };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return characterFormAction(request, {
    intent: "update",
    save: (admin, submission) => updateCharacter(admin, params.characterId, submission),
    toast: "character-updated",
    back: charactersListPath(new URL(request.url).search),
    failed: characterFormTexts.updateFailed,
  });
}

export default function EditCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { character, choices } = loaderData;
  const back = charactersListPath(useLocation().search);
  return (
    <ModalRoute title={t("catalogue.action.edit", { name: character.name })} backTo={back} wide>
      <CharacterForm
        audience="admin"
        mode="edit"
        values={character.values}
        avatarUrl={character.avatarUrl}
        choices={choices}
        failure={characterFormAnswer(actionData)}
        cancelTo={back}
      />
    </ModalRoute>
  );
}
