import { Heart } from "lucide-react";
import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorite-button";
import { PageSearch } from "~/components/page-search";
import { useCharacterText } from "~/components/shell/use-profile";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { FAVORITE_TAGS_SHOWN, favoriteFilters, readFavoriteFilter, type FavoriteFilter, type FavoriteView } from "~/lib/favorites";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { listFavorites } from "~/modules/favorites/favorites.server";
import type { Route } from "./+types/favorites";
import { CharacterPicture } from "~/components/ui/avatar";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "media.meta.favoritesTitle");

/** Spec: 'My Favorites', search, filter All/Characters/Agents, grouped by item type. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const filter = readFavoriteFilter(url.searchParams.get("type"));
  const favorites = await listFavorites(user.id, { search: q, filter });
  return { q, filter, favorites };
}

function filterHref(q: string, filter: FavoriteFilter) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (filter !== "all") params.set("type", filter);
  const query = params.toString();
  return `/favorites${query ? `?${query}` : ""}`;
}

const groups = [
  { type: "character", title: "media.favorites.filter.character" },
  { type: "agent", title: "media.favorites.filter.agent" },
] as const;

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { q, filter, favorites } = loaderData;
  const here = filterHref(q, filter);
  const t = useT();
  const chip = (active: boolean) =>
    `inline-flex shrink-0 items-center rounded-full px-4 py-1.5 text-sm font-medium transition ${
      active ? "bg-accent-strong text-white" : "border border-line bg-raised text-muted hover:text-ink"
    }`;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold">{t("media.favorites.heading")}</h1>
      <PageSearch
        query={q}
        label={t("media.favorites.searchLabel")}
        placeholder={t("media.favorites.searchPlaceholder")}
        submitLabel={t("media.favorites.search")}
      >
        {filter !== "all" ? <input type="hidden" name="type" value={filter} /> : null}
      </PageSearch>
      <nav aria-label={t("media.favorites.filter")} className="flex gap-2 overflow-x-auto pb-1">
        {favoriteFilters.map((option) => (
          <Link
            key={option.value}
            to={filterHref(q, option.value)}
            className={chip(filter === option.value)}
            aria-current={filter === option.value ? "page" : undefined}
            preventScrollReset
          >
            {t(option.label)}
          </Link>
        ))}
      </nav>
      {favorites.length === 0 ? (
        <div className="card flex flex-col items-center gap-1 px-4 py-16 text-center">
          <p className="text-lg font-semibold">{t("media.favorites.empty")}</p>
        </div>
      ) : (
        groups.map((group) => {
          const items = favorites.filter((favorite) => favorite.itemType === group.type);
          if (items.length === 0) return null;
          return (
            <section key={group.type} aria-labelledby={`favorites-${group.type}`} className="flex flex-col gap-3">
              <h2 id={`favorites-${group.type}`} className="text-lg font-semibold">
                {t(group.title)} <span className="text-sm font-normal text-muted">({items.length})</span>
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
                {items.map((favorite) => (
                  <li key={favorite.id} className="flex">
                    <FavoriteCard favorite={favorite} back={here} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

/** Avatar, the first 2 tags, name, description, Chat and the heart that removes it. */
function FavoriteCard({ favorite, back }: { favorite: FavoriteView; back: string }) {
  const characterText = useCharacterText();
  const t = useT();
  return (
    <article className="character-card" data-favorite-id={favorite.itemId}>
      <div className="character-card-media">
        <CharacterPicture name={favorite.name} url={favorite.avatarUrl} thumbnail={300} lazy width={300} height={400} className="size-full" />
        <span className="character-card-tags">
          {favorite.tags.slice(0, FAVORITE_TAGS_SHOWN).map((tag) => (
            <span key={tag}>{tag}</span>
          ))}
        </span>
      </div>
      <FavoriteButton itemType={favorite.itemType} itemId={favorite.itemId} name={favorite.name} back={back} isFavorite className="character-card-heart">
        {(on) => (on ? <Heart className="size-4 fill-current text-pink" aria-hidden /> : <SpriteIcon name="heart" className="size-4" />)}
      </FavoriteButton>
      <div className="character-card-body">
        <h3>{favorite.name}</h3>
        <p>{characterText(favorite.description, favorite.name)}</p>
        <a href={`/chat/start/${favorite.characterId}`} className="btn-primary mt-2 w-full">
          <SpriteIcon name="message-circle" className="size-4" />
          {t("media.favorites.chatNow")}
        </a>
      </div>
    </article>
  );
}
