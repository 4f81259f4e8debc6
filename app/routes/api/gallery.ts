import { parseGalleryFilter, parsePage } from "~/lib/gallery";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { listGallery } from "~/modules/gallery/gallery.server";
import type { Route } from "./+types/gallery";

/**
 * One page of the gallery as JSON (`?filter=all|mine|public&page=N`) for infinite scroll; with
 * `through=1`, pages 1 to N at once, for the 30 s refresh of what the page shows.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const filter = parseGalleryFilter(url.searchParams.get("filter"), Boolean(user));
  return Response.json(
    await listGallery(user?.id ?? null, filter, parsePage(url.searchParams.get("page")), { through: url.searchParams.get("through") === "1" }),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
