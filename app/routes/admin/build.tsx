import { CharacterForm } from "~/components/character-form/character-form";
import { blankCharacterValues, characterFormAnswer, characterFormTexts } from "~/lib/character-form";
import { characterFormAction } from "./+shared/character-form-action.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { characterFormOptions, createCharacter } from "~/modules/catalogue/character-editor.server";
import { EVERY_MODEL } from "~/modules/chat/model-choice.server";
import type { Route } from "./+types/build";

export function meta() {
  return [{ title: "Build · Admin · CharacterVerse" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { choices: await characterFormOptions(EVERY_MODEL) };
}

export async function action({ request }: Route.ActionArgs) {
  return characterFormAction(request, {
    intent: "create",
    save: (admin, submission) => createCharacter(admin, submission),
    toast: "character-saved",
    failed: characterFormTexts.saveFailed,
  });
}

/** Build: the character creation form (spec section 5); publish now or save as a draft. */
export default function BuildCharacter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Build a Character</h1>
        <p className="text-sm text-muted">Fields marked * are required. A draft stays hidden from people until it is published.</p>
      </div>
      <CharacterForm
        audience="admin"
        mode="build"
        values={blankCharacterValues()}
        choices={loaderData.choices}
        failure={characterFormAnswer(actionData)}
        cancelTo="/admin/characters"
      />
    </div>
  );
}
