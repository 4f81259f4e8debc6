import { Download, LoaderCircle, MessageCircle, Pencil, Send, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useT } from "~/lib/i18n/react";
import { canSubmitForReview, ownCharacterStatusText, type OwnCharacterReview } from "~/lib/own-characters";

export type OwnCharacterRow = {
  id: string;
  name: string;
  avatarUrl: string | null;
  isPublished: boolean;
  review: OwnCharacterReview;
  reviewNote: string | null;
  hasPendingEdits: boolean;
  /** the character's latest avatar drawing: still running, or why it failed (null when it did not) */
  avatarJob?: { generating: boolean; failed: string | null } | null;
};

const action = "inline-flex items-center gap-1 rounded-full border border-line px-3 py-1.5 text-xs font-medium text-muted hover:bg-raised hover:text-ink";

/** My characters: each with its status, and Chat, Edit, Submit for review, Export and Delete. */
export function OwnCharacterList({ characters }: { characters: OwnCharacterRow[] }) {
  const t = useT();
  if (characters.length === 0) return <p className="text-sm text-muted">{t("create.list.empty")}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {characters.map((character) => (
        <li key={character.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
          <div className="flex min-w-0 items-center gap-3">
            <Avatar url={character.avatarUrl} size={36} name={character.name} />
            <div className="flex min-w-0 flex-col">
              <span className="font-medium break-words">{character.name}</span>
              <StatusLabel character={character} />
              <AvatarJobLabel job={character.avatarJob} />
            </div>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Link to={`/chat/start/${character.id}`} className={action} aria-label={t("create.list.chatLabel", { name: character.name })}>
              <MessageCircle className="size-3.5" aria-hidden /> {t("create.list.chat")}
            </Link>
            <Link to={`/create/${character.id}/edit`} className={action} aria-label={t("create.list.editLabel", { name: character.name })}>
              <Pencil className="size-3.5" aria-hidden /> {t("create.list.edit")}
            </Link>
            {canSubmitForReview(character) ? (
              <Form method="post" action="/create">
                <input type="hidden" name="intent" value="submit" />
                <input type="hidden" name="characterId" value={character.id} />
                <button type="submit" className={action} aria-label={t("create.list.submitLabel", { name: character.name })}>
                  <Send className="size-3.5" aria-hidden /> {t("create.list.submit")}
                </button>
              </Form>
            ) : null}
            <a href={`/characters/${character.id}/card.png`} download className={action} aria-label={t("create.list.pngLabel", { name: character.name })}>
              <Download className="size-3.5" aria-hidden /> {t("create.list.png")}
            </a>
            <a href={`/characters/${character.id}/card.json`} download className={action} aria-label={t("create.list.jsonLabel", { name: character.name })}>
              <Download className="size-3.5" aria-hidden /> {t("create.list.json")}
            </a>
            <Link
              to={`/create/${character.id}/delete`}
              preventScrollReset
              className={`${action} hover:border-danger/40 hover:text-danger`}
              aria-label={t("create.list.deleteLabel", { name: character.name })}
            >
              <Trash2 className="size-3.5" aria-hidden /> {t("create.list.delete")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AvatarJobLabel({ job }: { job: OwnCharacterRow["avatarJob"] }) {
  const t = useT();
  if (job?.generating)
    return (
      <span className="flex items-center gap-1.5 text-xs text-muted" role="status">
        <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden /> {t("create.list.generatingAvatar")}
        <noscript>
          <Link to="/create" className="underline">
            {t("create.list.refresh")}
          </Link>
        </noscript>
      </span>
    );
  if (job?.failed) return <span className="text-xs break-words text-danger">{t("create.list.avatarFailed")}</span>;
  return null;
}

function StatusLabel({ character }: { character: OwnCharacterRow }) {
  const t = useT();
  const status = ownCharacterStatusText(character);
  const declined = character.review === "declined";
  const tone = declined ? "text-danger" : character.isPublished ? "text-success" : "text-muted";
  return <span className={`text-xs break-words ${tone}`}>{t(status.id, status.values)}</span>;
}
