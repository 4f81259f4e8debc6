/** Catalogue shapes the browser receives. Only what a card or overlay shows; nothing server-only. */
export type CharacterCardData = {
  id: string;
  name: string;
  description: string;
  avatarUrl: string | null;
  categoryId: number | null;
  tags: string[];
};

export type CharacterDetailData = CharacterCardData & {
  categoryName: string | null;
  welcomeMessage: string | null;
  /** The character's detail texts with words in them, by name (personality, voice...). */
  details: Record<string, string>;
};

export type BannerData = {
  id: string;
  title: string;
  description: string;
  ctaTitle: string;
  ctaUrl: string;
  imageUrl: string;
  displayCategories: string[];
};

/** Category name -> the banner display_categories value that targets it. */
export function bannerMatchesCategory(banner: BannerData, categoryName: string | null) {
  if (!categoryName || banner.displayCategories.includes("all")) return true;
  return banner.displayCategories.includes(categoryName.toLowerCase());
}

/** The thumbnail URL for an image served from our storage, or the URL itself for anything else. */
export function thumbnailUrl(imageUrl: string | null, width: 150 | 300 | 600 | 1024) {
  if (!imageUrl) return null;
  if (!imageUrl.startsWith("/storage/")) return imageUrl;
  const [pathPart, query] = imageUrl.slice("/storage/".length).split("?");
  return `/thumb/${pathPart}?w=${width}${query ? `&${query}` : ""}`;
}

export type CategorySummary = { id: number; name: string; description: string };
