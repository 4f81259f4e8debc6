import { useEffect, useRef } from "react";
import { MessageCircle, X } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import type { CharacterDetailData } from "~/lib/catalogue";
import { signInPrompts, useAuthModal } from "./auth-modal";
import { FavoriteButton, useFavoriteCharacterIds } from "./favorite-button";
import { useCharacterText, useProfile } from "./shell/use-profile";
import { CharacterPicture } from "./ui/avatar";
import { useT } from "~/lib/i18n/react";
import { useFocusTrap } from "./ui/use-focus-trap";

/**
 * The agent detail overlay opened by `?character={id}`. Rendered by the server, so it works
 * without JavaScript; closing is a link back to the same page without the parameter.
 */
export function CharacterOverlay({ character, closeHref }: { character: CharacterDetailData; closeHref: string }) {
  const navigate = useNavigate();
  const openAuthModal = useAuthModal();
  const signedIn = useProfile() !== null;
  const characterText = useCharacterText();
  const t = useT();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened over the overlay (sign-in) takes this Escape for itself.
      if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
      navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  const detailEntries = Object.entries(character.details);
  const location = useLocation();
  const favorites = useFavoriteCharacterIds();
  const panel = useRef<HTMLDivElement>(null);
  // Closed by a link, focus goes back to the card that opened it.
  useFocusTrap(panel, () => document.querySelector<HTMLElement>(`main a[href*="character=${character.id}"]`));

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center" role="dialog" aria-modal="true" aria-labelledby="character-overlay-title">
      <Link to={closeHref} preventScrollReset className="absolute inset-0 bg-black/70" aria-label={t("media.overlay.close")} tabIndex={-1} />
      <div
        ref={panel}
        tabIndex={-1}
        className="relative flex max-h-[92dvh] w-full max-w-3xl flex-col overflow-y-auto rounded-t-3xl border border-line bg-surface sm:flex-row sm:rounded-3xl"
      >
        <CharacterPicture
          name={character.name}
          url={character.avatarUrl}
          thumbnail={1024}
          alt={t("media.overlay.portrait", { name: character.name })}
          className="h-64 w-full object-cover sm:h-auto sm:w-80 sm:shrink-0"
          width={320}
          height={320}
        />
        <div className="flex flex-1 flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              {character.categoryName ? <p className="text-xs font-semibold tracking-wider text-accent uppercase">{character.categoryName}</p> : null}
              <h2 id="character-overlay-title" className="text-2xl font-bold">
                {character.name}
              </h2>
            </div>
            <Link
              to={closeHref}
              preventScrollReset
              className="rounded-full p-1.5 text-muted hover:bg-raised hover:text-ink"
              aria-label={t("media.overlay.closeDetails")}
            >
              <X className="size-5" />
            </Link>
          </div>
          <p className="text-muted">{characterText(character.description, character.name)}</p>
          {character.welcomeMessage ? (
            <blockquote className="rounded-2xl border border-line bg-raised p-4 text-sm italic">
              “{characterText(character.welcomeMessage, character.name)}”
            </blockquote>
          ) : null}
          <ul className="flex flex-wrap gap-2">
            {character.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent">
                {tag}
              </li>
            ))}
          </ul>
          {detailEntries.length ? (
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {detailEntries.map(([key, value]) => (
                <div key={key}>
                  <dt className="text-xs text-faint capitalize">{key}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p className="flex gap-3 text-xs text-muted">
            {t("media.overlay.card")}
            <a href={`/characters/${character.id}/card.png`} download className="underline hover:text-ink">
              PNG
            </a>
            <a href={`/characters/${character.id}/card.json`} download className="underline hover:text-ink">
              JSON
            </a>
          </p>
          {/* On a phone the sheet scrolls under the portrait: the actions stay in reach at its foot. */}
          <div className="sticky bottom-0 -mx-6 -mb-6 mt-auto flex gap-3 border-t border-line bg-surface px-6 py-4 sm:static sm:m-0 sm:mt-auto sm:border-0 sm:bg-transparent sm:p-0 sm:pt-2">
            <Link
              to={`/chat/start/${character.id}`}
              onClick={(event) => {
                if (signedIn) return;
                event.preventDefault();
                openAuthModal({ message: signInPrompts.chat(character.name), redirectTo: `/chat/start/${character.id}` });
              }}
              className="btn-primary flex-1"
            >
              <MessageCircle className="size-4" aria-hidden /> {t("media.favorites.chatNow")}
            </Link>
            <FavoriteButton
              itemType="character"
              itemId={character.id}
              name={character.name}
              back={location.pathname + location.search}
              isFavorite={favorites.ids.has(character.id)}
              onChanged={favorites.reload}
              className="btn-secondary aria-pressed:text-accent"
            />
          </div>
        </div>
      </div>
    </div>
  );
}
