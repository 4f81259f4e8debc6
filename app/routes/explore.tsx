import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { redirect, useNavigation, useRouteLoaderData } from "react-router";
import { CategoryChips } from "~/components/category-chips";
import { CharacterGrid } from "~/components/character-card";
import { CharacterOverlay } from "~/components/character-overlay";
import { PageSearch } from "~/components/page-search";
import { Pagination } from "~/components/pagination";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { exploreHref, parseExploreParams } from "~/lib/explore-params";
import { getPublishedCharacter, searchCatalogue } from "~/modules/catalogue/characters.server";
import type { loader as shellLoader } from "./_shell/layout";
import type { Route } from "./+types/explore";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "common.explore.title");

export async function loader({ url }: Route.LoaderArgs) {
  const params = parseExploreParams(url.searchParams);
  const [result, character] = await Promise.all([
    searchCatalogue({ query: params.q, categoryId: params.category, page: params.page }),
    params.character ? getPublishedCharacter(params.character) : null,
  ]);
  // An old link past the last page goes to the last page rather than an empty one.
  if (params.page > result.pageCount) throw redirect(exploreHref("/explore", { ...params, page: result.pageCount }));
  return { params, result, character };
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { params, result, character } = loaderData;
  const { categories } = useRouteLoaderData<typeof shellLoader>("routes/_shell/layout") ?? { categories: [] };
  const navigation = useNavigation();
  // Only the search form's own pending submission: an overlay opening or a chip keeps the count shown.
  const searching = navigation.state === "loading" && navigation.formMethod === "GET" && navigation.location.pathname === "/explore";
  // The input follows the URL (back button, chips) but never overwrites what the person is typing.
  const searchAsYouType = useSearchAsYouType(params.q);
  const list = { q: params.q, category: params.category };
  const t = useT();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold">{t("common.explore.heading")}</h1>
      <PageSearch
        query={params.q}
        label={t("common.explore.searchLabel")}
        placeholder={t("common.explore.searchPlaceholder")}
        submitLabel={t("common.explore.search")}
        searchAsYouType={searchAsYouType}
      >
        {params.category ? <input type="hidden" name="category" value={params.category} /> : null}
      </PageSearch>
      <CategoryChips categories={categories} activeId={params.category} hrefFor={(id) => exploreHref("/explore", { q: params.q, category: id })} />
      <p className="text-sm text-muted" aria-live="polite">
        {searching ? t("common.explore.searching") : t("common.explore.count", { count: result.totalCount })}
      </p>
      {result.characters.length ? (
        <CharacterGrid characters={result.characters} detailHref={(id) => exploreHref("/explore", { ...list, page: params.page, character: id })} />
      ) : (
        <div className="card flex flex-col items-center gap-1 px-4 py-16 text-center">
          <p className="text-lg font-semibold">{t("common.explore.empty")}</p>
          <p className="text-sm text-muted">{t("common.explore.emptyHint")}</p>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => exploreHref("/explore", { ...list, page })} />
      {character ? <CharacterOverlay key={character.id} character={character} closeHref={exploreHref("/explore", { ...list, page: params.page })} /> : null}
    </div>
  );
}
