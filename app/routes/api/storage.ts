import { createHash } from "node:crypto";
import type { Route } from "./+types/storage";
import { cacheControl, loadReadableObject } from "~/modules/storage/serve.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { object, isSigned } = await loadReadableObject(request, params);
  const etag = `"${createHash("sha1").update(object.body).digest("base64url")}"`;
  const headers = {
    "Content-Type": object.contentType,
    "Cache-Control": cacheControl(isSigned),
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // Stored files are data, never pages of this origin.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(object.body), { headers });
}
