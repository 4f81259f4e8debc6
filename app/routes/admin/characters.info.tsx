import { ModalRoute } from "~/components/admin/modal-route";
import { useLocation } from "react-router";
import { charactersListPath } from "~/lib/character-form";
import { formatDate } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/react";
import { getCharacterInfo } from "~/modules/admin/characters.server";
import { editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/characters.info";
import { Avatar } from "~/components/ui/avatar";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ character: await getCharacterInfo(params.characterId) }));
}

/** The info dialog: a character at a glance (the spec hides tags, chat_model, image_model, voice, relationship and isPublished here). */
export default function CharacterInfo({ loaderData }: Route.ComponentProps) {
  const { character } = loaderData;
  const t = useT();
  const lang = useLang();
  const back = charactersListPath(useLocation().search);
  const rows: [string, string | null][] = [
    [t("catalogue.column.category"), character.categoryName],
    [t("catalogue.column.created"), formatDate(character.createdAt, lang)],
    [t("catalogue.characters.info.createdBy"), character.createdBy],
    [t("catalogue.form.description"), character.description],
    [t("catalogue.characters.info.welcomeMessage"), character.welcomeMessage],
    [t("catalogue.characters.info.personality"), character.personality],
    [t("catalogue.characters.info.scenario"), character.scenario],
    ...character.details.map(([name, value]): [string, string] => [name, value]),
    [t("catalogue.characters.info.systemInstruction"), character.systemInstruction],
    [t("catalogue.characters.info.messageInstruction"), character.messageInstruction],
    [t("catalogue.characters.info.imagePrompt"), character.imagePrompt],
    [t("catalogue.characters.info.promptGuide"), character.promptGuide.map((section) => `${section.title}: ${section.prompts}`).join(" · ") || null],
  ];
  return (
    <ModalRoute title={t("catalogue.characters.info.title")} backTo={back} wide>
      <div className="flex items-center gap-3">
        <Avatar url={character.avatarUrl} size={64} name={character.name} />
        <p className="text-lg font-semibold break-words">{character.name}</p>
      </div>
      <dl className="flex flex-col gap-3 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-muted capitalize">{label}</dt>
              <dd className="whitespace-pre-line break-words">{value}</dd>
            </div>
          ))}
      </dl>
    </ModalRoute>
  );
}
