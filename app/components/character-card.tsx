import { Heart, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { thumbnailUrl, type CharacterCardData } from "~/lib/catalogue";
import { signInPrompts, useSignInPrompt } from "./sign-in-prompt";

/** Avatar, first 2 tags, name, description, Chat Now and a favourite heart. */
export function CharacterCard({ character, detailHref }: { character: CharacterCardData; detailHref: string }) {
  const openSignIn = useSignInPrompt();
  const image = thumbnailUrl(character.avatarUrl, 300);
  const signInHref = `/login?redirectTo=${encodeURIComponent(detailHref)}`;
  return (
    <article className="group card relative flex flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-accent/60">
      <Link to={detailHref} preventScrollReset className="relative block aspect-[3/4] overflow-hidden bg-raised">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" width={300} height={400} className="size-full object-cover transition group-hover:scale-105" />
        ) : null}
        <div className="absolute inset-x-0 bottom-0 h-2/3 bg-linear-to-t from-surface via-surface/40 to-transparent" />
        <div className="absolute top-2 right-11 left-2 flex flex-wrap gap-1">
          {character.tags.slice(0, 2).map((tag) => (
            <span key={tag} className="max-w-full truncate rounded-full bg-black/55 px-2 py-0.5 text-[11px] font-medium text-ink backdrop-blur">
              {tag}
            </span>
          ))}
        </div>
        <span className="sr-only">View {character.name}</span>
      </Link>
      <Link
        to={signInHref}
        onClick={(event) => {
          event.preventDefault();
          openSignIn(signInPrompts.favorite);
        }}
        className="absolute top-2 right-2 rounded-full bg-black/55 p-2 text-ink backdrop-blur transition hover:text-pink"
        aria-label={`Add ${character.name} to favorites`}
      >
        <Heart className="size-4" aria-hidden />
      </Link>
      <div className="-mt-12 relative flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate text-base font-semibold">{character.name}</h3>
        <p className="line-clamp-2 min-h-10 text-sm text-muted">{character.description}</p>
        <Link
          to={signInHref}
          onClick={(event) => {
            event.preventDefault();
            openSignIn(signInPrompts.chat(character.name));
          }}
          className="btn-primary mt-2 w-full"
        >
          <MessageCircle className="size-4" aria-hidden />
          Chat Now
        </Link>
      </div>
    </article>
  );
}

export function CharacterGrid({ characters, detailHref }: { characters: CharacterCardData[]; detailHref: (id: string) => string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {characters.map((character) => (
        <li key={character.id} className="flex">
          <CharacterCard character={character} detailHref={detailHref(character.id)} />
        </li>
      ))}
    </ul>
  );
}
