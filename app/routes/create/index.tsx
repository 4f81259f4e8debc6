import { useEffect, useRef, useState } from "react";
import { data, Outlet, useNavigation } from "react-router";
import { CardImportForm } from "~/components/cards/card-import-form";
import { CharacterForm } from "~/components/character-form/character-form";
import { OwnCharacterList } from "~/components/create/own-character-list";
import { useRevalidateOnMediaJobs } from "~/components/media/use-media-job-events";
import { FormAlert } from "~/components/ui/form";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { blankCharacterValues, characterFormAnswer, characterFormFields } from "~/lib/character-form";
import { requireUser } from "~/modules/auth/login-session.server";
import { createOwnCharacter, deleteOwnCharacter, listOwnCharacters } from "~/modules/catalogue/own-characters.server";
import { submitForReview } from "~/modules/catalogue/submissions.server";
import { errorData, failureToast, isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { avatarJobsOf, avatarGenerationOffer, checkAvatarGeneration, generateCharacterAvatar } from "~/modules/media/avatar-jobs.server";
import type { Route } from "./+types/index";
import { CHARACTER_FORM, ownCharacterFormAnswer, ownCharacterFormOptions } from "./+shared/own-character-form.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "create.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [characters, choices, avatarJobs, avatarOffer] = await Promise.all([
    listOwnCharacters(user.id),
    ownCharacterFormOptions(user.id),
    avatarJobsOf(user.id),
    avatarGenerationOffer(user.id),
  ]);
  const importedId = url.searchParams.get("imported");
  const imported = characters.find((character) => character.id === importedId) ?? null;
  return {
    characters: characters.map((character) => ({ ...character, avatarJob: avatarJobs.get(character.id) ?? null })),
    choices,
    avatarOffer,
    imported: imported ? { id: imported.id, name: imported.name } : null,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  let form;
  try {
    form = await parseForm(request, characterFormFields, CHARACTER_FORM);
  } catch (error) {
    return errorData(error);
  }
  switch (form.intent ?? "create") {
    case "create":
      return ownCharacterFormAnswer(user.id, form, async ({ generateAvatar, ...submission }) => {
        // Checked before anything is written; a job that still cannot start takes the new character back with it.
        if (generateAvatar) await checkAvatarGeneration(user.id, submission.input);
        const character = await createOwnCharacter(user.id, submission);
        if (!generateAvatar) return "character-saved";
        await generateCharacterAvatar(user.id, { ...submission.input, id: character.id }).catch(async (error: unknown) => {
          await deleteOwnCharacter(user.id, character.id);
          throw error;
        });
        return "character-saved-avatar";
      });
    case "submit":
      return submit(user.id, form.characterId);
    default:
      return data({ ok: false as const, error: translateMessage("Unknown action") }, { status: 400 });
  }
}

/** Submit for review; back to the list with the outcome. Another person's character does not exist here. */
async function submit(userId: string, characterId: unknown) {
  try {
    await submitForReview(userId, typeof characterId === "string" ? characterId : "");
  } catch (error) {
    if (isNotFound(error)) return errorData(error);
    return redirectWithToast("/create", failureToast(error, "character-submit-failed"));
  }
  return redirectWithToast("/create", "character-submitted");
}

/**
 * A new key each time the new-character form was saved (its post came back without a refusal),
 * so the form starts blank for the next character instead of keeping what was just saved.
 */
function useKeyAfterSave(actionData: unknown) {
  const navigation = useNavigation();
  const [key, setKey] = useState(0);
  const saving = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "create") saving.current = true;
    if (navigation.state !== "idle" || !saving.current) return;
    saving.current = false;
    if (!actionData) setKey((current) => current + 1);
  }, [navigation.state, navigation.formData, actionData]);
  return key;
}

/** Create Character (spec section 2): the form in a person's words, My characters, and card import. */
export default function CreateCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { characters, choices, imported, avatarOffer } = loaderData;
  useRevalidateOnMediaJobs(characters.some((character) => character.avatarJob?.generating));
  const formKey = useKeyAfterSave(actionData);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-3 py-4 md:px-6 md:py-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t("create.heading")}</h1>
        <p className="text-sm text-muted">{t("create.intro")}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="flex flex-col gap-6 lg:order-last" aria-label={t("create.asideLabel")}>
          <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" aria-labelledby="my-characters">
            <h2 id="my-characters" className="text-lg font-semibold">
              {t("create.myCharacters")}
            </h2>
            {imported ? (
              <FormAlert tone="success">
                {t("create.imported")} <span className="font-medium break-words">{imported.name}</span>
              </FormAlert>
            ) : null}
            <OwnCharacterList characters={characters} />
          </section>
          <section className="rounded-2xl border border-line bg-surface p-4" aria-label={t("create.importLabel")}>
            <CardImportForm redirectTo="/create" categories={choices.categories} />
          </section>
        </aside>
        <section className="flex flex-col gap-3" aria-labelledby="new-character">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id="new-character" className="text-lg font-semibold">
              {t("create.newCharacter")}
            </h2>
            <p className="text-sm text-muted">{t("create.requiredNote")}</p>
          </div>
          <CharacterForm
            key={formKey}
            audience="owner"
            mode="build"
            values={blankCharacterValues()}
            choices={choices}
            failure={characterFormAnswer(actionData)}
            cancelTo="/create"
            avatarOffer={avatarOffer}
          />
        </section>
      </div>
      <Outlet />
    </div>
  );
}
