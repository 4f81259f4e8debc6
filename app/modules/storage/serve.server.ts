import { data } from "react-router";
import { cleanStoragePath, InvalidStoragePathError, isBucketName, type BucketName } from "./paths";
import { getObject, isReadable } from "./storage.server";

/**
 * Resolves `/<storage|thumb>/:bucket/*` to a stored object the caller may read: public buckets
 * for anyone, private ones only with an unexpired signature. Anything else is a 404.
 */
export async function loadReadableObject(request: Request, params: { bucket?: string; "*"?: string }) {
  const notFound = () => data("Not found", { status: 404 });
  const bucket = params.bucket ?? "";
  if (!isBucketName(bucket)) throw notFound();
  let objectPath: string;
  try {
    objectPath = cleanStoragePath(params["*"] ?? "");
  } catch (error) {
    if (error instanceof InvalidStoragePathError) throw notFound();
    throw error;
  }
  const query = new URL(request.url).searchParams;
  if (!isReadable(bucket as BucketName, objectPath, query)) throw notFound();
  const object = await getObject(bucket as BucketName, objectPath);
  if (!object) throw notFound();
  return { object, bucket: bucket as BucketName, isSigned: query.has("signature") };
}

export function cacheControl(isSigned: boolean) {
  // Public objects get random names when replaced, so a day of caching is safe; signed ones stay private.
  return isSigned ? "private, max-age=3600" : "public, max-age=86400, stale-while-revalidate=604800";
}
