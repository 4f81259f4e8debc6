import { useT } from "~/lib/i18n/react";
import { ArrowRight } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { BannerCarousel } from "~/components/banner-carousel";
import { CategoryChips } from "~/components/category-chips";
import { CharacterGrid } from "~/components/character-card";
import { FreeTokensOffer } from "~/components/free-tokens-offer";
import { exploreHref, parseExploreParams } from "~/lib/explore-params";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listHomeBanners } from "~/modules/catalogue/banners.server";
import { searchCatalogue } from "~/modules/catalogue/characters.server";
import { canClaimFreeTokens } from "~/modules/tokens/free-tokens.server";
import type { loader as shellLoader } from "./_shell/layout";
import type { Route } from "./+types/home";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { category } = parseExploreParams(url.searchParams);
  const [banners, result, canClaim] = await Promise.all([
    listHomeBanners(category),
    searchCatalogue({ categoryId: category, page: 1 }),
    // Where a confirmed sign-up lands: a new account has no tokens until it claims this month's.
    getCurrentUser(request).then((user) => (user ? canClaimFreeTokens(user.id) : false)),
  ]);
  return { banners, characters: result.characters, categoryId: category, canClaimFreeTokens: canClaim };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories } = useRouteLoaderData<typeof shellLoader>("routes/_shell/layout") ?? { categories: [] };
  const { banners, characters, categoryId } = loaderData;
  const categoryName = categories.find((category) => category.id === categoryId)?.name ?? null;
  const t = useT();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-3 py-4 md:px-6 md:py-6">
      {loaderData.canClaimFreeTokens ? <FreeTokensOffer returnTo={exploreHref("/", { category: categoryId })} /> : null}
      <BannerCarousel banners={banners} />
      <CategoryChips categories={categories} activeId={categoryId} hrefFor={(id) => exploreHref("/", { category: id })} className="md:hidden" />
      <div className="flex items-end justify-between gap-4">
        <h1 className="text-xl font-bold md:text-2xl">
          {categoryName ? t("common.home.categoryCharacters", { category: categoryName }) : t("common.home.popular")}
        </h1>
        <Link to={exploreHref("/explore", { category: categoryId })} className="btn-secondary shrink-0">
          {t("common.home.allModels")} <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <CharacterGrid characters={characters} detailHref={(id) => exploreHref("/explore", { character: id })} />
    </div>
  );
}
