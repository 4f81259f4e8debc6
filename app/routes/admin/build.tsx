import { CharacterForm } from "~/components/character-form/character-form";
import { blankCharacterValues, characterFormAnswer, characterFormTexts } from "~/lib/character-form";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { characterFormAction } from "./+shared/character-form-action.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { characterFormOptions, createCharacter } from "~/modules/catalogue/character-editor.server";
import { EVERY_MODEL } from "~/modules/chat/model-choice.server";
import type { Route } from "./+types/build";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalogue.build.meta.title");

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
  const t = useT();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t("catalogue.build.title")}</h1>
        <p className="text-sm text-muted">{t("catalogue.build.intro")}</p>
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
