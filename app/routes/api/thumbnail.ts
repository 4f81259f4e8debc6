import { data } from "react-router";
import { cachedThumbnail, parseThumbnailWidth } from "~/modules/storage/thumbnail.server";
import type { Route } from "./+types/thumbnail";
import { cacheControl, loadReadableObject } from "~/modules/storage/serve.server";

/** `/thumb/:bucket/*?w=150|300|1024`: a resized WebP of a stored image. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const width = parseThumbnailWidth(url.searchParams.get("w"));
  if (!width) throw data("w must be 150, 300 or 1024", { status: 400 });
  const { object, isSigned } = await loadReadableObject(request, params);
  if (!object.contentType.startsWith("image/")) throw data("Not an image", { status: 415 });
  try {
    const thumbnail = await cachedThumbnail(object.body, width);
    return new Response(new Uint8Array(thumbnail), {
      headers: { "Content-Type": "image/webp", "Cache-Control": cacheControl(isSigned), "X-Content-Type-Options": "nosniff" },
    });
  } catch {
    throw data("The image could not be read", { status: 415 });
  }
}
