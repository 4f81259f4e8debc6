import { createHash } from "node:crypto";
import { errorResponse } from "~/modules/http/errors.server";
import type { StoredObject } from "~/modules/storage/drivers.server";
import { cacheControl, loadReadableObject, requestedByteRange } from "~/modules/storage/serve.server";
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
    "Accept-Ranges": "bytes",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const size = object.body.length;
  // If-Range: a part only of the version the player already has, else the whole new file.
  const ifRange = request.headers.get("if-range");
  const range = ifRange === null || ifRange === etag ? requestedByteRange(request.headers.get("range"), size) : null;
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  if (range) {
    const part = new Uint8Array(object.body.subarray(range.start, range.end + 1));
    return new Response(part, { status: 206, headers: { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}` } });
  }
  return new Response(new Uint8Array(object.body), { headers });
}
