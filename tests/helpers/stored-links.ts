import { loader as storageLoader } from "~/routes/api/storage";
import { loader as thumbnailLoader } from "~/routes/api/thumbnail";
import { routeArgs } from "./route-args";

/**
 * What a browser gets for an app link to a stored file (`/storage/…` or `/thumb/…`, signed or not):
 * the status the storage routes answer.
 */
export async function statusOfStoredLink(link: string) {
  const url = new URL(link, "http://localhost");
  const [, kind, bucket, ...rest] = url.pathname.split("/");
  const loader = kind === "thumb" ? thumbnailLoader : storageLoader;
  const params = { bucket: bucket!, "*": rest.map(decodeURIComponent).join("/") };
  try {
    return ((await loader(routeArgs(new Request(url), { params }))) as Response).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}
