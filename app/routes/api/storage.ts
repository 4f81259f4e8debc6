import { createHash } from "node:crypto";
import { errorResponse } from "~/modules/http/errors.server";
import type { StoredObject } from "~/modules/storage/drivers.server";
import { cacheControl, loadReadableObject } from "~/modules/storage/serve.server";
import type { Route } from "./+types/storage";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { object, isSigned } = await loadReadableObject(request, params);
    return storedFileResponse(request, object, isSigned);
  } catch (error) {
    return errorResponse(error);
  }
}

function storedFileResponse(request: Request, object: StoredObject, isSigned: boolean) {
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
