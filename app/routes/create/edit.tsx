import { CharacterForm } from "~/components/character-form/character-form";
import { characterFormAnswer, characterFormFields } from "~/lib/character-form";
import { metaLanguage } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { translate } from "~/lib/i18n/store";
import { requireUser } from "~/modules/auth/login-session.server";
import { getOwnCharacterForEditor, ownCharacter, updateOwnCharacter } from "~/modules/catalogue/own-characters.server";
import { errorData, isAppError } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { avatarGenerationOffer, checkAvatarGeneration, generateCharacterAvatar } from "~/modules/media/avatar-jobs.server";
import { cancelAvatarJobs } from "~/modules/media/jobs.server";
import type { Route } from "./+types/edit";
import { CHARACTER_FORM, ownCharacterFormAnswer, ownCharacterFormOptions } from "./+shared/own-character-form.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lang = metaLanguage(matches);
  const name = loaderData?.character.name;
  return [{ title: name ? translate(lang, "create.edit.meta.title", { name }) : translate(lang, "create.edit.meta.fallback") }];
};

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  try {
    const [{ customModels, ...character }, choices] = await Promise.all([
      getOwnCharacterForEditor(user.id, params.characterId),
      ownCharacterFormOptions(user.id),
    ]);
    return { character, choices, avatarOffer: await avatarGenerationOffer(user.id, customModels) };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  // Another person's character does not exist here, whatever the form holds.
  await ownCharacter(user.id, params.characterId).catch((error: unknown) => {
    throw errorData(error);
  });
  let form;
  try {
    form = await parseForm(request, characterFormFields, CHARACTER_FORM);
  } catch (error) {
    return errorData(error);
  }
  return ownCharacterFormAnswer(user.id, form, async ({ generateAvatar, ...submission }) => {
    if (generateAvatar) await checkAvatarGeneration(user.id, submission.input);
    // A new picture, uploaded or drawn, replaces any drawing still running for the character.
    if (generateAvatar || submission.avatar) await cancelAvatarJobs(user.id, params.characterId);
    const { held } = await updateOwnCharacter(user.id, params.characterId, submission);
    if (!generateAvatar) return held ? "character-edits-held" : "character-updated";
    try {
      await generateCharacterAvatar(user.id, { ...submission.input, id: params.characterId });
    } catch (error) {
      // The edits are saved: the person is told that only the drawing did not start (its tokens were not taken).
      if (!isAppError(error)) throw error;
      return "character-updated-avatar-failed";
    }
    return "character-updated-avatar";
  });
}

/** A person's own character in the same form; edits to a published one wait for review. */
export default function EditOwnCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { character, choices, avatarOffer } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-4 md:px-6 md:py-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold break-words">{t("create.edit.heading", { name: character.name })}</h1>
        <p className="text-sm text-muted">{character.isPublished ? t("create.edit.publishedNote") : t("create.edit.privateNote")}</p>
      </div>
      <CharacterForm
        audience="owner"
        mode="edit"
        values={character.values}
        avatarUrl={character.avatarUrl}
        choices={choices}
        failure={characterFormAnswer(actionData)}
        cancelTo="/create"
        avatarOffer={avatarOffer}
      />
    </div>
  );
}
