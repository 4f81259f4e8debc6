import { errorResponse } from "~/modules/http/errors.server";
import { cacheControl, loadReadableObject } from "~/modules/storage/serve.server";
import { parseThumbnailWidth, thumbnailOf } from "~/modules/storage/thumbnail.server";
import type { Route } from "./+types/thumbnail";

/** `/thumb/:bucket/*?w=150|300|1024`: a resized WebP of a stored image, rendered once and kept. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  try {
    const width = parseThumbnailWidth(url.searchParams.get("w"));
    const { object, bucket, objectPath, isSigned } = await loadReadableObject(request, params);
    const thumbnail = await thumbnailOf({ bucket, objectPath, object }, width);
    return new Response(new Uint8Array(thumbnail), {
      headers: { "Content-Type": "image/webp", "Cache-Control": cacheControl(isSigned), "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
