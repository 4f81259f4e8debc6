import { NotFoundError } from "~/modules/http/errors.server";
import { cleanStoragePath, isBucketName } from "./paths";
import { getObject, isReadable } from "./storage.server";

/**
 * Resolves `/<storage|thumb>/:bucket/*` to a stored object the caller may read: public buckets
 * for anyone, private ones only with an unexpired signature. Anything else is a NotFoundError.
 */
export async function loadReadableObject(request: Request, params: { bucket?: string; "*"?: string }) {
  const bucket = params.bucket ?? "";
  if (!isBucketName(bucket)) throw new NotFoundError();
  // A path that climbs out of the bucket is an InvalidStoragePathError, itself a NotFoundError.
  const objectPath = cleanStoragePath(params["*"] ?? "");
  const query = new URL(request.url).searchParams;
  if (!isReadable(bucket, objectPath, query)) throw new NotFoundError();
  const object = await getObject(bucket, objectPath);
  if (!object) throw new NotFoundError();
  return { object, bucket, isSigned: query.has("signature") };
}

export function cacheControl(isSigned: boolean) {
  // Public objects get random names when replaced, so a day of caching is safe; signed ones stay private.
  return isSigned ? "private, max-age=3600" : "public, max-age=86400, stale-while-revalidate=604800";
}
