import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/auth-forms";
import { favoriteTexts, type FavoriteToggleData } from "~/lib/favorites";
import { withToast } from "~/lib/toasts";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { favoriteCharacterIds, toggleFavorite } from "~/modules/favorites/favorites.server";
import { isNotFound } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { logger } from "~/modules/logging/logger.server";
import type { Route } from "./+types/favorites";

const FORM_MAX_BYTES = 4 * 1024;

const toggleForm = z.object({
  intent: z.literal("toggle"),
  itemType: z.enum(["character", "agent"]),
  itemId: z.string().max(64),
  /** The state the heart asks for ("on" to add, "off" to remove); without it, the heart toggles. */
  favorite: z.enum(["on", "off"]).optional(),
  redirectTo: z.string().max(2048).optional(),
  /** Sent by the page's script, which takes the answer as data; a plain form post is sent back where it came from. */
  answer: z.literal("data").optional(),
});

/** GET: the ids of the characters the person has favorited, for the hearts (none for a visitor). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const characterIds = user ? await favoriteCharacterIds(user.id) : [];
  return Response.json({ characterIds }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * POST intent=toggle: the spec's toggle_favorite, or with `favorite=on|off` the state the heart asks
 * for. A plain form goes back to `redirectTo` with a toast; the script's fetcher gets { ok,
 * isFavorite, message } with the spec's texts (no message when nothing changed). Signed out,
 * a plain form goes to sign in and comes back; something that is not the person's to favorite is 404.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormWithin(request, FORM_MAX_BYTES);
  const parsed = toggleForm.safeParse(Object.fromEntries(form ?? []));
  if (!parsed.success) return Response.json({ ok: false, error: favoriteTexts.failed } satisfies FavoriteToggleData, { status: 400 });
  const { itemType, itemId, answer } = parsed.data;
  const back = safeRedirectPath(parsed.data.redirectTo, "/favorites");
  const user = await getCurrentUser(request);
  if (!user) {
    if (answer) return Response.json({ ok: false, error: favoriteTexts.signInMessage } satisfies FavoriteToggleData, { status: 401 });
    return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  try {
    const want = parsed.data.favorite === undefined ? undefined : parsed.data.favorite === "on";
    const { isFavorite, changed, name } = await toggleFavorite(user.id, itemType, itemId, want);
    const message = isFavorite ? favoriteTexts.added(name) : favoriteTexts.removed(name);
    // A second click that found it done already (two at once) says nothing to the script; a plain
    // form's page, whose hearts may not show the state, is told where it stands.
    if (answer) return Response.json({ ok: true, isFavorite, message: changed ? message : null } satisfies FavoriteToggleData);
    return redirect(withToast(back, isFavorite ? "favorite-added" : "favorite-removed"));
  } catch (error) {
    if (isNotFound(error)) throw error;
    logger.error({ err: error, itemId }, "could not toggle a favorite");
    if (answer) return Response.json({ ok: false, error: favoriteTexts.failed } satisfies FavoriteToggleData, { status: 503 });
    return redirect(withToast(back, "favorite-failed"));
  }
}
