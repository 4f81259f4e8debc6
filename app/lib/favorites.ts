/** Spec section 8, Favorites. */
import type { TextId } from "./i18n/ids";

export const favoriteTexts = {
  signInTitle: "Sign in required",
  signInMessage: "Please sign in to add favorites",
  added: (name: string) => `${name} added to favorites`,
  removed: (name: string) => `${name} removed from favorites`,
  failed: "Failed to update favorites",
  loadFailed: "Failed to load favorites",
} as const;

/** Spec: favorite tags shown per card. */
export const FAVORITE_TAGS_SHOWN = 2;

export type FavoriteItemType = "character" | "agent";
export type FavoriteFilter = "all" | FavoriteItemType;

export const favoriteFilters: { value: FavoriteFilter; label: TextId }[] = [
  { value: "all", label: "media.favorites.filter.all" },
  { value: "character", label: "media.favorites.filter.character" },
  { value: "agent", label: "media.favorites.filter.agent" },
];

/** A favorite as the /favorites page lists it (the spec's user_favorites_view). */
export type FavoriteView = {
  id: string;
  itemId: string;
  itemType: FavoriteItemType;
  name: string;
  description: string;
  avatarUrl: string | null;
  tags: string[];
  /** The character the item is, or the agent is a copy of. */
  characterId: string;
  addedAt: string;
};

/** What the toggle answers a script with. */
export type FavoriteToggleData = { ok: true; isFavorite: boolean; message: string | null } | { ok: false; error: string };

export function readFavoriteFilter(value: string | null): FavoriteFilter {
  return value === "character" || value === "agent" ? value : "all";
}
