import { NotFoundError } from "~/modules/http/errors.server";
import { cleanStoragePath, isBucketName } from "./paths";
import { getObject, isReadable } from "./storage.server";

/**
 * Resolves `/<storage|thumb>/:bucket/*` to a stored object the caller may read: public buckets
 * for anyone, private ones only with an unexpired signature. Anything else is a NotFoundError.
 */
export async function loadReadableObject(request: Request, params: { bucket?: string; "*"?: string }) {
  const bucket = params.bucket ?? "";
  if (!isBucketName(bucket) || bucket === "thumbnails") throw new NotFoundError();
  // A path that climbs out of the bucket is an InvalidStoragePathError, itself a NotFoundError.
  const objectPath = cleanStoragePath(params["*"] ?? "");
  const query = new URL(request.url).searchParams;
  if (!isReadable(bucket, objectPath, query)) throw new NotFoundError();
  const object = await getObject(bucket, objectPath);
  if (!object) throw new NotFoundError();
  return { object, bucket, objectPath, isSigned: query.has("signature") };
}

export function cacheControl(isSigned: boolean) {
  // Public objects get random names when replaced, so a day of caching is safe; signed ones stay private.
  return isSigned ? "private, max-age=3600" : "public, max-age=86400, stale-while-revalidate=604800";
}

export type ByteRange = { start: number; end: number };

/**
 * The one byte range a `Range: bytes=…` header asks of a file of `size` bytes (players ask for
 * them to read a video's or a sound's length and to seek): null means the whole file (no header,
 * several ranges, another unit, or a malformed one, which HTTP lets a server ignore);
 * "unsatisfiable" a range that starts past the end.
 */
export function requestedByteRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  return end < start ? null : { start, end };
}
