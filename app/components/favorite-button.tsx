import { Heart } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { favoriteTexts, type FavoriteItemType, type FavoriteToggleData } from "~/lib/favorites";
import { useT } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";
import { signInPrompts, useAuthModal } from "./auth-modal";
import { useProfile } from "./shell/use-profile";
import { useHydrated } from "~/components/use-hydrated";

const IDS_FETCHER = "favorite-character-ids";

/**
 * The ids of the characters the person has favorited, for a page's hearts: read once by the grid
 * (and the overlay) through one shared fetcher. Without JavaScript the hearts start empty; the
 * toggle still works.
 */
export function useFavoriteCharacterIds() {
  const signedIn = useProfile() !== null;
  const fetcher = useFetcher<{ characterIds: string[] }>({ key: IDS_FETCHER });
  const { state, data, load } = fetcher;
  useEffect(() => {
    if (signedIn && state === "idle" && !data) void load("/api/favorites");
  }, [signedIn, state, data, load]);
  return { ids: new Set(data?.characterIds ?? []), reload: () => void load("/api/favorites") };
}

type FavoriteButtonProps = {
  itemType: FavoriteItemType;
  itemId: string;
  name: string;
  /** Where a plain form post comes back to. */
  back: string;
  /** Whether it is a favorite, as the page knows it (the loader's data, or useFavoriteCharacterIds). */
  isFavorite: boolean;
  /** Called after the server answered a toggle (to read the page's favorites again). */
  onChanged?: () => void;
  className?: string;
  children?: (favorite: boolean) => ReactNode;
};

/**
 * The heart: a form that posts the toggle (so it works without JavaScript, coming back with a
 * toast), filled at once when clicked with JavaScript and put right if the server disagrees.
 * Signed out it is a link to sign in; with JavaScript it opens the sign-in modal instead.
 */
export function FavoriteButton({ itemType, itemId, name, back, isFavorite, onChanged, className = "", children }: FavoriteButtonProps) {
  const signedIn = useProfile() !== null;
  const openAuthModal = useAuthModal();
  const fetcher = useFetcher<FavoriteToggleData>();
  const hydrated = useHydrated();
  const t = useT();
  const [known, setKnown] = useState<boolean | null>(null);

  const { data, state } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) {
      setKnown(data.isFavorite);
      if (data.message) {
        // The server's text is English: the toast says the same in the page's language.
        showToast(data.isFavorite ? "favorite-added" : "favorite-removed", t(data.isFavorite ? "common.favorite.added" : "common.favorite.removed", { name }));
      }
      onChanged?.();
    } else {
      showToast(data.error === favoriteTexts.signInMessage ? "favorite-sign-in" : "favorite-failed");
    }
    // Only a new answer is news; `onChanged` may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, state]);

  const stored = known ?? isFavorite;
  const favorite = fetcher.formData ? !stored : stored;
  const label = favorite ? t("common.favorite.remove", { name }) : t("common.favorite.add", { name });
  const icon = children ? children(favorite) : <Heart className={`size-4 ${favorite ? "fill-current" : ""}`} aria-hidden />;

  if (!signedIn) {
    return (
      <a
        href={`/login?redirectTo=${encodeURIComponent(back)}`}
        onClick={(event) => {
          event.preventDefault();
          showToast("favorite-sign-in");
          openAuthModal({ message: signInPrompts.favorite, redirectTo: back });
        }}
        className={className}
        aria-label={label}
      >
        {icon}
      </a>
    );
  }
  return (
    <fetcher.Form method="post" action="/api/favorites" className="contents">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="itemType" value={itemType} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="favorite" value={favorite ? "off" : "on"} />
      <input type="hidden" name="redirectTo" value={back} />
      {hydrated ? <input type="hidden" name="answer" value="data" /> : null}
      <button type="submit" className={className} aria-label={label} aria-pressed={favorite} data-favorite={favorite ? "on" : "off"}>
        {icon}
      </button>
    </fetcher.Form>
  );
}
