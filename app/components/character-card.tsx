import { useT } from "~/lib/i18n/react";
import { Heart } from "lucide-react";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { CharacterCardData } from "~/lib/catalogue";
import { signInPrompts, useAuthModal } from "./auth-modal";
import { FavoriteButton, useFavoriteCharacterIds } from "./favorite-button";
import { useCharacterText, useProfile } from "./shell/use-profile";
import { CharacterPicture } from "./ui/avatar";
import { SpriteIcon } from "./ui/sprite-icon";

/**
 * Avatar, first 2 tags, name, description, Chat Now and a favourite heart. A page renders 50, so
 * a card is plain markup: its links work as links without JavaScript, and the grid handles their
 * clicks in one place when JavaScript runs.
 */
export function CharacterCard({
  character,
  detailHref,
  back,
  favorite,
  eager = false,
}: {
  character: CharacterCardData;
  detailHref: string;
  back: string;
  favorite: { isFavorite: boolean; onChanged: () => void };
  /** The first row's pictures load at once; the rest as they scroll near. */
  eager?: boolean;
}) {
  const characterText = useCharacterText();
  const t = useT();
  return (
    <article className="character-card">
      <a href={detailHref} data-action="open" className="character-card-media">
        <CharacterPicture
          name={character.name}
          url={character.avatarUrl}
          thumbnail={300}
          sizes={CARD_PICTURE_SIZES}
          lazy={!eager}
          width={300}
          height={400}
          className="size-full"
        />
        <span className="character-card-tags">
          {character.tags.slice(0, 2).map((tag) => (
            <span key={tag}>{tag}</span>
          ))}
        </span>
        <span className="sr-only">{t("common.card.view", { name: character.name })}</span>
      </a>
      <FavoriteButton itemType="character" itemId={character.id} name={character.name} back={back} {...favorite} className="character-card-heart">
        {(favorite) => (favorite ? <Heart className="size-4 fill-current text-pink" aria-hidden /> : <SpriteIcon name="heart" className="size-4" />)}
      </FavoriteButton>
      <div className="character-card-body">
        <h3>{character.name}</h3>
        <p>{characterText(character.description, character.name)}</p>
        <a href={`/chat/start/${character.id}`} data-action="chat" data-name={character.name} className="btn-primary mt-2 w-full">
          <SpriteIcon name="message-circle" className="size-4" />
          {t("common.card.chatNow")}
        </a>
      </div>
    </article>
  );
}

/** A card's width in the grid below: half the phone's screen, a third, then at most about 240 px. */
const CARD_PICTURE_SIZES = "(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw";
/** The widest grid row (xl: 5 columns). */
const FIRST_ROW = 5;

export function CharacterGrid({ characters, detailHref }: { characters: CharacterCardData[]; detailHref: (id: string) => string }) {
  const navigate = useNavigate();
  const openAuthModal = useAuthModal();
  const signedIn = useProfile() !== null;
  const location = useLocation();
  const back = location.pathname + location.search;
  const favorites = useFavoriteCharacterIds();

  function onCardClick(event: MouseEvent<HTMLUListElement>) {
    // Modified clicks (new tab, new window) stay ordinary link clicks.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-action]");
    if (!link) return;
    event.preventDefault();
    const action = link.dataset.action;
    const href = link.getAttribute("href")!;
    if (action === "open") navigate(href, { preventScrollReset: true });
    else if (signedIn) navigate(href);
    else openAuthModal({ message: signInPrompts.chat(link.dataset.name ?? ""), redirectTo: href });
  }

  return (
    <ul onClick={onCardClick} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {characters.map((character, index) => (
        <li key={character.id} className="flex">
          <CharacterCard
            character={character}
            eager={index < FIRST_ROW}
            detailHref={detailHref(character.id)}
            back={back}
            favorite={{ isFavorite: favorites.ids.has(character.id), onChanged: favorites.reload }}
          />
        </li>
      ))}
    </ul>
  );
}
